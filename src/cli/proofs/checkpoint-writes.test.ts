/**
 * `optimal --checkpoint` and `static --checkpoint` where the file cannot be written at the end (a
 * full disk: the real one where this machine lets a test mount a small disk, and one made in this
 * thread besides), and where processes share one file. A finished result is printed whatever
 * becomes of its file.
 */
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { type CliRun, runCli as cli } from '../../../test/cli.js';
import { failingWrites, smallDisk } from '../../../test/full-disk.js';
import { startCli, stopAll } from '../../../test/process.js';
import { gameFor } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { staticLowerBound } from '../../search/static.js';
import { EXIT_CHECKPOINT_UNWRITTEN } from '../failure.js';
import { loadKey } from '../keys.js';
import { parseCheckpoint } from './checkpoint-file.js';
import { readStaticCheckpoint } from './static-checkpoint.js';
import { staticJobs } from './static-run.js';

/** 3 pegs of 3 colours with repetition: a proof and a static search of a moment. */
const SMALL = ['--pegs', '3', '--colors', '3', '--repeat'];
const small = resolveRules({ pegs: 3, colors: 3, repeat: true });

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-checkpoint-writes-'));
const disk = smallDisk();
afterAll(async () => {
  await stopAll();
  disk?.unmount();
  rmSync(dir, { recursive: true, force: true });
});

/** The command's run as in-process or as a process, on `file`, in text or JSON. */
type Runner = (command: 'optimal' | 'static', file: string, json: boolean) => Promise<CliRun>;

const argv = (command: string, file: string, json: boolean): string[] => [
  command,
  ...SMALL,
  '--checkpoint',
  file,
  ...(json ? ['--json'] : []),
];

/** As a process of the built command. */
const asProcess: Runner = async (command, file, json) => {
  const run = startCli(argv(command, file, json));
  const status = await run.ended;
  return { status: status ?? -1, out: run.out, err: run.err };
};

/** In this thread (where a proof this small runs too), every write of a checkpoint after its first failing. */
const inThread: Runner = async (command, file, json) => {
  const restore = failingWrites(join(file, '..'));
  try {
    return await cli(...argv(command, file, json));
  } finally {
    restore();
  }
};

/**
 * Checks that a run whose checkpoint `file` could be written when opened and never again printed
 * its result, said why it could not write the file last (after at most one warning as it went),
 * ended with the documented status, and left the file as it was written first, with nothing
 * beside it but `others`.
 */
async function checkUnwritten(
  command: 'optimal' | 'static',
  run: CliRun,
  file: string,
  json: boolean,
  others: string[],
): Promise<void> {
  expect(run.status).toBe(EXIT_CHECKPOINT_UNWRITTEN);
  expect(EXIT_CHECKPOINT_UNWRITTEN).toBe(3);
  if (json) {
    expect(JSON.parse(run.out)).toMatchObject(
      command === 'optimal' ? { proved: true, total: 73 } : { proved: true, size: 3 },
    );
  } else {
    expect(run.out).toMatch(command === 'optimal' ? /^proved {4}optimal/m : /^proved {3}yes/m);
  }
  const lines = run.err.split('\n');
  expect(lines.pop()).toBe('');
  expect(lines.pop()).toBe(
    `codebreaker: the result is printed, but the checkpoint ${file} could not be written: ENOSPC: no space left on device, write`,
  );
  expect(lines.length).toBeLessThanOrEqual(1);
  for (const line of lines) {
    expect(line).toBe(
      `codebreaker: cannot write the checkpoint ${file}: ENOSPC: no space left on device, write; the search goes on, trying again at the next write`,
    );
  }
  const folder = join(file, '..');
  const name = file.slice(folder.length + 1);
  expect(readdirSync(folder).sort()).toEqual([...others, name].sort());
  if (command === 'optimal') {
    const identity = {
      rules: small,
      objective: 'expected',
      maxDepth: null,
      consistentOnly: false,
    } as const;
    const kept = await parseCheckpoint(readFileSync(file, 'utf8'), identity, loadKey());
    expect(kept.size).toBe(0);
  } else {
    const game = gameFor(small);
    const kept = await readStaticCheckpoint(
      file,
      game,
      loadKey(),
      (size) => staticJobs(game, size).length,
    );
    expect(kept).toMatchObject({ lowerBound: staticLowerBound(game), best: undefined });
  }
}

describe.each(['optimal', 'static'] as const)('%s --checkpoint on a full disk', (command) => {
  it.skipIf(disk === undefined).each([false, true])(
    'prints the finished result, warns and exits 3, and leaves no temporary file (the disk of a machine that lets a test mount one; --json: %s)',
    async (json) => {
      if (!disk) return;
      // Room for the lock and the file's first write, and no more.
      disk.fill(2);
      const file = join(disk.dir, `${command}-${json}.json`);
      const others = readdirSync(disk.dir);
      await checkUnwritten(command, await asProcess(command, file, json), file, json, others);
      rmSync(file);
    },
  );

  it.each([false, true])(
    'does the same when the writes fail in this thread (--json: %s)',
    async (json) => {
      const folder = mkdtempSync(join(dir, `${command}-`));
      const file = join(folder, 'checkpoint.json');
      await checkUnwritten(command, await inThread(command, file, json), file, json, []);
    },
  );
});

describe('optimal --checkpoint shared by processes', () => {
  it('runs one of three started at once on one file, and refuses the others in one line', async () => {
    const file = join(dir, 'shared.json');
    // Long enough (its time limit) to hold the file while the others start.
    const long = ['--game', 'mastermind', '--colors', '8', '--threads', '1', '--time-limit', '4'];
    const runs = [0, 1, 2].map(() =>
      startCli(['optimal', ...long, '--checkpoint', file, '--json']),
    );
    const statuses = await Promise.all(runs.map((run) => run.ended));
    expect(statuses.filter((status) => status === 0)).toHaveLength(1);
    const ran = runs[statuses.indexOf(0)];
    expect(JSON.parse(ran.out)).toMatchObject({ proved: false, secrets: 4096 });
    for (const refused of runs.filter((run) => run !== ran)) {
      expect(await refused.ended).toBe(2);
      expect(refused.out).toBe('');
      expect(refused.err).toBe(
        `codebreaker: the checkpoint ${file} is in use by process ${ran.child.pid}: wait for it to end, or give another file\n`,
      );
    }
    // The lock is gone with its process, and the file is a checkpoint of the proof.
    expect(readdirSync(dir).filter((name) => name.startsWith('shared'))).toEqual(['shared.json']);
    const rules = resolveRules({ game: 'mastermind', colors: 8 });
    const identity = {
      rules,
      objective: 'expected',
      maxDepth: null,
      consistentOnly: false,
    } as const;
    await parseCheckpoint(readFileSync(file, 'utf8'), identity, loadKey());
    const again = await cli('optimal', ...long, '--time-limit', '1', '--checkpoint', file);
    expect(again.status).toBe(0);
  });
});
