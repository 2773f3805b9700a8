import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import {
  answersWithRepetition,
  countingBound,
  naiveCodes,
  oneLevelBound,
} from '../../../test/naive.js';
import { startCli, stopAll } from '../../../test/process.js';
import { gameFor } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { keyFromText, loadKey } from '../keys.js';
import { optimalTreePath } from '../optimal-cache.js';
import { peakMemory } from '../peak-memory.js';

describe('codebreaker optimal', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'codebreaker-'));
    process.env.CODEBREAKER_CACHE_DIR = join(dir, 'cache');
  });
  afterAll(async () => {
    await stopAll();
    rmSync(dir, { recursive: true, force: true });
    Reflect.deleteProperty(process.env, 'CODEBREAKER_CACHE_DIR');
  });

  it('proves the optimal Hit & Blow strategy and writes a tree that verifies', async () => {
    const out = join(dir, 'hit-and-blow.json');
    const { status, out: text } = await cli(
      'optimal',
      '--game',
      'hit-and-blow',
      '--json',
      '--out',
      out,
    );
    expect(status).toBe(0);
    const doc = JSON.parse(text);
    expect(doc).toMatchObject({ objective: 'expected', proved: true, secrets: 360, first: '0123' });
    expect(doc.total).toBe(doc.lowerBound);
    const verified = await cli('verify', out, '--json');
    expect(verified.status).toBe(0);
    expect(JSON.parse(verified.out)).toMatchObject({ total: doc.total, max: doc.max });
    expect(JSON.parse(readFileSync(out, 'utf8')).root.guess).toBe('0123');
  });

  it("reports the process's peak memory in bytes, in the JSON and the text", async () => {
    const json = JSON.parse((await cli('optimal', '--game', 'hit-and-blow', '--json')).out);
    const after = peakMemory();
    // A whole number of KiB, at least what the process held when it started (tens of MiB),
    // and never more than its peak since, by the same count. (Not maxRSS: the kernel keeps
    // that apart, and it can lag the mark by a few pages.)
    expect(json.peakMemory % 1024).toBe(0);
    expect(json.peakMemory).toBeGreaterThan(2 ** 24);
    expect(json.peakMemory).toBeLessThanOrEqual(after);
    const text = (await cli('optimal', '--game', 'hit-and-blow')).out;
    expect(text).toMatch(/^proved {4}optimal: .*, peak memory \d+ MiB\)$/m);
  });

  it('counts its own memory, not that of the process that started it', async () => {
    // This process holds 512 MiB more while the command runs; a proof of Hit & Blow holds a
    // tenth of that. The kernel's maxRSS of the child would count this process's pages too.
    const held = Buffer.alloc(512 * 2 ** 20, 1);
    const run = startCli(['optimal', '--game', 'hit-and-blow', '--json']);
    expect(await run.ended).toBe(0);
    const { peakMemory } = JSON.parse(run.out);
    expect(peakMemory).toBeGreaterThan(2 ** 24);
    expect(peakMemory).toBeLessThan(held.length / 2);
  });

  it('splits the search over worker threads with the same result and a tree that verifies', async () => {
    for (const rules of [
      ['--game', 'hit-and-blow'],
      ['--pegs', '3', '--colors', '5', '--objective', 'worst'],
      ['--game', 'hit-and-blow', '--objective', 'crush'],
    ]) {
      const out = join(dir, 'threads.json');
      const one = JSON.parse((await cli('optimal', ...rules, '--threads', '1', '--json')).out);
      const two = await cli('optimal', ...rules, '--threads', '2', '--json', '--out', out);
      expect(two.status).toBe(0);
      expect(JSON.parse(two.out)).toMatchObject({
        total: one.total,
        max: one.max,
        proved: true,
        threads: 2,
      });
      const verified = await cli('verify', out, '--json');
      expect(JSON.parse(verified.out)).toMatchObject({ total: one.total, max: one.max });
    }
  });

  it('finds the least worst case and respects --max-depth', async () => {
    const worst = JSON.parse(
      (await cli('optimal', '--game', 'numeron', '--objective', 'worst', '--json')).out,
    );
    const capped = JSON.parse(
      (await cli('optimal', '--game', 'numeron', '--max-depth', String(worst.max), '--json')).out,
    );
    expect(capped.total).toBe(worst.total);
    expect(capped.max).toBeLessThanOrEqual(worst.max);
    const cap = String(worst.max - 1);
    const impossible = await cli('optimal', '--game', 'numeron', '--max-depth', cap, '--json');
    expect(impossible.status).toBe(1);
    expect(JSON.parse(impossible.out)).toMatchObject({ possible: false, proved: true });
    expect(impossible.err).toMatch(/no strategy solves every secret within/);
  });

  it('crush: the least worst case with the fewest secrets needing it, in JSON and in words', async () => {
    const json = async (objective: string) =>
      JSON.parse(
        (await cli('optimal', '--game', 'hit-and-blow', '--objective', objective, '--json')).out,
      );
    const worst = await json('worst');
    const crush = await json('crush');
    expect(crush.max).toBe(worst.max);
    expect(crush.atWorst).toBe(crush.histogram[crush.max]);
    expect(crush.atWorst).toBeLessThan(worst.histogram[worst.max]);
    expect(crush.total).toBeGreaterThanOrEqual(worst.total);
    expect(crush).toMatchObject({
      proved: true,
      lowerBound: { atLast: crush.atWorst, total: crush.total },
    });
    const text = (await cli('optimal', '--game', 'hit-and-blow', '--objective', 'crush')).out;
    expect(text).toContain(`at worst  ${crush.atWorst} secrets need ${crush.max} guesses`);
  });

  it('depth: the least worst case alone, in JSON and in words, its tree as played', async () => {
    const run = (...flags: string[]) =>
      cli('optimal', '--game', 'mastermind', '--objective', 'depth', ...flags);
    const doc = JSON.parse((await run('--json')).out);
    expect(doc).toMatchObject({ objective: 'depth', max: 5, proved: true, lowerBound: 5 });
    // Not the least total within 5 (5626): the first strategy found that keeps to 5.
    expect(doc.total).toBeGreaterThan(5626);
    expect((await run()).out).toContain(
      'proved    least worst case 5: no strategy keeps to 4 guesses',
    );
    const below = await run('--max-depth', '4', '--json');
    expect(below.status).toBe(1);
    expect(JSON.parse(below.out)).toMatchObject({ possible: false, proved: true });
  });

  it('plays the proved trees the library ships for the classic games, without a search', async () => {
    // Bulls and Cows's proof takes half an hour on two cores; its shipped tree plays at once.
    const moo = JSON.parse(
      (await cli('analyze', '--game', 'moo', '--strategy', 'optimal', '--json')).out,
    );
    expect([moo.total, moo.max]).toEqual([26274, 7]); // Tanaka (known-results.md)
    const played = JSON.parse(
      (await cli('analyze', '--game', 'hit-and-blow', '--strategy', 'optimal', '--json')).out,
    );
    const proved = JSON.parse((await cli('optimal', '--game', 'hit-and-blow', '--json')).out);
    expect([played.total, played.max]).toEqual([proved.total, proved.max]);
    const solved = JSON.parse(
      (await cli('solve', '5432', '--game', 'hit-and-blow', '--strategy', 'optimal', '--json')).out,
    );
    expect(solved.guesses[0].code).toBe(proved.first);
    expect(solved.guesses.at(-1).code).toBe('5432');
    // Nothing was searched, so nothing was cached.
    const path = optimalTreePath(gameFor(resolveRules({ game: 'hit-and-blow' })));
    expect(existsSync(path)).toBe(false);
  });

  // Hit & Blow with five colours: a game without a shipped tree, whose optimum is proved once
  // and cached.
  const uncommon = ['--game', 'hit-and-blow', '--colors', '5'];

  it('proves any other game once, caches it, and plays the cache in analyze and solve', async () => {
    const proved = JSON.parse((await cli('optimal', ...uncommon, '--json')).out);
    const first = JSON.parse(
      (await cli('analyze', ...uncommon, '--strategy', 'optimal', '--json')).out,
    );
    expect(first.total).toBe(proved.total);
    const path = optimalTreePath(gameFor(resolveRules({ game: 'hit-and-blow', colors: 5 })));
    expect(existsSync(path)).toBe(true);
    const solved = JSON.parse(
      (await cli('solve', '0432', ...uncommon, '--strategy', 'optimal', '--json')).out,
    );
    expect(solved.guesses[0].code).toBe(proved.first);
    expect(solved.guesses.at(-1).code).toBe('0432');
  });

  it('checks the cached optimal strategy before playing it, and proves it again if it fails', async () => {
    const path = optimalTreePath(gameFor(resolveRules({ game: 'hit-and-blow', colors: 5 })));
    const analyzed = async () => {
      const run = await cli('analyze', ...uncommon, '--strategy', 'optimal', '--json');
      return { ...run, total: JSON.parse(run.out).total };
    };
    const least = JSON.parse((await cli('optimal', ...uncommon, '--json')).out).total;
    const first = await analyzed();
    expect(first.total).toBe(least);
    const good = readFileSync(path, 'utf8');
    // Another valid tree of the same rules (minimax's), put in its place.
    const minimax = (await cli('tree', ...uncommon, '--strategy', 'minimax')).out;
    writeFileSync(path, minimax);
    const replaced = await analyzed();
    expect(replaced.total).toBe(least);
    expect(replaced.err).toMatch(
      /^codebreaker: the cached optimal strategy [^\n]+ is not used: it is not a cached strategy with its claims; proving it again\n$/,
    );
    // A claim changed by hand: the signature says so.
    writeFileSync(path, good.replace(`"total":${least}`, `"total":${least - 1}`));
    expect((await analyzed()).err).toMatch(/its signature does not match the key/);
    // A worse strategy whose claims are true (minimax's tree and figures), signed with another
    // key: a checksum would let it pass as the optimum, the signature does not.
    const played = JSON.parse(
      (await cli('analyze', ...uncommon, '--strategy', 'minimax', '--json')).out,
    );
    expect(played.total).toBeGreaterThan(least);
    const worse = JSON.parse(good);
    worse.tree = JSON.parse(minimax);
    worse.claims = { ...worse.claims, total: played.total, max: played.max };
    worse.signature = keyFromText('x'.repeat(40), 'a forger').sign('optimal-cache', {
      claims: worse.claims,
      tree: worse.tree,
    });
    writeFileSync(path, JSON.stringify(worse));
    const forged = await analyzed();
    expect([forged.total, forged.err]).toEqual([least, expect.stringMatching(/signature/)]);
    // A branch cut, signed with the key itself: the tree does not solve every secret.
    const doc = JSON.parse(good);
    const children = doc.tree.root.children;
    delete children[Object.keys(children)[0]];
    doc.signature = loadKey().sign('optimal-cache', { claims: doc.claims, tree: doc.tree });
    writeFileSync(path, JSON.stringify(doc));
    const cut = await analyzed();
    expect(cut.err).toMatch(/it does not solve every secret/);
    expect(cut.total).toBe(least);
    // And once proved again, the cache is used without a word.
    expect((await analyzed()).err).toBe('');
  });

  it('stops at --time-limit with the best strategy so far, marked unproved', async () => {
    const { status, out } = await cli('optimal', '--game', 'moo', '--time-limit', '0.5', '--json');
    expect(status).toBe(0);
    const doc = JSON.parse(out);
    expect(doc.proved).toBe(false);
    expect(doc.lowerBound).toBeLessThanOrEqual(26274);
    expect(doc.total).toBeGreaterThanOrEqual(26274);
    expect(doc.first).toBe('0123');
  });

  it('--below: proves the total a bound when no strategy is below it, and says so', async () => {
    const json = JSON.parse(
      (await cli('optimal', '--game', 'mastermind', '--below', '5625', '--json')).out,
    );
    // No strategy totals less than the optimum: 5625 is a bound, the strategy the fallback.
    expect(json).toMatchObject({ below: 5625, proved: false, lowerBound: 5625, total: 5696 });
    const text = await cli('optimal', '--game', 'mastermind', '--below', '5625');
    expect(text.status).toBe(0);
    expect(text.out).toMatch(
      /^proved {4}no strategy totals less than 5,625: the search was exhaustive \(.*\); the optimum is at least 5625$/m,
    );
    expect(text.out).toMatch(/^\(the fallback, expected size: 5696\)$/m);
    // Above the optimum, the optimum, proved.
    const above = JSON.parse(
      (await cli('optimal', '--game', 'mastermind', '--below', '5626', '--json')).out,
    );
    expect(above).toMatchObject({ below: 5626, proved: true, total: 5625, lowerBound: 5625 });
    // Raised from far below, a step at a time, to the optimum.
    const raised = JSON.parse(
      (await cli('optimal', '--game', 'mastermind', '--below', '4000', '--raise', '300', '--json'))
        .out,
    );
    expect(raised).toMatchObject({ below: 4000, raise: 300, proved: true, total: 5625 });
  });

  it('refuses an --out it cannot write before searching, with one line and status 2', async () => {
    for (const out of [dir, join(dir, 'no-such-folder', 'tree.json')]) {
      const run = await cli('optimal', '--game', 'mastermind', '--out', out, '--json');
      expect(run.status).toBe(2);
      expect(run.out).toBe('');
      expect(run.err).toMatch(/^codebreaker: --out [^\n]+\n$/);
    }
  });

  it('refuses bad options with one line and status 2', async () => {
    for (const argv of [
      ['optimal', '--objective', 'fastest'],
      ['optimal', '--max-depth', 'x'],
      ['optimal', '--time-limit', '0'],
      ['optimal', '--time-limit', '1.5s'],
      ['optimal', '--pegs', '6', '--colors', '8', '--repeat'],
      ['optimal', '--below', '0'],
      ['optimal', '--below', '5625x'],
      ['optimal', '--game', 'mastermind', '--below', '5625', '--objective', 'worst'],
      ['optimal', '--game', 'mastermind', '--raise', '100'],
      ['optimal', '--game', 'mastermind', '--below', '5000', '--raise', '0'],
    ]) {
      const { status, out, err } = await cli(...argv);
      expect(status).toBe(2);
      expect(out).toBe('');
      expect(err).toMatch(/^codebreaker: [^\n]+\n$/);
    }
  });
});

describe('codebreaker optimal on Super Mastermind (32,768 codes)', () => {
  it('counts its 1 GiB score table against --memory-limit before building it', async () => {
    const run = await cli('optimal', '--game', 'super-mastermind', '--memory-limit', '1G');
    expect(run.status).toBe(2);
    expect(run.out).toBe('');
    expect(run.err).toMatch(/^codebreaker: --memory-limit is too small for this game [^\n]+\n$/);
  });

  it('has no optimal strategy to play, and says how to start a proof', async () => {
    const run = await cli('solve', '12345', '--game', 'super', '--strategy', 'optimal');
    expect(run.status).toBe(2);
    expect(run.err).toMatch(/^codebreaker: no optimal strategy is known [^\n]+optimal[^\n]+\n$/);
  });
});

describe.runIf(process.env.CODEBREAKER_SLOW)('Super Mastermind, a proof started (slow)', () => {
  it(
    'stops at --time-limit, unproved, with the bounds and a strategy that verifies',
    {
      timeout: 1_800_000,
    },
    async () => {
      const dir = mkdtempSync(join(tmpdir(), 'codebreaker-'));
      try {
        const checkpoint = join(dir, 'super.json.gz');
        const out = join(dir, 'super.json');
        // Long enough for the table and the first guesses' plans (about 20 s unloaded).
        const argv = ['optimal', '--game', 'super', '--json', '--checkpoint', checkpoint];
        const run = await cli(...argv, '--time-limit', '120', '--out', out);
        expect(run.status).toBe(0);
        const doc = JSON.parse(run.out);
        expect(doc).toMatchObject({ proved: false, secrets: 32768 });
        // The 7 essentially different first guesses: the partitions of 5 pegs.
        const firsts = ['11111', '11112', '11122', '11123', '11223', '11234', '12345'];
        const codes = naiveCodes(5, '12345678', true);
        const oneLevel = oneLevelBound(codes, firsts, (size) =>
          countingBound(size, answersWithRepetition(5)),
        );
        expect(countingBound(32768, answersWithRepetition(5))).toBe(156198);
        expect(oneLevel).toBeGreaterThan(156198);
        expect(doc.lowerBound).toBeGreaterThanOrEqual(oneLevel);
        expect(doc.lowerBound).toBeLessThan(doc.total);
        const verified = await cli('verify', out, '--json');
        expect(JSON.parse(verified.out)).toMatchObject({ valid: true, total: doc.total });
        // Run again with the checkpoint, stopped at once: it is read, the counting bound holds.
        const again = JSON.parse((await cli(...argv, '--time-limit', '0.1')).out);
        expect(again).toMatchObject({ proved: false, secrets: 32768 });
        expect(again).toHaveProperty('resumed');
        expect(again.lowerBound).toBeGreaterThanOrEqual(156198);
        expect(again.lowerBound).toBeLessThan(again.total);
      } finally {
        rmSync(dir, { recursive: true, force: true });
      }
    },
  );
});

describe.runIf(process.env.CODEBREAKER_SLOW)('Bulls and Cows on two threads (slow)', () => {
  it('crush: 50 secrets need 7 guesses (Slovesnov)', { timeout: 3_600_000 }, async () => {
    const argv = ['--game', 'moo', '--objective', 'crush', '--threads', '2', '--json'];
    const { status, out } = await cli('optimal', ...argv);
    expect(status).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ max: 7, atWorst: 50, proved: true });
  });

  it('proves 26274, at most 7 guesses', { timeout: 900_000 }, async () => {
    const { status, out } = await cli('optimal', '--game', 'moo', '--threads', '2', '--json');
    expect(status).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ total: 26274, max: 7, proved: true, first: '0123' });
  });
});
