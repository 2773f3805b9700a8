import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNLIMITED } from '../../search/cost.js';
import type { ProofProgress } from '../../search/optimal.js';
import { type Io, memoryIo } from '../io.js';
import { proofDisplay } from './proof-progress.js';

const progress = (jobsDone: number, workDone: number): ProofProgress => ({
  nodes: 123456,
  lookaheads: 7,
  best: 26300,
  lowerBound: 26100,
  jobsDone,
  jobsKnown: 40,
  workDone,
  workKnown: 1000,
  depth: UNLIMITED,
});

describe('progress of a proof on stderr', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('with no terminal and --json: one JSON line a minute, with the time left once it can be told', () => {
    const io = memoryIo();
    const display = proofDisplay(io, 2, true);
    display.update(progress(1, 10));
    vi.advanceTimersByTime(59_000);
    expect(io.printed.err).toBe('');
    vi.advanceTimersByTime(1_000);
    const first = JSON.parse(io.printed.err);
    expect(first.progress).toMatchObject({
      best: 26300,
      lowerBound: 26100,
      jobsDone: 1,
      depth: null,
    });
    expect(first.progress).not.toHaveProperty('secondsLeft');
    display.update(progress(20, 500));
    vi.advanceTimersByTime(60_000);
    const lines = io.printed.err.trim().split('\n');
    expect(lines).toHaveLength(2);
    // Half the work in 120 s: about 120 s left.
    expect(JSON.parse(lines[1]).progress).toMatchObject({ jobsDone: 20, secondsLeft: 120 });
    display.stop();
    vi.advanceTimersByTime(600_000);
    expect(io.printed.err.trim().split('\n')).toHaveLength(2);
  });

  it('with no terminal and no --json: silent', () => {
    const io = memoryIo();
    const display = proofDisplay(io, 1, false);
    display.update(progress(20, 500));
    vi.advanceTimersByTime(600_000);
    display.stop();
    expect(io.printed.err).toBe('');
  });

  it('on a terminal: one status line with best, bound, jobs and time left', () => {
    const io: Io & { printed: { err: string } } = { ...memoryIo(), errIsTerminal: true };
    const display = proofDisplay(io, 2, false);
    vi.advanceTimersByTime(30_000);
    display.update(progress(20, 500));
    expect(io.printed.err).toContain(
      'best 26300 · lower bound 26100 · jobs 20/40 · 123,456 nodes · 30 s, about 30 s left',
    );
    // A depth budget (a cap, or the depth `worst`, `crush` and `depth` are trying) is shown.
    vi.advanceTimersByTime(1_000);
    display.update({ ...progress(20, 500), depth: 6 });
    expect(io.printed.err).toContain('(2 threads) · within 6 guesses · best 26300 · lower bound');
    display.stop();
  });

  it('on a terminal, once asked to stop: what comes next, and no more progress over it', () => {
    for (const [best, next] of [
      [26300, 'stopping: printing the best strategy found so far...'],
      [
        Number.POSITIVE_INFINITY,
        'stopping: no strategy yet, building the expected-size one (up to a minute)...',
      ],
    ] as const) {
      const io: Io & { printed: { err: string } } = { ...memoryIo(), errIsTerminal: true };
      const display = proofDisplay(io, 2, false);
      display.update({ ...progress(20, 500), best });
      display.stopping();
      const said = io.printed.err;
      expect(said.slice(said.lastIndexOf('\r'))).toContain(next);
      vi.advanceTimersByTime(1_000);
      display.update(progress(21, 510));
      expect(io.printed.err).toBe(said);
      display.stop();
    }
  });
});
