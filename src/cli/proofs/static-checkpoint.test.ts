/**
 * `static --checkpoint`: a static search kept in a signed file, resumed from it, and the files it
 * must refuse. The sets found are checked by counting (test/naive.ts), not by the search's code.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import { naiveCodes, naiveIdentifies } from '../../../test/naive.js';
import { startCli, stopAll, until } from '../../../test/process.js';
import { gameFor } from '../../game.js';
import { staticJobDepth as jobDepth, staticPrefixes } from '../../search/static-jobs.js';
import { staticLowerBound } from '../../search/static.js';
import { loadKey } from '../keys.js';
import { type StaticState, rangesText, staticCheckpointText } from './static-checkpoint.js';

/** 4 of 5 without repetition: 120 codes; 5 guesses needed, 4 refuted in 11 jobs of 2 guesses. */
const SMALL = ['--pegs', '4', '--colors', '5', '--no-repeat'];
const small = gameFor({ pegs: 4, colors: 5, repeat: false, alphabet: '01234' });

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-static-checkpoint-'));
/** The key these checkpoints are signed with: the tests' own. */
const KEY = join(dir, 'test.key');
writeFileSync(KEY, `${'k'.repeat(40)}\n`);
afterAll(async () => {
  await stopAll();
  rmSync(dir, { recursive: true, force: true });
});

/** The jobs of the small game at `size`. */
const jobsOf = (size: number): number => staticPrefixes(small, jobDepth(size)).length;

/** A true state of the small game: every size below 4 refuted, and 5 jobs of 4 (no 4 guesses do). */
function fiveJobsOfFour(): StaticState {
  return {
    lowerBound: 4,
    done: new Set([0, 1, 2, 3, 4]),
    jobs: jobsOf(4),
    nodes: 0,
    best: undefined,
    rechecked: new Map(),
    changes: 0,
  };
}

/** The body of the checkpoint at `path` (gzip or not), parsed. */
function body(path: string): Record<string, unknown> {
  const bytes = readFileSync(path);
  const text = (bytes[0] === 0x1f && bytes[1] === 0x8b ? gunzipSync(bytes) : bytes).toString();
  return JSON.parse(text.slice(text.indexOf('\n') + 1));
}

/** `static` on the small game with a checkpoint, as JSON. */
async function run(file: string, ...more: string[]) {
  return cli('static', ...SMALL, '--checkpoint', file, '--key-file', KEY, '--json', ...more);
}

describe('static --checkpoint', () => {
  it('records the sizes refuted and the set, and a finished search is taken on its word', async () => {
    const file = join(dir, 'fresh.json.gz');
    const fresh = await run(file, '--threads', '2');
    expect(fresh.status).toBe(0);
    const doc = JSON.parse(fresh.out);
    expect(doc).toMatchObject({ size: 5, proved: true, lowerBound: 5, jobsDone: 0 });
    expect(doc.relied).toEqual({
      refutedBelow: null,
      jobsRefuted: 0,
      rechecked: 0,
      recheckable: 0,
    });
    expect(naiveIdentifies(naiveCodes(4, '01234', false), doc.guesses)).toBe(true);
    expect(body(file)).toMatchObject({ lowerBound: 5, done: '', best: doc.guesses });

    const again = JSON.parse((await run(file, '--threads', '1')).out);
    expect(again).toMatchObject({ size: 5, proved: true, nodes: 0, guesses: doc.guesses });
    expect(again.relied).toMatchObject({ refutedBelow: 5, jobsRefuted: 0 });
  });

  it('resumes a size from the jobs it records, searching only the others', async () => {
    const fresh = JSON.parse((await cli('static', ...SMALL, '--threads', '1', '--json')).out);
    expect(jobsOf(4)).toBeGreaterThan(5);
    const file = join(dir, 'half.json');
    writeFileSync(file, staticCheckpointText(small, fiveJobsOfFour(), loadKey(KEY)));
    const resumed = await run(file, '--threads', '2');
    expect(resumed.status).toBe(0);
    const doc = JSON.parse(resumed.out);
    expect(doc).toMatchObject({ size: 5, proved: true });
    expect(doc.relied).toMatchObject({ refutedBelow: 4, jobsRefuted: 5, rechecked: 0 });
    // Size 3 is not searched again, nor the five jobs of size 4.
    expect(doc.nodes).toBeLessThan(fresh.nodes);
    expect(naiveIdentifies(naiveCodes(4, '01234', false), doc.guesses)).toBe(true);
    expect(body(file)).toMatchObject({ lowerBound: 5, done: '', jobs: 0 });
  });

  it('searches again what the checkpoint says is refuted with --recheck, and refuses a false claim', async () => {
    const file = join(dir, 'claims.json');
    const key = loadKey(KEY);
    const state = fiveJobsOfFour();
    writeFileSync(file, staticCheckpointText(small, state, key));
    const all = JSON.parse((await run(file, '--threads', '2', '--recheck')).out);
    expect(all).toMatchObject({ size: 5, proved: true });
    let below = 0;
    for (let size = staticLowerBound(small); size < 4; size++) below += jobsOf(size);
    expect(below).toBeGreaterThan(0);
    expect(all.relied).toEqual({
      refutedBelow: 4,
      jobsRefuted: 5,
      rechecked: below + 5,
      recheckable: below + 5,
    });
    // False, though signed: a file that says no 5 guesses do.
    const lie = { ...state, lowerBound: 6, done: new Set<number>(), jobs: 0 };
    writeFileSync(file, staticCheckpointText(small, lie, key));
    const refused = await run(file, '--threads', '2', '--recheck');
    expect(refused.status).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toMatch(
      new RegExp(
        `^codebreaker: ${file}: it says no 5 guesses identify every secret, but (\\d{4} ){4}\\d{4} do: it is refused\n$`,
      ),
    );
    const flag = await cli('static', ...SMALL, '--recheck');
    expect(flag).toMatchObject({ status: 2, out: '' });
    expect(flag.err).toBe(
      'codebreaker: --recheck needs --checkpoint: it checks what the file says\n',
    );
  });

  it('keeps the jobs a recheck refuted again, and --recheck-resume goes on from them', async () => {
    const file = join(dir, 'resume.json');
    const key = loadKey(KEY);
    const state = fiveJobsOfFour();
    writeFileSync(file, staticCheckpointText(small, state, key));
    let below = 0;
    for (let size = staticLowerBound(small); size < 4; size++) below += jobsOf(size);
    expect((await run(file, '--threads', '2', '--recheck')).status).toBe(0);
    // Every job it searched again is in the file, by size: all of each size below 4, and the
    // five of 4 the file said were refuted.
    const kept = body(file).rechecked as Record<string, string>;
    expect(kept['4']).toBe('0-4');
    expect(Object.values(kept).reduce((sum, ranges) => sum + jobsIn(ranges), 0)).toBe(below + 5);
    // Run again, the file says all of 4 is refuted (this run's own search, not a recheck):
    // resumed, it searches again only the jobs of 4 no recheck did.
    const resumed = JSON.parse(
      (await run(file, '--threads', '2', '--recheck', '--recheck-resume')).out,
    );
    expect(resumed.relied).toEqual({
      refutedBelow: 5,
      jobsRefuted: 0,
      rechecked: jobsOf(4) - 5,
      recheckable: below + jobsOf(4),
      recheckedEarlier: below + 5,
    });
    const flag = await run(file, '--recheck-resume');
    expect([flag.status, flag.out, flag.err]).toEqual([
      2,
      '',
      'codebreaker: --recheck-resume needs --recheck: it goes on with a recheck the checkpoint recorded\n',
    ]);
    // A size above the file's own is refused, as any fault of its body.
    const above = { ...state, rechecked: new Map([[5, new Set([0])]]) };
    writeFileSync(file, staticCheckpointText(small, above, key));
    const refused = await run(file);
    expect([refused.status, refused.out]).toEqual([2, '']);
    expect(refused.err).toMatch(/^codebreaker: [^\n]*searched again, above its sizes\n$/);
  });

  it('starts from a set given (--start), kept in the checkpoint at once; refuses one that does not identify', async () => {
    const file = join(dir, 'fresh.json.gz');
    const found: string[] = body(file).best as string[];
    const started = join(dir, 'started.json');
    const run5 = await run(started, '--threads', '1', '--start', found.join(','));
    expect(JSON.parse(run5.out)).toMatchObject({ size: 5, proved: true, guesses: found });
    expect(body(started)).toMatchObject({ best: found, lowerBound: 5 });
    const bad = await cli('static', ...SMALL, '--start', '0123 1234');
    expect(bad).toMatchObject({ status: 2, out: '' });
    expect(bad.err).toBe(
      'codebreaker: --start "0123 1234" does not identify every secret: give a set that does\n',
    );
    const wrong = await cli('static', ...SMALL, '--start', '0123 9');
    expect(wrong.status).toBe(2);
    expect(wrong.err).toMatch(/^codebreaker: the code '9' has 1 symbol; codes here have 4\n$/);
  });

  it('with --estimate at its size, leaves out the jobs it has finished, and writes nothing', async () => {
    const file = join(dir, 'estimate.json');
    writeFileSync(file, staticCheckpointText(small, fiveJobsOfFour(), loadKey(KEY)));
    const before = readFileSync(file);
    const argv = ['--estimate', '4', '--probes', '300', '--seed', '5'];
    const all = JSON.parse((await cli('static', ...SMALL, ...argv, '--json')).out);
    const left = await run(file, ...argv);
    expect(left.status).toBe(0);
    const doc = JSON.parse(left.out);
    expect(doc.estimate).toMatchObject({ size: 4, jobsLeftOut: 5, jobsKnown: jobsOf(4) });
    expect(doc.estimate.sets).toBeLessThan(all.estimate.sets);
    expect(readFileSync(file).equals(before)).toBe(true);
    // At another size the checkpoint's jobs are not that size's: none left out.
    const other = JSON.parse((await run(file, '--estimate', '5', '--probes', '10')).out);
    expect(other.estimate.jobsLeftOut).toBeUndefined();
  });

  it('writes the jobs done as ranges', () => {
    expect(rangesText(new Set([7, 0, 1, 2, 4, 5, 9]))).toBe('0-2,4-5,7,9');
    expect(rangesText(new Set())).toBe('');
  });

  it.each([
    [
      'a changed body',
      (text: string) => text.replace('"lowerBound":5', '"lowerBound":6'),
      'its checksum does not match: it was changed or damaged',
    ],
    [
      'another kind of file',
      (text: string) => text.replace('codebreaker-static-checkpoint', 'codebreaker-checkpoint'),
      'it is not a checkpoint of a static search',
    ],
  ])('refuses %s with one line and status 2', async (_what, edit, why) => {
    const file = join(dir, 'fresh.json.gz');
    const forged = join(dir, 'forged.json');
    writeFileSync(forged, edit(gunzipSync(readFileSync(file)).toString()));
    const refused = await run(forged);
    expect(refused.status).toBe(2);
    expect(refused.out).toBe('');
    expect(refused.err).toBe(
      `codebreaker: ${forged}: cannot resume from this checkpoint: ${why}\n`,
    );
  });

  it('refuses a signed checkpoint of other rules, or with a set that does not identify', async () => {
    const file = join(dir, 'fresh.json.gz');
    const other = await cli(
      'static',
      '--pegs',
      '4',
      '--colors',
      '6',
      '--no-repeat',
      '--checkpoint',
      file,
      '--key-file',
      KEY,
    );
    expect(other.status).toBe(2);
    expect(other.err).toContain('it was made for a static search of other rules\n');

    const wrong = join(dir, 'wrong-set.json.gz');
    const codes = ['0123', '1234', '2340', '3401', '4012'].map((code) => small.codes.parse(code));
    expect(
      naiveIdentifies(naiveCodes(4, '01234', false), ['0123', '1234', '2340', '3401', '4012']),
    ).toBe(false);
    const state = {
      lowerBound: 4,
      done: new Set<number>(),
      jobs: 0,
      nodes: 0,
      best: codes,
      rechecked: new Map(),
      changes: 0,
    };
    writeFileSync(wrong, gzipSync(staticCheckpointText(small, state, loadKey(KEY))));
    const refused = await run(wrong);
    expect(refused.status).toBe(2);
    expect(refused.err).toBe(
      `codebreaker: ${wrong}: cannot resume from this checkpoint: its set does not identify every secret\n`,
    );
  });

  it.each(['SIGINT', 'SIGTERM'] as const)(
    'stops at %s with the best set printed, unproved, and every job finished kept',
    async (signal) => {
      // Bulls and Cows from size 5: its 1,360 jobs take some 20 s of CPU (hours for size 6,
      // which follows), so the search is still running when it is stopped.
      const { file, jobs } = mooFrom(5, signal);
      const jobsDone = (): number => {
        try {
          return jobsIn(String(body(file).done));
        } catch {
          return 0; // Between the write and the rename: read again.
        }
      };
      const search = startCli(mooSearch(file, 0.2));
      await until(() => jobsDone() >= 2);
      search.child.kill(signal);
      expect(await search.ended).toBe(0);
      expect(JSON.parse(search.out)).toMatchObject({ proved: false, stopped: true, lowerBound: 5 });
      expect(body(file)).toMatchObject({ lowerBound: 5, jobs });
      const kept = jobsDone();
      expect(kept).toBeGreaterThanOrEqual(2);
      expect(search.err).toContain(
        `codebreaker: stopped; ${file} keeps sizes below 5 refuted and ${kept} of ${jobs} jobs of 5\n`,
      );
    },
  );

  it('starts no job once its time limit has passed', async () => {
    // The local search takes the whole time limit. Each job of size 5 visits almost no set, so
    // it never looks at the clock itself: jobs started late went on through all 1,360 of them.
    const { file, jobs } = mooFrom(5, 'time-limit');
    const run = await cli(...mooSearch(file, 5), '--time-limit', '1');
    expect(run.status).toBe(0);
    expect(JSON.parse(run.out)).toMatchObject({ proved: false, lowerBound: 5, jobsDone: 0 });
    expect(body(file)).toMatchObject({ lowerBound: 5, jobs, done: '' });
  });
});

const moo = gameFor({ pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' });

/**
 * A checkpoint of Bulls and Cows saying every size below `size` is refuted, and none of its
 * jobs done, named after `name`; and how many jobs `size` has.
 */
function mooFrom(size: number, name: string): { file: string; jobs: number } {
  const jobs = staticPrefixes(moo, jobDepth(size)).length;
  const file = join(dir, `moo-${name}.json.gz`);
  const state = {
    lowerBound: size,
    done: new Set<number>(),
    jobs,
    nodes: 0,
    best: undefined,
    rechecked: new Map(),
    changes: 0,
  };
  writeFileSync(file, gzipSync(staticCheckpointText(moo, state, loadKey(KEY))));
  return { file, jobs };
}

/**
 * `static` on Bulls and Cows with the checkpoint `file`, on one thread, from the set of 8 of
 * docs/results.md, without the search of symmetric sets, and a local search of `localSeconds`.
 */
function mooSearch(file: string, localSeconds: number): string[] {
  return [
    'static',
    '--game',
    'moo',
    '--threads',
    '1',
    '--start',
    '0473 1356 2907 4791 5869 6245 7180 8632',
    '--symmetric',
    '0',
    '--local-search',
    String(localSeconds),
    '--checkpoint',
    file,
    '--key-file',
    KEY,
    '--json',
  ];
}

/** How many jobs ranges such as "0-2,4" name. */
function jobsIn(ranges: string): number {
  if (ranges === '') return 0;
  return ranges.split(',').reduce((sum, part) => {
    const [first, last = first] = part.split('-').map(Number);
    return sum + last - first + 1;
  }, 0);
}
