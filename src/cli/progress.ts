/** Progress bars on stderr, shown only when stderr is a terminal. */
import { createRequire } from 'node:module';
import type CliProgress from 'cli-progress';
import type { Io } from './io.js';

/** The progress-bar library, loaded when a bar is first shown, so start-up does without it. */
function cliProgress(): typeof CliProgress {
  return createRequire(import.meta.url)('cli-progress');
}

/** A running progress indicator. */
export interface Progress {
  /** Sets how much is done, with optional extra text shown after the bar. */
  update(done: number, detail?: string): void;
  /** Removes the bar. */
  stop(): void;
}

const silent: Progress = { update: () => {}, stop: () => {} };

/** A bar labelled `label` counting up to `total`; silent unless stderr is a terminal. */
export function progressBar(io: Io, label: string, total: number): Progress {
  if (!io.errIsTerminal) return silent;
  const { SingleBar, Presets } = cliProgress();
  const bar = new SingleBar(
    {
      format: `${label} [{bar}] {percentage}% {value}/{total} {detail}`,
      barCompleteChar: '█',
      barIncompleteChar: '░',
      // Nothing that would outlive the process: a Ctrl-C (which ends it at once, mid-bar) must
      // not leave the terminal with its cursor hidden or its lines unwrapped. The library
      // trims the bar to the terminal's width instead.
      hideCursor: false,
      linewrap: true,
      clearOnComplete: true,
      stream: process.stderr,
      fps: 10,
    },
    Presets.shades_classic,
  );
  bar.start(total, 0, { detail: '' });
  return {
    update: (done, detail = '') => bar.update(done, { detail }),
    stop: () => bar.stop(),
  };
}

/** A one-line status on stderr, rewritten in place; silent unless stderr is a terminal. */
export function statusLine(io: Io): Progress {
  if (!io.errIsTerminal) return silent;
  let shown = false;
  return {
    update: (_done, detail = '') => {
      io.err(`\r\x1b[2K${detail}`);
      shown = true;
    },
    stop: () => {
      if (shown) io.err('\r\x1b[2K');
    },
  };
}
