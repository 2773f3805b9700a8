/**
 * The library guide's examples (examples/*.ts), run as a user runs them: each imports the
 * package by its name, which Node resolves through the package's own `exports` to the build
 * (`npm ci` builds it). What each prints is checked against the published figures of
 * /work/shared/reference/known-results.md (the seed pages, Knuth, Koyama and Lai, the thesis's
 * Table 1) or against test/naive.ts's plain second implementations; and the guide (docs/api.md)
 * and the README must quote every example and what it prints exactly, as
 * `npm run docs:api` writes them.
 */
import { existsSync, readFileSync } from 'node:fs';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  type ExampleRun,
  GUIDES,
  ROOT,
  exampleFiles,
  guideMarkers,
  renderGuide,
  runExample,
} from '../scripts/api-guide.js';
import { analyze } from '../src/analyze.js';
import { Game } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { findOptimal } from '../src/search/optimal.js';
import { createStrategy } from '../src/strategies/index.js';
import { analyzeTree } from '../src/tree.js';
import { type JsonNode, naiveTreeChecker } from './naive-tree.js';
import { naiveCodes, naiveFirstConsistent, naiveScore } from './naive.js';

const MASTERMIND = naiveCodes(4, '123456', true);
const MOO = naiveCodes(4, '0123456789', false);

/** The answer as the examples write it, `1H2B`, scored by counting. */
function answer(secret: string, guess: string): string {
  const [hits, blows] = naiveScore(secret, guess);
  return `${hits}H${blows}B`;
}

/** The codes that give every answer of `turns`. */
function consistent(codes: string[], turns: readonly [guess: string, answer: string][]): string[] {
  return codes.filter((code) => turns.every(([guess, said]) => answer(code, guess) === said));
}

let cwd: string;
const runs = new Map<string, ExampleRun>();

/** The lines an example printed. */
function lines(name: string): string[] {
  const run = runs.get(`examples/${name}.ts`);
  if (!run) throw new Error(`examples/${name}.ts did not run`);
  return run.stdout.trimEnd().split('\n');
}

beforeAll(async () => {
  cwd = await mkdtemp(join(tmpdir(), 'codebreaker-examples-'));
  const files = await exampleFiles();
  // Two at a time: the machine has two cores.
  const queue = [...files];
  const worker = async (): Promise<void> => {
    for (let file = queue.shift(); file; file = queue.shift()) {
      runs.set(file, await runExample(file, cwd));
    }
  };
  await Promise.all([worker(), worker()]);
}, 180_000);

afterAll(async () => {
  if (cwd) await rm(cwd, { recursive: true, force: true });
});

describe('the examples print the known figures', () => {
  it('00-start: Knuth minimax, 5801 guesses over 1296 secrets, at most 5', () => {
    expect(lines('00-start')).toEqual([
      `${MASTERMIND.length} secrets, 5801 guesses in all, at most 5`,
    ]);
  });

  it('01-rules: the presets and the number of codes of each game', () => {
    const [presets, rules, mastermind, custom, black] = lines('01-rules');
    // CONTRACT.md's presets, Super Mastermind included.
    expect(presets).toBe('mastermind, moo, hit-and-blow, numeron, super-mastermind');
    expect(rules).toBe("{ pegs: 4, colors: 6, repeat: true, alphabet: '123456' }");
    expect(mastermind).toMatch(new RegExp(`^Mastermind .*: ${MASTERMIND.length} codes$`));
    const custom5x8 = naiveCodes(5, 'ABCDEFGH', false).length;
    expect(custom).toBe(`5 pegs, 8 colours, no repetition: ${custom5x8} codes`);
    expect(black).toMatch(/black pegs only/);
  });

  it('02-score: code indices in code order, answers by counting', () => {
    const [codes, scored, typed, solved] = lines('02-score');
    expect(codes).toBe(`${MASTERMIND.indexOf('3632')} ${MASTERMIND.indexOf('1223')} 3632`);
    // Answer indices in the order feedback.ts documents: by hits, then blows, h + b ≤ pegs.
    const order: string[] = [];
    for (let h = 0; h <= 4; h++) for (let b = 0; h + b <= 4; b++) order.push(`${h}H${b}B`);
    const [hits, blows] = naiveScore('3632', '1223');
    const said = answer('3632', '1223');
    expect(scored).toBe(`${order.indexOf(said)} { hits: ${hits}, blows: ${blows} } ${said}`);
    expect(typed).toBe(`{ hits: 2, blows: 1 } 2H1B ${order.indexOf('2H1B')}`);
    expect(solved).toBe('true');
  });

  it("03-candidates: filtered by counting; 1122's partition is the thesis's Table 1 row", () => {
    const [all, afterOne, afterTwo, ...classes] = lines('03-candidates');
    expect(all).toBe(String(MASTERMIND.length));
    const one = consistent(MASTERMIND, [['1122', '1H1B']]);
    expect(afterOne).toBe(String(one.length));
    const two = consistent(one, [['1344', '0H2B']]);
    expect(afterTwo).toBe(`${two.length} ${two.join(' ')}`);
    // Table 1 of the seed thesis, in its answer order.
    const thesisOrder = '0-4 0-3 0-2 0-1 0-0 1-3 1-2 1-1 1-0 2-2 2-1 2-0 3-0 4-0'.split(' ');
    const row = [1, 16, 96, 256, 256, 0, 36, 208, 256, 4, 32, 114, 20, 1];
    const table = new Map(
      thesisOrder.map((pair, i) => [pair.replace(/(\d)-(\d)/, '$1H$2B'), row[i]]),
    );
    const printed = new Map(
      classes.map((line) => [line.split(' ')[0], Number(line.split(' ')[1])]),
    );
    expect(printed).toEqual(new Map([...table].filter(([, count]) => count > 0)));
    // Printed in answer-index order: by hits, then blows.
    const keys = [...printed.keys()];
    expect(keys).toEqual([...keys].sort());
  });

  it("04-strategy: the seed pages' game of 9431, Knuth's opening, a strategy of one's own", () => {
    const [names, ...rest] = lines('04-strategy');
    // CONTRACT.md's strategies.
    expect(names).toBe(
      'first-consistent, random-consistent, minimax, expected-size, entropy, most-parts, optimal',
    );
    const seedPages =
      '0123 0-2, 1045 0-2, 2354 0-2, 3406 1-1, 3561 1-1, 6502 0-0, 7431 3-0, 8431 3-0, 9431 4-0';
    expect(rest.slice(0, 9)).toEqual(
      seedPages.split(', ').map((turn, i) => `${i + 1}. ${turn.replace(/(\d)-(\d)/, '$1H$2B')}`),
    );
    const [knuth, opening1234, last] = rest.slice(9);
    const played = (line: string) => line.split(', ').map((turn) => turn.split(' '));
    for (const game of [knuth, opening1234, last]) {
      const turns = played(game);
      for (const [guess, said] of turns) expect(said).toBe(answer('3632', guess));
      expect(turns.at(-1)).toEqual(['3632', '4H0B']);
    }
    expect(played(knuth)[0][0]).toBe('1122');
    expect(played(knuth).length).toBeLessThanOrEqual(5);
    expect(played(opening1234)[0][0]).toBe('1234');
    // The last code still possible: the first-consistent player over the codes in reverse.
    expect(played(last).map(([guess]) => guess)).toEqual(
      naiveFirstConsistent([...MASTERMIND].reverse(), '3632'),
    );
  });

  it('05-analyze: Knuth, Irving, Neuwirth, Kooi and the seed pages, as published', () => {
    const [knuth, average, histogram, worst, ...rest] = lines('05-analyze');
    expect(knuth).toBe('1296 secrets, 5801 guesses in all, at most 5');
    expect(average).toBe(`average ${(5801 / 1296).toFixed(5)}`);
    expect(histogram).toBe('histogram 1 6 62 533 694');
    expect(worst).toMatch(/^694 secrets need 5, the first \d{4}$/);
    expect(rest.slice(0, 4).map((line) => line.split(/ +/))).toEqual([
      ['first-consistent', '7471', '9'],
      ['expected-size', '5696', '6'],
      ['entropy', '5722', '6'],
      ['most-parts', '5668', '6'],
    ]);
    expect(rest[4]).toBe('28024 9: 5293 9204 9214 9241 9431');
    // The seed pages' game of 1357: 0123 1045 1256 1274 1357.
    expect(rest[5]).toBe('1357 takes 5');
  });

  it('06-tree: the tree file it wrote passes a plain checker with 5801 guesses', () => {
    const [valid, broken] = lines('06-tree');
    expect(valid).toBe('valid: 5801 guesses in all, at most 5');
    const file = JSON.parse(readFileSync(join(cwd, 'knuth.json'), 'utf8'));
    expect(file.rules).toEqual({ pegs: 4, colors: 6, repeat: true, alphabet: '123456' });
    const verdict = naiveTreeChecker(4, '123456', true)(file.root as JsonNode);
    if (!verdict.valid) throw new Error(`knuth.json fails for ${verdict.secret}`);
    expect(verdict.guesses.reduce((a, b) => a + b)).toBe(5801);
    expect(Math.max(...verdict.guesses)).toBe(5);
    // The broken tree fails first for the first secret that answers 0H0B to 1122.
    const first = MASTERMIND.find((code) => answer(code, '1122') === '0H0B');
    expect(broken).toBe(`${first}: after 1122 0H0B: the guess 1122 repeats guess 1`);
    expect(readFileSync(join(cwd, 'knuth.dot'), 'utf8')).toMatch(/^digraph /);
  });

  it("07-codemaker: every accepted answer is the secret's, contradictions are real", () => {
    const printed = lines('07-codemaker');
    const summary = printed.pop()!;
    const turns: [string, string][] = [];
    for (const line of printed) {
      const [, guess, said, rest] = /^(\d{4}) (\S+): (.*)$/.exec(line)!;
      const left = /^(\d+) left$/.exec(rest);
      if (!left) {
        // Refused: no code gives this answer as well as the ones before it.
        expect(consistent(MASTERMIND, [...turns, [guess, said]])).toEqual([]);
        expect(rest).toMatch(/contradicts your answer/);
        continue;
      }
      // The same guess again: the turn before was taken back.
      if (turns.at(-1)?.[0] === guess) turns.pop();
      turns.push([guess, said]);
      expect(Number(left[1])).toBe(consistent(MASTERMIND, turns).length);
    }
    expect(turns[0][0]).toBe('1122');
    const [secret, solved] = turns.at(-1)!;
    expect(solved).toBe('4H0B');
    for (const [guess, said] of turns) expect(said).toBe(answer(secret, guess));
    expect(summary).toBe(`solved: true, in ${turns.length} guesses`);
  });

  it("08-codebreaker: the session's answers, counts and minimax hint, by counting", () => {
    const printed = lines('08-codebreaker');
    const secret = /^the secret was (\d{4}); over: true$/.exec(printed.pop()!)![1];
    const hint = /^hint: (\d+) left, minimax would guess (\d{4})$/.exec(printed[2])!;
    const turns: [string, string][] = [];
    for (const line of [printed[0], printed[1], printed[3]]) {
      const [, guess, said, left] = /^(\d{4}) (\S+): (\d+) left$/.exec(line)!;
      expect(said).toBe(answer(secret, guess));
      turns.push([guess, said]);
      expect(Number(left)).toBe(consistent(MOO, turns).length);
      if (turns.length === 2) {
        expect(Number(hint[1])).toBe(consistent(MOO, turns).length);
        // Knuth's rule by brute force: the least largest class, ties to a candidate, then the first.
        const candidates = consistent(MOO, turns);
        const worst = (guess: string) => {
          const sizes = new Map<string, number>();
          for (const c of candidates) {
            const said = answer(c, guess);
            sizes.set(said, (sizes.get(said) ?? 0) + 1);
          }
          return Math.max(...sizes.values());
        };
        const scores = MOO.map(worst);
        const least = Math.min(...scores);
        const best = MOO.filter((_, i) => scores[i] === least);
        expect(hint[2]).toBe(best.find((code) => candidates.includes(code)) ?? best[0]);
        expect(printed[3].startsWith(hint[2])).toBe(true);
      }
    }
  });

  it('09-optimal: Koyama and Lai, 5625 with one secret at 6, and 5626 within 5; Knuth’s 5', () => {
    expect(lines('09-optimal')).toEqual([
      'proved: true',
      '5625 guesses in all, at most 6; valid: true',
      expect.stringMatching(/^1 secret needs 6: \d{4}$/),
      '{"objective":"worst"}: proved true, 5626 in all, at most 5',
      // The least worst case alone: a strategy within 5, its total whatever the first found is.
      expect.stringMatching(/^\{"objective":"depth"\}: proved true, \d{4} in all, at most 5$/),
      '{"maxDepth":5}: proved true, 5626 in all, at most 5',
    ]);
    const progress = runs.get('examples/09-optimal.ts')!.stderr.trimEnd().split('\n');
    expect(progress.length).toBeGreaterThan(0);
    const last = /^best (\d+), at least (\d+), jobs (\d+)\/(\d+)$/.exec(progress.at(-1)!)!;
    expect(Number(last[1])).toBe(5625);
    expect(Number(last[2])).toBeLessThanOrEqual(5625);
    expect(last[3]).toBe(last[4]);
  });

  it("10-time-limit: Bulls and Cows's bounds hold around Tanaka's 26274", () => {
    const printed = lines('10-time-limit');
    const bound = Number(/^the least total is at least (\d+)$/.exec(printed[1])![1]);
    expect(bound).toBeLessThanOrEqual(26274);
    if (printed[0] === 'proved: true') {
      expect(printed[2]).toBe('best so far: 26274');
    } else {
      expect(printed[0]).toBe('proved: false');
      if (printed[2]) {
        const best = Number(/^best so far: (\d+)$/.exec(printed[2])![1]);
        expect(best).toBeGreaterThanOrEqual(26274);
      }
    }
  });

  it('11-static: the set tells every secret apart, and no smaller set does', () => {
    const [found, proved, ...rows] = lines('11-static');
    const codes = naiveCodes(4, '123', true);
    const [, size, list] = /^(\d+) guesses: (.*)$/.exec(found)!;
    const guesses = list.split(' ');
    expect(guesses).toHaveLength(Number(size));
    const rowOf = (secret: string, set: string[]) => set.map((g) => answer(secret, g)).join(' ');
    const separates = (set: string[]) =>
      new Set(codes.map((secret) => rowOf(secret, set))).size === codes.length;
    expect(separates(guesses)).toBe(true);
    // Every set one smaller, tried in turn.
    const smaller = (from: number, set: string[]): boolean =>
      set.length === guesses.length - 1
        ? separates(set)
        : codes.some((code, i) => i >= from && smaller(i + 1, [...set, code]));
    expect(smaller(0, [])).toBe(false);
    expect(proved).toBe('proved smallest: true');
    expect(rows).toEqual(['1111', '2132', '3333'].map((s) => `${s} ${rowOf(s, guesses)}`));
  });

  it('12-errors: the kinds, and messages that name the input', () => {
    const errors = lines('12-errors');
    const kindOf = errors.map((line) => line.split(': ')[1]);
    expect(kindOf).toEqual([
      'bad-code',
      'bad-code',
      'impossible-feedback',
      'bad-rules',
      'too-large',
    ]);
    expect(errors[0]).toMatch(/'1123'/);
    expect(errors[1]).toMatch(/'123'/);
    expect(errors[2]).toMatch(/3H1B/);
    expect(errors[3]).toMatch(/'chess'/);
    expect(errors[4]).toContain((36 ** 12).toExponential(3));
  });

  it("13-puzzles: the seed pages' answers", () => {
    const [komachi, money, jugs, squares] = lines('13-puzzles');
    const [, ways, sum] = /^(\d+) ways, such as (\S+)$/.exec(komachi)!;
    expect(Number(ways)).toBe(11);
    expect(sum.match(/[+-]?\d+/g)!.reduce((total, term) => total + Number(term), 0)).toBe(100);
    expect(sum.replace(/[+-]/g, '')).toBe('123456789');
    expect(money).toBe('9567+1085=10652');
    // Ten moves, replayed by hand: some jug ends with 4.
    const [, count, moves] = /^(\d+) moves: (.*)$/.exec(jugs)!;
    expect(Number(count)).toBe(10);
    const capacity = [8, 5];
    const water = [0, 0];
    for (const move of moves.split(', ')) {
      const [verb, a, , b] = move.split(' ');
      const i = Number(a) - 1;
      if (verb === 'fill') water[i] = capacity[i];
      else if (verb === 'empty') water[i] = 0;
      else {
        const j = Number(b) - 1;
        const poured = Math.min(water[i], capacity[j] - water[j]);
        water[i] -= poured;
        water[j] += poured;
      }
    }
    expect(water).toContain(4);
    expect(squares).toBe('8 magic squares of order 3');
  });
});

describe('the guide', () => {
  it("14-coach: Koyama and Lai's 5625 after 1123, Knuth's 5801, items counted by hand", () => {
    const [best, worse, heuristic, ...items] = lines('14-coach');
    const average = (total: number) => (total / 1296).toFixed(4);
    expect(best).toBe(
      `1123: ${average(5625)} guesses on average; the best, 1123, ${average(5625)}; lost 0.0000`,
    );
    const [, expected, named, least, lost] =
      /^1111: ([\d.]+) guesses on average; the best, (\d{4}), ([\d.]+); lost ([\d.]+)$/.exec(
        worse,
      )!;
    expect(least).toBe(average(5625));
    expect(Number(lost)).toBeCloseTo(Number(expected) - Number(least), 3);
    expect(Number(lost)).toBeGreaterThan(0);
    // The best guess named has 1123's pattern: two of one colour, one each of two others.
    expect([...new Set(named)].length).toBe(3);
    // Minimax after its own opening, 1122: Knuth's 5801.
    expect(heuristic).toMatch(
      new RegExp(`^within 100 nodes: no grade; by minimax: [\\d.]+ against ${average(5801)}$`),
    );
    const codes = naiveCodes(3, '0123456789', false);
    const high = (code: string) => [...code].map((digit) => Number(digit) >= 5);
    const spread = (code: string) =>
      Math.max(...[...code].map(Number)) - Math.min(...[...code].map(Number));
    const afterHighLow = codes.filter((code) => high(code).join() === high('048').join());
    const afterTarget = afterHighLow.filter((code) => code.indexOf('8') === '048'.indexOf('8'));
    const afterSlash = afterTarget.filter((code) => spread(code) === spread('048'));
    expect(items).toEqual([
      `{"item":"high-low","high":[false,false,true]}: ${afterHighLow.length} left`,
      `{"item":"target","symbol":8,"position":2}: ${afterTarget.length} left`,
      `{"item":"slash","spread":8}: ${afterSlash.length} left`,
    ]);
  });

  it('15-threads: on worker threads, the totals and opening of one walk in this thread', () => {
    const [moo, opening] = lines('15-threads');
    const alone = analyze(new Game(resolveRules({ game: 'moo' })), createStrategy('entropy'));
    expect(moo).toBe(
      `Bulls and Cows by entropy: ${alone.total} guesses in all, at most ${alone.max}`,
    );
    // Knuth's opening, which minimax takes whether or not it keeps to consistent codes.
    expect(opening).toBe('first guess 1122');
  });

  it("16-proved: Koyama and Lai's 5625 and Tanaka's 26274, and what the exact search proves here", async () => {
    const [mastermind, moo, hitAndBlow, numeron] = lines('16-proved');
    expect(mastermind).toMatch(/^mastermind: 5625 guesses in all, at most 6, opening /);
    // Every opening of Bulls and Cows is the same up to symmetry; the search takes the first.
    expect(moo).toBe('moo: 26274 guesses in all, at most 7, opening 0123');
    for (const [line, game] of [
      [mastermind, 'mastermind'],
      [hitAndBlow, 'hit-and-blow'],
      [numeron, 'numeron'],
    ] as const) {
      const proved = await findOptimal(new Game(resolveRules({ game })));
      const { total, max } = analyzeTree(proved.tree!);
      const opening = proved.tree!.game.codes.make(proved.tree!.root.guess);
      expect(line).toBe(`${game}: ${total} guesses in all, at most ${max}, opening ${opening}`);
    }
  });

  it('has every example checked above', async () => {
    const names = (await exampleFiles()).map((file) => file.replace(/^examples\/|\.ts$/g, ''));
    expect(names).toEqual([
      '00-start',
      '01-rules',
      '02-score',
      '03-candidates',
      '04-strategy',
      '05-analyze',
      '06-tree',
      '07-codemaker',
      '08-codebreaker',
      '09-optimal',
      '10-time-limit',
      '11-static',
      '12-errors',
      '13-puzzles',
      '14-coach',
      '15-threads',
      '16-proved',
    ]);
  });

  it('quotes every example, and the browser example, in docs/api.md', async () => {
    const guide = await readFile(join(ROOT, 'docs/api.md'), 'utf8');
    const quoted = guideMarkers(guide)
      .filter((m) => m.kind === 'file')
      .map((m) => m.file);
    const browser = ['index.html', 'main.ts', 'worker.ts'].map((f) => `examples/browser/${f}`);
    expect(new Set(quoted)).toEqual(new Set([...(await exampleFiles()), ...browser]));
    for (const file of quoted) expect(existsSync(join(ROOT, file))).toBe(true);
  });

  it.each(GUIDES)(
    '%s quotes each example and what it prints exactly (npm run docs:api)',
    async (path) => {
      const document = await readFile(join(ROOT, path), 'utf8');
      const markers = guideMarkers(document);
      expect(markers.length).toBeGreaterThan(0);
      const files = new Map<string, string>();
      for (const { file } of markers) files.set(file, await readFile(join(ROOT, file), 'utf8'));
      const outputs = new Map([...runs].map(([file, run]) => [file, run.stdout]));
      expect(renderGuide(document, files, outputs)).toBe(document);
    },
  );
});
