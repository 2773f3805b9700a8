import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import { CLI } from '../../../test/process.js';
import { crc32 } from '../../checksum.js';
import { gameFor } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { Checkpoint } from '../../search/checkpoint.js';
import { type SigningKey, loadKey } from '../keys.js';
import { checkpointText, parseCheckpoint } from './checkpoint-file.js';

/** A proof long enough to stop midway (about two seconds), short enough for every run. */
const GAME = ['--pegs', '4', '--colors', '9', '--no-repeat', '--threads', '1'];

/**
 * Starts `codebreaker optimal ...` as a real process; `say`: it says on stderr when it hears
 * signals (see `listening`).
 */
function start(argv: string[], say = false): ChildProcess {
  return spawn(process.execPath, [CLI, 'optimal', ...argv], {
    stdio: ['ignore', 'pipe', 'pipe'],
    env: say ? { ...process.env, CODEBREAKER_SAY_LISTENING: '1' } : process.env,
  });
}

/**
 * Resumes the proof `long` from `file` under `--time-limit`, each run stopped by its limit,
 * unproved, with status 0: how many jobs the first run that read any took from the file. The
 * limit is wall time, so on a loaded machine one second may end before the search reaches a job
 * the file holds; each run goes on from the file its predecessor left, with twice the time.
 */
async function resumedFrom(long: string[], file: string): Promise<number> {
  for (let seconds = 1; ; seconds *= 2) {
    const run = await cli(
      'optimal',
      ...long,
      '--time-limit',
      `${seconds}`,
      '--checkpoint',
      file,
      '--json',
    );
    expect(run.status).toBe(0);
    const { proved, resumed } = JSON.parse(run.out);
    expect(proved).toBe(false);
    if (resumed > 0 || seconds >= 16) return resumed;
  }
}

/** Resolves once `child` says it hears Ctrl-C and SIGTERM (signals.ts): never a fixed sleep. */
function listening(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    let err = '';
    const onData = (chunk: Buffer): void => {
      err += chunk;
      if (!err.includes('codebreaker: listening\n')) return;
      child.stderr?.off('data', onData);
      resolve();
    };
    child.stderr?.on('data', onData);
  });
}

/** Resolves when the process has ended, with its exit status and stdout. */
/** How `child` ended: its status, the signal that ended it if one did, and what it wrote. */
function ended(
  child: ChildProcess,
): Promise<{ status: number | null; signal: NodeJS.Signals | null; out: string; err: string }> {
  let out = '';
  let err = '';
  child.stdout?.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((resolve) =>
    child.on('close', (status, signal) => resolve({ status, signal, out, err })),
  );
}

/** How many jobs the checkpoint file at `path` records (0 while it is missing or empty). */
function jobsIn(path: string): number {
  try {
    const bytes = readFileSync(path);
    const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString();
    return Object.keys(JSON.parse(text.slice(text.indexOf('\n') + 1)).jobs).length;
  } catch {
    return 0;
  }
}

/** Waits until `check` holds, polling every 10 ms. */
async function until(check: () => boolean): Promise<void> {
  while (!check()) await new Promise((resolve) => setTimeout(resolve, 10));
}

describe('optimal --checkpoint', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'codebreaker-checkpoint-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('survives SIGKILL: the proof resumed gives the same result with fewer nodes', async () => {
    const fresh = JSON.parse((await cli('optimal', ...GAME, '--json')).out);
    const file = join(dir, 'killed.json');
    const child = start([...GAME, '--checkpoint', file, '--json']);
    const done = ended(child);
    await until(() => jobsIn(file) >= 3);
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.status).toBe(null);
    expect(killed.out).toBe('');
    const recorded = jobsIn(file);

    const resumed = await cli('optimal', ...GAME, '--checkpoint', file, '--json');
    expect(resumed.status).toBe(0);
    const doc = JSON.parse(resumed.out);
    expect(doc).toMatchObject({ proved: true, total: fresh.total, max: fresh.max });
    expect(doc.histogram).toEqual(fresh.histogram);
    // A class finished whole answers for the jobs of its guesses: fewer may be read than kept.
    expect(recorded).toBeGreaterThan(0);
    expect(doc.resumed).toBeGreaterThan(0);
    expect(doc.nodes).toBeLessThan(fresh.nodes);
    // Finished, the checkpoint answers every job: nothing is searched again.
    const again = JSON.parse((await cli('optimal', ...GAME, '--checkpoint', file, '--json')).out);
    expect(again).toMatchObject({ total: fresh.total, nodes: 0 });
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops at %s (Ctrl-C, or a service manager) with the best so far printed and the file usable',
    async (signal) => {
      const file = join(dir, `interrupted-${signal}.json`);
      const long = ['--game', 'mastermind', '--colors', '8', '--threads', '2'];
      const child = start([...long, '--checkpoint', file, '--json']);
      const done = ended(child);
      await until(() => jobsIn(file) >= 1);
      child.kill(signal);
      const stopped = await done;
      // Seen once in a full run beside a campaign: status null, killed by a signal; this says
      // which signal, and what the proof wrote on stderr before.
      expect(stopped.status, `ended by ${stopped.signal}; stderr: ${stopped.err}`).toBe(0);
      expect(JSON.parse(stopped.out)).toMatchObject({ proved: false });
      expect(await resumedFrom(long, file)).toBeGreaterThan(0);
    },
  );

  it('hears Ctrl-C from its first moment, before it has read its flags', async () => {
    const child = start(['--game', 'mastermind', '--json'], true);
    const done = ended(child);
    await listening(child);
    child.kill('SIGINT');
    const stopped = await done;
    expect(stopped.status).toBe(0);
    expect(JSON.parse(stopped.out)).toMatchObject({ proved: false });
  });

  it('hears Ctrl-C on one thread too: a long proof runs on a worker', async () => {
    const file = join(dir, 'one-thread.json');
    const argv = ['--game', 'mastermind', '--no-symmetry', '--threads', '1', '--json'];
    const child = start([...argv, '--checkpoint', file]);
    const done = ended(child);
    // Written when the proof opens it, before its first job: the proof has started.
    await until(() => existsSync(file));
    child.kill('SIGINT');
    const stopped = await done;
    expect(stopped.status).toBe(0);
    expect(JSON.parse(stopped.out)).toMatchObject({ proved: false, threads: 1 });
  });

  it('hears Ctrl-C while the proof plans: the planner runs on a thread of its own', async () => {
    // Without symmetry the planner plans 6 × 7 without repetition's first guesses for minutes,
    // one synchronous step after another; the main thread, free, hears the signal at once and
    // the planner reads the stop at its next report. What follows the stop is the fallback tree
    // (about 2 s on two idle cores; the bound leaves room for a machine busy with other tests,
    // and is still far below the minutes the planner would take).
    const planning = ['--pegs', '6', '--colors', '7', '--no-repeat', '--no-symmetry'];
    const file = join(dir, 'planning.json');
    const child = start([...planning, '--threads', '2', '--json', '--checkpoint', file]);
    const done = ended(child);
    // Written just before the planner starts.
    await until(() => existsSync(file));
    const signalled = performance.now();
    child.kill('SIGINT');
    const stopped = await done;
    expect(performance.now() - signalled).toBeLessThan(20_000);
    expect(stopped.status).toBe(0);
    expect(JSON.parse(stopped.out)).toMatchObject({ proved: false, threads: 2, secrets: 5040 });
  });

  it('goes on when its checkpoint cannot be written mid-proof, and prints the result with status 3', async () => {
    const folder = mkdtempSync(join(dir, 'vanishing-'));
    const file = join(folder, 'checkpoint.json');
    const long = ['--game', 'mastermind', '--colors', '8', '--threads', '2'];
    const child = start([...long, '--checkpoint', file, '--json']);
    let err = '';
    child.stderr?.on('data', (chunk) => {
      err += chunk;
    });
    const done = ended(child);
    await until(() => jobsIn(file) >= 1);
    rmSync(folder, { recursive: true });
    // Each write fails from now on; the first says so, and the proof goes on until stopped.
    await until(() => err.includes('the search goes on'));
    child.kill('SIGINT');
    const stopped = await done;
    expect(stopped.status).toBe(3);
    expect(JSON.parse(stopped.out)).toMatchObject({ proved: false, secrets: 4096 });
    const lines = stopped.err.split('\n').filter((line) => !line.startsWith('{"progress"'));
    expect(lines.at(-1)).toBe('');
    expect(lines.at(-2)).toMatch(
      /^codebreaker: the result is printed, but the checkpoint \S+ could not be written: ENOENT/,
    );
    expect(lines.slice(0, -2)).toEqual([
      expect.stringMatching(
        /^codebreaker: cannot write the checkpoint \S+: ENOENT.*; the search goes on, trying again at the next write$/,
      ),
    ]);
  });

  it('stops at --time-limit with the file usable, and reads and writes gzip', async () => {
    const file = join(dir, 'limited.json.gz');
    const long = ['--game', 'mastermind', '--colors', '8', '--threads', '1'];
    // A first run stopped once a job is in the file (however loaded the machine), gzipped.
    const child = start([...long, '--checkpoint', file, '--json']);
    const done = ended(child);
    await until(() => jobsIn(file) >= 1);
    child.kill('SIGINT');
    expect((await done).status).toBe(0);
    expect(readFileSync(file).subarray(0, 2)).toEqual(Buffer.from([0x1f, 0x8b]));
    // The limit stops the next run, which read the first run's jobs and leaves the file usable.
    expect(await resumedFrom(long, file)).toBeGreaterThan(0);
    expect(jobsIn(file)).toBeGreaterThanOrEqual(1);
  });

  it('refuses a checkpoint of another proof, or a damaged one, with one line and status 2', async () => {
    const file = join(dir, 'hit-and-blow.json');
    expect((await cli('optimal', '--game', 'hit-and-blow', '--checkpoint', file)).status).toBe(0);
    const good = readFileSync(file, 'utf8');
    const refused = async (argv: string[], why: RegExp): Promise<void> => {
      const run = await cli('optimal', ...argv, '--checkpoint', file);
      expect(run.status).toBe(2);
      expect(run.out).toBe('');
      expect(run.err).toMatch(/^codebreaker: [^\n]+\n$/);
      expect(run.err).toMatch(why);
      expect(run.err).toContain(file);
    };
    await refused(['--game', 'numeron'], /another proof/);
    // On worker threads the proof, checkpoint and all, runs on a thread of its own: the same.
    await refused(['--game', 'numeron', '--threads', '2'], /another proof/);
    await refused(['--game', 'hit-and-blow', '--objective', 'worst'], /another proof/);
    await refused(['--game', 'hit-and-blow', '--max-depth', '5'], /another proof/);
    writeFileSync(file, good.slice(0, good.length - 40));
    await refused(['--game', 'hit-and-blow'], /cut short/);
    const digit = good.search(/\d,\[/);
    writeFileSync(
      file,
      good.slice(0, digit) + ((Number(good[digit]) + 1) % 10) + good.slice(digit + 1),
    );
    await refused(['--game', 'hit-and-blow'], /checksum/);
    // Edited by hand, its checksum and length made to match: the signature tells.
    const [header, body] = [good.slice(0, good.indexOf('\n')), good.slice(good.indexOf('\n') + 1)];
    // The first record's cost, one more guess.
    const edited = body.replace(/":\[(\d+)/, (_, cost) => `":[${Number(cost) + 256}`);
    expect(edited).not.toBe(body);
    const bytes = new TextEncoder().encode(edited);
    const fixed = header
      .replace(/crc32=\w+/, `crc32=${crc32(bytes)}`)
      .replace(/bytes=\d+/, `bytes=${bytes.length}`);
    writeFileSync(file, `${fixed}\n${edited}`);
    await refused(['--game', 'hit-and-blow'], /its signature does not match the key/);
    // Format 1, unsigned, as older versions wrote it.
    writeFileSync(
      file,
      `${fixed.replace(' 2 ', ' 1 ').replace(/ hmac-sha256=\w+/, '')}\n${edited}`,
    );
    await refused(['--game', 'hit-and-blow'], /format 1, which is not signed/);
    writeFileSync(file, 'not a checkpoint');
    await refused(['--game', 'hit-and-blow'], /not a codebreaker checkpoint/);
    writeFileSync(`${file}.gz`, gzipSync('x').subarray(0, 8));
    const broken = await cli('optimal', '--game', 'hit-and-blow', '--checkpoint', `${file}.gz`);
    expect(broken.status).toBe(2);
    const unwritable = await cli('optimal', '--game', 'hit-and-blow', '--checkpoint', dir);
    expect(unwritable.status).toBe(2);
    expect(statSync(dir).isDirectory()).toBe(true);
  });
});

/** The question of classic Mastermind's least total, as its checkpoints name it. */
const MASTERMIND = {
  rules: resolveRules({ game: 'mastermind' }),
  objective: 'expected',
  maxDepth: null,
  consistentOnly: false,
} as const;

/**
 * Classic Mastermind's checkpoint at `file`, read with `key` (undefined: unsigned), with a lie a
 * key holder or anyone could write: the classes of the best first guess, 1123, said to have no
 * strategy at all. Its text, signed with `key` as the file was (or unsigned).
 */
async function lyingCheckpoint(file: string, key: SigningKey | undefined): Promise<string> {
  const truth = await parseCheckpoint(readFileSync(file, 'utf8'), MASTERMIND, key);
  const forged = new Checkpoint(MASTERMIND);
  const best = `${gameFor(MASTERMIND.rules).codes.parse('1123')}:`;
  for (const [job, record] of truth.entries()) {
    const lie = job.split('/')[1].startsWith(best);
    forged.put(job, lie ? { cost: Number.POSITIVE_INFINITY } : record);
  }
  return checkpointText(forged, key);
}

describe('optimal --checkpoint FILE --unsigned', () => {
  it('writes the file unsigned, takes nothing in it on trust, and refuses a forged one', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codebreaker-unsigned-'));
    try {
      const file = join(dir, 'shared.json');
      const game = ['--game', 'mastermind'];
      const fresh = await cli('optimal', ...game, '--checkpoint', file, '--unsigned', '--json');
      expect(JSON.parse(fresh.out)).toMatchObject({ total: 5625, proved: true });
      expect(readFileSync(file, 'utf8').split('\n')[0]).toMatch(
        /^codebreaker-checkpoint 2 crc32=[0-9a-f]{8} bytes=\d+ unsigned$/,
      );
      // Without --unsigned, such a file is refused: nothing vouches for it.
      const signedOnly = await cli('optimal', ...game, '--checkpoint', file);
      expect([signedOnly.status, signedOnly.out]).toEqual([2, '']);
      expect(signedOnly.err).toMatch(
        /^codebreaker: [^\n]*it is not signed [^\n]*give --unsigned[^\n]*\n$/,
      );
      // Resumed, every answer read back is solved again before the value is printed as proved.
      const resumed = await cli('optimal', ...game, '--checkpoint', file, '--unsigned', '--json');
      const doc = JSON.parse(resumed.out);
      expect(doc).toMatchObject({ total: 5625, proved: true });
      const { bounds, exact } = doc.relied.checkpoint;
      expect(bounds + exact).toBeGreaterThan(0);
      expect(doc.relied.rechecked).toBe(bounds + exact);
      // Anyone can write such a file, and a proof that believed it would take its lie: refused,
      // in one line.
      writeFileSync(file, await lyingCheckpoint(file, undefined));
      const lied = await cli('optimal', ...game, '--checkpoint', file, '--unsigned', '--json');
      expect([lied.status, lied.out]).toEqual([2, '']);
      expect(lied.err).toMatch(
        /^codebreaker: the result is refused: solved again here, job \S+ (and \d+ more )?costs less than the answer read back claimed[^\n]*\n$/,
      );
      // What it takes, and does not.
      for (const [flags, why] of [
        [
          ['--unsigned'],
          /^codebreaker: --unsigned keeps the checkpoint file unsigned: give --checkpoint\n$/,
        ],
        [
          ['--checkpoint', file, '--unsigned', '--recheck', '0.5'],
          /takes no smaller share of --recheck\n$/,
        ],
        [
          ['--checkpoint', file, '--unsigned', '--recheck', '--recheck-resume'],
          /leave out --recheck-resume\n$/,
        ],
      ] as const) {
        const bad = await cli('optimal', ...game, ...flags);
        expect([bad.status, bad.out]).toEqual([2, '']);
        expect(bad.err).toMatch(why);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('optimal --recheck', () => {
  it('finds a false lower bound signed with the key, which the proof otherwise believes', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codebreaker-recheck-'));
    try {
      const file = join(dir, 'true.json');
      const game = ['--game', 'mastermind'];
      const fresh = await cli('optimal', ...game, '--checkpoint', file, '--json');
      expect(JSON.parse(fresh.out).total).toBe(5625);
      // A liar that holds the key (a worker of one's own gone wrong).
      const key = loadKey();
      const forged = await lyingCheckpoint(file, key);
      const lied = join(dir, 'lied.json');
      writeFileSync(lied, forged);
      const believed = await cli('optimal', ...game, '--checkpoint', lied, '--json');
      const doc = JSON.parse(believed.out);
      expect(doc.total).toBeGreaterThan(5625);
      expect(doc.relied.checkpoint.bounds).toBeGreaterThan(0);
      expect(doc.relied.rechecked).toBe(0);
      writeFileSync(lied, forged);
      const checked = await cli('optimal', ...game, '--checkpoint', lied, '--recheck', '--json');
      expect([checked.status, checked.out]).toEqual([2, '']);
      expect(checked.err).toMatch(
        /^codebreaker: the result is refused: solved again here, job \S+ (and \d+ more )?costs less than the answer read back claimed[^\n]*\n$/,
      );
      // The truth, checked, is believed.
      const honest = await cli('optimal', ...game, '--checkpoint', file, '--recheck', '--json');
      const { relied, total } = JSON.parse(honest.out);
      expect(total).toBe(5625);
      const claims = relied.checkpoint.bounds + relied.checkpoint.exact;
      expect(relied.rechecked).toBe(claims);
      // The file keeps what the recheck found true: --recheck-resume solves none of it again,
      // only the answers the last run wrote itself (it ran again jobs the file kept as a cost
      // alone), and says so; a bare --recheck solves all of it again.
      const written = await parseCheckpoint(readFileSync(file, 'utf8'), MASTERMIND, key);
      expect([...written.rechecks()]).toHaveLength(claims);
      const resume = ['optimal', ...game, '--checkpoint', file, '--recheck', '--recheck-resume'];
      const readOf = (relied: Record<string, { bounds: number; exact: number }>): number =>
        relied.checkpoint.bounds + relied.checkpoint.exact;
      const first = JSON.parse((await cli(...resume, '--json')).out).relied;
      expect(first.recheckedEarlier).toBeGreaterThan(0);
      expect(first.rechecked + first.recheckedEarlier).toBe(readOf(first));
      const then = JSON.parse((await cli(...resume, '--json')).out).relied;
      const read = readOf(then);
      expect(then).toMatchObject({ rechecked: 0, recheckedEarlier: read });
      expect((await cli(...resume)).out).toContain(
        `none solved again here, and ${read} by earlier runs, all true as the checkpoint says`,
      );
      const anew = await cli('optimal', ...game, '--checkpoint', file, '--recheck', '--json');
      const all = JSON.parse(anew.out).relied;
      expect(all).toMatchObject({ rechecked: readOf(all) });
      expect(all.recheckedEarlier).toBeUndefined();
      // What the file says was found true is checked for its shape like the rest of it.
      const marked = new Checkpoint(MASTERMIND);
      for (const [job, record] of written.entries()) marked.put(job, record);
      marked.markRechecked([...written.entries()][0][0], -1);
      writeFileSync(lied, checkpointText(marked, key));
      const broken = await cli('optimal', ...game, '--checkpoint', lied, '--recheck');
      expect([broken.status, broken.out, broken.err]).toEqual([
        2,
        '',
        expect.stringMatching(/^codebreaker: [^\n]*its body is not valid \(rechecked\.[^\n]*\n$/),
      ]);
      for (const alone of [['--recheck-resume'], ['--recheck', '--recheck-resume']]) {
        const where = alone.length === 1 ? ['--checkpoint', file] : [];
        const bad = await cli('optimal', ...game, ...where, ...alone);
        expect([bad.status, bad.out, bad.err]).toEqual([
          2,
          '',
          expect.stringMatching(
            /^codebreaker: --recheck-resume needs --recheck and --checkpoint[^\n]*\n$/,
          ),
        ]);
      }
      for (const share of ['2', 'x', '1.5']) {
        const bad = await cli('optimal', ...game, '--recheck', share);
        expect([bad.status, bad.err]).toEqual([
          2,
          expect.stringMatching(/^codebreaker: --recheck /),
        ]);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('optimal --memory-limit', () => {
  it('gives the same proof in a small cache, and refuses a size it cannot use', async () => {
    const roomy = JSON.parse((await cli('optimal', '--game', 'numeron', '--json')).out);
    const tight = await cli('optimal', '--game', 'numeron', '--memory-limit', '250M', '--json');
    expect(tight.status).toBe(0);
    expect(JSON.parse(tight.out)).toMatchObject({ total: roomy.total, max: roomy.max });
    for (const size of ['lots', '8X', '-1G', '10M', '1000T']) {
      const run = await cli('optimal', '--game', 'numeron', '--memory-limit', size);
      expect(run.status).toBe(2);
      expect(run.err).toMatch(/^codebreaker: [^\n]*--memory-limit[^\n]+\n$/);
    }
  });
});
