/**
 * `npm run campaign` (scripts/campaign.ts) on small campaigns of its own, in a folder of its
 * own: the first run proves from scratch and records itself, the second resumes from the
 * checkpoint the first left, relies on it, and solves it all again with --recheck; another
 * campaign is proved as the coordinator of two `codebreaker worker`s on a real Redis.
 */
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { crc32 } from '../src/checksum.js';
import { readCheckpoint } from '../src/cli/proofs/checkpoint-file.js';
import { resolveRules } from '../src/rules.js';
import { startCli, stopAll, until } from './process.js';
import { startRedis } from './redis.js';
import { runScript } from './scripts.js';

const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'codebreaker-campaign-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs the script with `args` against the campaigns in `dir`; a failure is thrown with its
 * status (`code`) and stderr.
 */
async function campaign(...args: string[]): Promise<{ stdout: string; stderr: string }> {
  const run = await runScript('campaign.ts', args, { CODEBREAKER_CAMPAIGNS: dir });
  if (run.status !== 0) {
    throw Object.assign(new Error(run.stderr), { code: run.status, stderr: run.stderr });
  }
  return run;
}

function records(): Record<string, unknown>[] {
  return readFileSync(join(dir, 'runs.jsonl'), 'utf8')
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line));
}

describe('npm run campaign', () => {
  beforeAll(() => {
    // Koyama and Lai's classic Mastermind: 5625.
    const classic = {
      name: 'classic',
      question: 'the least total of classic Mastermind',
      rules: ['--game', 'mastermind'],
      objective: 'expected',
    };
    const queued = { ...classic, name: 'classic-queued' };
    const raised = { ...classic, name: 'classic-raised' };
    const anew = { ...classic, name: 'classic-anew' };
    // 4 of 5 without repetition: 5 guesses asked at once, 4 refuted (docs/results.md).
    const still = {
      name: 'static-small',
      question: 'the fewest guesses asked at once for 4 of 5 without repetition',
      command: 'static',
      rules: ['--pegs', '4', '--colors', '5', '--no-repeat'],
    };
    // Mastermind of 3 pegs, 5 guesses at worst (docs/optimal-table.md): 4 refuted at every
    // opening (scripts/depth-refutation.ts).
    const refutation = {
      name: 'mastermind3-depth4',
      question: 'does a strategy keep to 4 guesses at Mastermind of 3 pegs?',
      command: 'refutation',
      rules: ['--game', 'mastermind', '--pegs', '3'],
      maxDepth: 4,
    };
    // Flags every run of a campaign gives its command: an order the refutation does not know.
    const ordered = {
      ...refutation,
      name: 'mastermind3-depth4-sideways',
      flags: ['--order', 'sideways'],
    };
    // Answered another way (Knuth's strategy keeps to 5): the list says so, not how to resume it.
    const answered = {
      ...refutation,
      name: 'classic-depth5',
      question: 'does a strategy keep to 5 guesses at classic Mastermind?',
      rules: ['--game', 'mastermind'],
      maxDepth: 5,
      answered: 'yes, a strategy within 5 guesses exists (Knuth)',
    };
    writeFileSync(
      join(dir, 'campaigns.json'),
      JSON.stringify([classic, queued, raised, anew, still, refutation, ordered, answered]),
    );
  });

  it('runs, records, resumes and re-checks a campaign from its folder', async () => {
    const listed = await campaign();
    expect(listed.stdout).toContain(
      'classic-depth5: does a strategy keep to 5 guesses at classic Mastermind?\n  not started\n  answered: yes, a strategy within 5 guesses exists (Knuth); nothing left to run\n',
    );
    expect(listed.stdout).not.toContain('npm run campaign -- classic-depth5');
    expect(listed.stdout).toContain(
      'classic: the least total of classic Mastermind\n  not started',
    );

    const first = JSON.parse((await campaign('classic', '--threads', '2')).stdout);
    expect(first).toMatchObject({ total: 5625, proved: true, resumed: 0, threads: 2 });
    expect(first.cpuSeconds).toBeGreaterThan(0);
    expect(records()).toHaveLength(1);
    expect(records()[0]).toMatchObject({
      campaign: 'classic',
      best: 5625,
      proved: true,
      threads: 2,
    });

    const identity = {
      rules: resolveRules({ game: 'mastermind' }),
      objective: 'expected' as const,
      maxDepth: null,
      consistentOnly: false,
    };
    const file = join(dir, 'classic.checkpoint.json.gz');
    const held = (await readCheckpoint(file, identity, undefined))!.size;
    const again = await campaign('classic', '--threads', '2', '--recheck');
    const second = JSON.parse(again.stdout);
    const { bounds, exact } = second.relied.checkpoint;
    expect(second.resumed).toBeGreaterThan(0);
    // A job answered from the checkpoint is a claim, but for one the proof no longer needs by
    // the time its record is read (on threads, that depends on the order jobs end in); so is a
    // bound it holds below a job's budget, where that job's bound starts, the job run all the
    // same (search/proof-ledger.ts, `bound`). Every claim is a record the file held, and every
    // exact cost claimed answered its job.
    expect(bounds + exact).toBeGreaterThan(0);
    expect(bounds + exact).toBeLessThanOrEqual(held);
    expect(exact).toBeLessThanOrEqual(second.resumed);
    expect(second.relied.rechecked).toBe(bounds + exact);
    // The classes the proof split one job per guess (an eighth of the codes or more) are solved
    // again so, their pieces counted.
    expect(second.relied.pieces).toBeGreaterThan(0);
    expect(records()).toHaveLength(2);
    expect(again.stderr).toContain('recorded in');
    const status = (await campaign()).stdout;
    expect(status).toContain('2 runs; the bounds its runs reached 5625 to 5625, proved');
    // Where the recheck stands: the last run read answers back and solved them all again.
    const read = (bounds + exact).toLocaleString('en');
    expect(status).toContain(
      `its last run from the checkpoint read ${read} answers back; ${read} solved again by that run, 0 by earlier ones (--recheck-resume), 0 not`,
    );
    expect((await campaign('--table')).stdout).toMatch(
      /\| classic \| .* \| 2 \| .* \| 5625 \| 5625 \| yes \|/,
    );
  });

  it('runs a static search as a campaign, and records it', async () => {
    const result = JSON.parse((await campaign('static-small', '--threads', '2')).stdout);
    expect(result).toMatchObject({ size: 5, proved: true, lowerBound: 5, threads: 2 });
    expect(result.cpuSeconds).toBeGreaterThan(0);
    expect(records().at(-1)).toMatchObject({ campaign: 'static-small', best: 5, proved: true });
    expect((await campaign()).stdout).toContain(
      '1 run; the bounds its runs reached 5 to 5, proved',
    );
    const again = JSON.parse((await campaign('static-small', '--threads', '1')).stdout);
    expect(again).toMatchObject({ size: 5, proved: true, nodes: 0 });
    expect(again.relied).toMatchObject({ refutedBelow: 5, jobsRefuted: 0 });

    // What is left of the size under way, estimated from its checkpoint; nothing recorded.
    const recorded = records().length;
    const estimate = await campaign('static-small', '--estimate', '--probes', '40', '--json');
    expect(JSON.parse(estimate.stdout).estimate).toMatchObject({ size: 5, probes: 40 });
    expect(records()).toHaveLength(recorded);
    const none = await campaign('classic', '--estimate').catch((failure) => failure);
    expect(none.code).toBe(2);
    expect(none.stderr).toBe(
      'campaign: --estimate estimates a static search or a refutation; classic is neither\n',
    );
  });

  it('refuses a forged checkpoint in one line, status 2, nothing recorded as proved', async () => {
    // The static campaign proved 5 (above): its checkpoint, written unsigned, as anyone could
    // write it. Forged to say that every size below 6 is refuted, and with no set.
    const file = join(dir, 'static-small.checkpoint.json.gz');
    const text = gunzipSync(readFileSync(file)).toString('utf8');
    expect(text.split('\n')[0]).toMatch(/ unsigned$/);
    const body = JSON.parse(text.slice(text.indexOf('\n') + 1));
    expect(body).toMatchObject({ lowerBound: 5 });
    const forged = JSON.stringify({ ...body, lowerBound: 6, done: '', jobs: 0, best: null });
    const bytes = new TextEncoder().encode(forged);
    const header = `codebreaker-static-checkpoint 1 crc32=${crc32(bytes)} bytes=${bytes.length} unsigned`;
    writeFileSync(file, gzipSync(`${header}\n${forged}`));
    const before = records().length;
    const run = await runScript('campaign.ts', ['static-small', '--threads', '2'], {
      CODEBREAKER_CAMPAIGNS: dir,
    });
    expect([run.status, run.stdout]).toEqual([2, '']);
    const said = run.stderr.split('\n').filter((line) => line.startsWith('codebreaker: '));
    expect(said).toHaveLength(1);
    expect(said[0]).toMatch(/checkpoint/);
    expect(records()).toHaveLength(before + 1);
    expect(records().at(-1)).toMatchObject({ campaign: 'static-small', proved: false, status: 2 });
  });

  it('runs a refutation of a depth as a campaign, records it, and resumes from its log', async () => {
    const result = JSON.parse((await campaign('mastermind3-depth4', '--threads', '2')).stdout);
    expect(result).toMatchObject({ proved: true, lowerBound: 5, threads: 2 });
    expect(result.jobsDone).toBe(result.jobsKnown);
    expect(result.relied).toEqual({ logLines: 0, rechecked: false, solvedAgain: 0, pieces: 0 });
    expect(records().at(-1)).toMatchObject({
      campaign: 'mastermind3-depth4',
      lowerBound: 5,
      proved: true,
    });
    const log = readFileSync(join(dir, 'mastermind3-depth4.refutation.jsonl'), 'utf8');
    expect(log.trim().split('\n')).toHaveLength(result.jobsKnown);
    // Again: every line read back, none solved again; with --recheck, every one solved again.
    const again = JSON.parse((await campaign('mastermind3-depth4')).stdout);
    expect(again).toMatchObject({ proved: true, relied: { logLines: result.jobsKnown } });
    const checked = JSON.parse((await campaign('mastermind3-depth4', '--recheck')).stdout);
    expect(checked).toMatchObject({
      proved: true,
      relied: { logLines: 0, rechecked: true, solvedAgain: result.jobsKnown },
    });
    // A recheck again solves nothing: every line was solved again, and says so in the log.
    const twice = JSON.parse((await campaign('mastermind3-depth4', '--recheck')).stdout);
    expect(twice).toMatchObject({
      proved: true,
      nodes: 0,
      relied: { logLines: result.jobsKnown, rechecked: true, solvedAgain: result.jobsKnown },
    });
    // The flags of a campaign reach its command: the refutation refuses an order it does not know.
    const sideways = await campaign('mastermind3-depth4-sideways').catch((failure) => failure);
    expect(sideways.code).toBe(2);
    expect(sideways.stderr).toContain('[--order ways-on|refuted]');
    // It has no least total to raise.
    const raised = await campaign('mastermind3-depth4', '--raise', '10').catch(
      (failure) => failure,
    );
    expect(raised.code).toBe(2);
    expect(raised.stderr).toContain('has none');

    // Where its log stands, in the list of campaigns; with the pieces of a second guess under
    // way (written here: Mastermind of 3 pegs within 4 has none), the pace of its third guesses.
    const settled = `its log: ${result.jobsKnown} second guesses settled (${result.jobsKnown} refuted)`;
    expect((await campaign()).stdout).toContain(`${settled}\n`);
    // --estimate solves again the pieces of the second guesses under way: here none.
    expect((await campaign('mastermind3-depth4', '--estimate')).stdout).toContain(
      'about 0.0 CPU h in all for the 0 second guesses under way',
    );
    const piece = (third: string, seconds: number) => ({
      opening: '112',
      answer: '0H1B',
      guess: '999',
      within: '0H2B',
      third,
      of: 10,
      depth: 4,
      keeps: false,
      nodes: 5,
      seconds,
    });
    writeFileSync(
      join(dir, 'mastermind3-depth4.refutation.pieces.jsonl'),
      `${JSON.stringify(piece('123', 1800))}\n${JSON.stringify(piece('134', 1800))}\n`,
    );
    expect((await campaign()).stdout).toContain(
      `${settled}; under way: 999 at its class 0H2B, 2 of 10 third guesses refuted in 1.00 CPU h, about 4.0 CPU h more at that pace (that pace the one the pieces record, on the builds that settled them: \`--estimate --sample M\` times some of those left on this one)\n`,
    );
    // Those pieces name no code of the game: --estimate, which would solve them again, says so.
    const named = await campaign('mastermind3-depth4', '--estimate').catch((failure) => failure);
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('names 999, not a code of this game');
  });

  it('merges through git the logs of a refutation’s shards run on two machines, and concludes from them', async () => {
    // A repository of one campaign, as the project's campaigns/ with its .gitattributes, and two
    // clones of it for two machines, each running one shard and committing what it wrote.
    const repo = join(dir, 'shared');
    const git = (cwd: string, ...args: string[]) =>
      execFileSync('git', args, {
        cwd,
        stdio: 'pipe',
        env: {
          ...process.env,
          GIT_AUTHOR_NAME: 'test',
          GIT_AUTHOR_EMAIL: 'test@localhost',
          GIT_COMMITTER_NAME: 'test',
          GIT_COMMITTER_EMAIL: 'test@localhost',
        },
      }).toString();
    mkdirSync(join(repo, 'campaigns'), { recursive: true });
    copyFileSync(join(ROOT, '.gitattributes'), join(repo, '.gitattributes'));
    const refutation = JSON.parse(readFileSync(join(dir, 'campaigns.json'), 'utf8')).filter(
      (c: { name: string }) => c.name === 'mastermind3-depth4',
    );
    writeFileSync(join(repo, 'campaigns', 'campaigns.json'), JSON.stringify(refutation));
    git(dir, 'init', '-q', '-b', 'main', repo);
    git(repo, 'add', '-A');
    git(repo, 'commit', '-qm', 'the campaign');
    const shards = await Promise.all(
      ['0/2', '1/2'].map(async (shard, index) => {
        const machine = join(dir, `machine-${index}`);
        git(dir, 'clone', '-q', repo, machine);
        const run = await runScript('campaign.ts', ['mastermind3-depth4', '--shard', shard], {
          CODEBREAKER_CAMPAIGNS: join(machine, 'campaigns'),
        });
        expect(run.status).toBe(0);
        git(machine, 'add', '-A');
        git(machine, 'commit', '-qm', `shard ${shard}`);
        return { machine, result: JSON.parse(run.stdout) };
      }),
    );
    // Each settled its half of the second guesses; neither concludes alone.
    const [first, second] = shards;
    for (const { result } of shards) {
      expect(result.proved).toBe(false);
      expect(result.jobsDone).toBe(result.jobsKnown);
    }
    const all = first.result.jobsKnown + second.result.jobsKnown;
    // The second machine's lines merged into the first's clone: no conflict, both kept.
    git(first.machine, 'pull', '-q', '--no-rebase', second.machine, 'main');
    const merged = await runScript('campaign.ts', ['mastermind3-depth4'], {
      CODEBREAKER_CAMPAIGNS: join(first.machine, 'campaigns'),
    });
    expect(merged.status).toBe(0);
    expect(JSON.parse(merged.stdout)).toMatchObject({
      proved: true,
      lowerBound: 5,
      nodes: 0,
      jobsDone: all,
      relied: { logLines: all },
    });
    const runs = readFileSync(join(first.machine, 'campaigns', 'runs.jsonl'), 'utf8');
    expect(runs.trim().split('\n')).toHaveLength(3);
  });

  it('raises a least total’s bound a step at a time in one proof, recorded, to the optimum', async () => {
    const { stdout } = await campaign('classic-raised', '--threads', '1', '--raise', '60');
    // It looks below 60 (the campaign has no bound yet), then 60 above each bound it proves,
    // until it finds the optimum, 5625, below its total, and proves it.
    expect(JSON.parse(stdout)).toMatchObject({ below: 60, raise: 60, total: 5625, proved: true });
    expect(records().at(-1)).toMatchObject({
      campaign: 'classic-raised',
      below: 60,
      raise: 60,
      best: 5625,
      lowerBound: 5625,
      proved: true,
    });
    // The next run starts from the campaign's best bound.
    await campaign('classic-raised', '--threads', '1', '--raise', '60');
    expect(records().at(-1)).toMatchObject({ below: 5685, raise: 60, proved: true });
    expect((await campaign()).stdout).toContain(
      'classic-raised: the least total of classic Mastermind\n  2 runs; the bounds its runs reached 5625 to 5625, proved',
    );
  });

  it('runs a campaign’s proof again from nothing with --anew: its checkpoint neither read nor written', async () => {
    const file = join(dir, 'classic.checkpoint.json.gz');
    const before = readFileSync(file);
    const result = JSON.parse(
      (await campaign('classic', '--anew', '--below', '5600', '--threads', '1')).stdout,
    );
    // No strategy totals less than 5600 (the optimum is 5625), proved with nothing read back.
    // Without a checkpoint there is nothing to resume from or rely on.
    expect(result).toMatchObject({ proved: false, below: 5600 });
    expect(result.lowerBound).toBeGreaterThanOrEqual(5600);
    expect(result.resumed).toBeUndefined();
    expect(result.relied).toBeUndefined();
    expect(records().at(-1)).toMatchObject({ campaign: 'classic', below: 5600, anew: true });
    expect(records().at(-1)?.relied).toBeUndefined();
    expect(readFileSync(file).equals(before)).toBe(true);

    // Raised from 5000 a step at a time, from nothing, to the optimum.
    await campaign('classic-anew', '--anew', '--below', '5000', '--raise', '100', '--threads', '1');
    expect(records().at(-1)).toMatchObject({ below: 5000, best: 5625, proved: true, anew: true });
    // Raised from its checkpoint, it starts from the bounds of the runs that kept theirs there:
    // none yet, so from the step itself, not from the 5625 proved anew.
    await campaign('classic-anew', '--raise', '100', '--threads', '1');
    expect(records().at(-1)).toMatchObject({ below: 100, best: 5625, proved: true });
    expect(records().at(-1)?.anew).toBeUndefined();
  });

  it('names the campaigns when asked for one it does not have, status 2', async () => {
    const error = await campaign('nonesuch').catch((failure) => failure);
    expect(error.code).toBe(2);
    expect(error.stderr).toBe(
      "campaign: no campaign 'nonesuch'; the campaigns: classic, classic-queued, classic-raised, classic-anew, static-small, mastermind3-depth4, mastermind3-depth4-sideways, classic-depth5\n",
    );
  });

  it(
    'proves a campaign as the coordinator of two workers on a real Redis, and records it',
    { timeout: 180_000 },
    async () => {
      const redis = await startRedis();
      try {
        // The workers sign their answers with the key the coordinator holds (here, the user's).
        const workers = [1, 2].map(() =>
          startCli(['worker', '--queue', redis.url, '--threads', '1']),
        );
        await until(() => workers.every((worker) => worker.err.includes('waiting for jobs')));
        const result = JSON.parse((await campaign('classic-queued', '--queue', redis.url)).stdout);
        expect(result).toMatchObject({ total: 5625, proved: true, resumed: 0 });
        const solved = workers.map((worker) => worker.err.match(/^solved /gm)?.length ?? 0);
        expect(solved[0] + solved[1]).toBeGreaterThan(0);
        expect(records().at(-1)).toMatchObject({
          campaign: 'classic-queued',
          best: 5625,
          proved: true,
        });
        // The file kept what the workers answered: a run without Redis resumes from it alone.
        await stopAll();
        const local = JSON.parse((await campaign('classic-queued', '--threads', '1')).stdout);
        expect(local).toMatchObject({ total: 5625, proved: true });
        expect(local.resumed).toBeGreaterThan(0);
      } finally {
        await stopAll();
        await redis.stop();
      }
    },
  );
});
