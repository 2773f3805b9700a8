/**
 * `npm run bench`: times codebreaker against baselines measured in the same run, and prints the
 * ratios; the whole run takes about twenty minutes (the settled proofs alone about nine, the
 * optimal Bulls and Cows proof one or two, the refutations under a minute). `npm run bench --
 * --full` runs every baseline over every secret instead of a sample, and
 * the longer proofs (Bulls and Cows on one thread too); `--only=NAME` runs one section. Needs
 * `npm run build` (done by `npm ci`) for the sections that time the CLI.
 */
import { analyze } from '../src/analyze.js';
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { parseFeedback } from '../src/feedback.js';
import { Game } from '../src/game.js';
import { type RulesOptions, resolveRules } from '../src/rules.js';
import { OptimalSearch } from '../src/search/branch-and-bound.js';
import { HEURISTIC_NAMES, heuristicStrategy } from '../src/strategies/heuristic.js';
import { createStrategy } from '../src/strategies/index.js';
import { allCodes, playGenerateAndTest } from './generate-and-test.js';
import { optimalBench } from './optimal.bench.js';
import { line } from './process.js';
import { puzzlesBench } from './puzzles.bench.js';
import { queueBench } from './queue.bench.js';
import { settledBench } from './settled.bench.js';
import { speedBench } from './speed.bench.js';
import { staticJobsBench } from './static-jobs.bench.js';
import { staticBench } from './static.bench.js';

const full = process.argv.includes('--full');
const only = process.argv.find((arg) => arg.startsWith('--only='))?.slice('--only='.length);

function seconds(start: number): number {
  return (performance.now() - start) / 1000;
}

/** First-consistent analysis of n of 10 against generate-and-test. */
function firstConsistentBench(): void {
  const widths = [8, 8, 12, 22, 10];
  console.log('first-consistent analysis, n of 10 without repetition');
  console.log(line(['game', 'secrets', 'codebreaker', 'generate-and-test', 'speed-up'], widths));
  for (const pegs of [4, 5, 6]) {
    let start = performance.now();
    const game = new Game(resolveRules({ game: 'moo', pegs }));
    const analysis = analyze(game, createStrategy('first-consistent'));
    const ours = seconds(start);

    const codes = allCodes(pegs, 10);
    const sampleEvery = full || pegs === 4 ? 1 : pegs === 5 ? 60 : 1500;
    start = performance.now();
    let sampled = 0;
    for (let secret = 0; secret < codes.length; secret += sampleEvery) {
      const guesses = playGenerateAndTest(codes, codes[secret]);
      if (guesses !== analysis.guesses[secret]) {
        throw new Error(`baseline and codebreaker disagree on secret ${codes[secret].join('')}`);
      }
      sampled++;
    }
    const baseline = (seconds(start) * codes.length) / sampled;
    const how = sampled === codes.length ? 'all' : `${sampled} sampled`;
    console.log(
      line(
        [
          `${pegs} of 10`,
          codes.length,
          `${ours.toFixed(3)} s`,
          `${baseline.toFixed(2)} s (${how})`,
          `${Math.round(baseline / ours)}×`,
        ],
        widths,
      ),
    );
  }
  console.log('(a sampled baseline plays every k-th secret and scales its time to all secrets)\n');
}

/** Full heuristic analyses of Bulls and Cows (every code a guess) with and without symmetry. */
function heuristicBench(): void {
  const game = new Game(resolveRules({ game: 'moo' }));
  console.log('heuristic analyses of Bulls and Cows (scored by the partition kernel, no table)');
  const widths = [14, 7, 14, 14, 9, 20];
  console.log(
    line(['strategy', 'total', 'symmetry', 'no symmetry', 'speed-up', 'guesses scored'], widths),
  );
  for (const name of HEURISTIC_NAMES) {
    const timed = (symmetry: boolean) => {
      const strategy = heuristicStrategy(name, { symmetry });
      const begin = performance.now();
      const { total } = analyze(game, strategy);
      return { total, time: seconds(begin), scored: strategy.stats.scored };
    };
    const plain = timed(false);
    const reduced = timed(true);
    if (plain.total !== reduced.total) throw new Error(`${name}: symmetry changed the total`);
    console.log(
      line(
        [
          name,
          reduced.total,
          `${reduced.time.toFixed(3)} s`,
          `${plain.time.toFixed(3)} s`,
          `${(plain.time / reduced.time).toFixed(2)}×`,
          `${reduced.scored} / ${plain.scored}`,
        ],
        widths,
      ),
    );
  }
  console.log('');
}

/**
 * The score table of the exact search (in shared memory, as `optimal` builds it): the
 * WebAssembly kernel against the TypeScript builder, the same tables.
 */
function tablesBench(): void {
  const games: [string, RulesOptions][] = [
    ['Mastermind', { game: 'mastermind' }],
    ['Bulls and Cows', { game: 'moo' }],
    ['4 × 10 with repetition', { pegs: 4, colors: 10, repeat: true }],
    ['Super Mastermind (1 GiB)', { game: 'super-mastermind' }],
  ];
  console.log('score tables: the WebAssembly kernel against the TypeScript builder');
  const widths = [26, 8, 12, 12, 9];
  console.log(line(['game', 'codes', 'kernel', 'TypeScript', 'speed-up'], widths));
  for (const [name, options] of games) {
    const rules = resolveRules(options);
    const timed = (simd: boolean) => {
      const game = new Game(rules, { simd });
      const begin = performance.now();
      const table = game.searchTable({ shared: true })!;
      return { table, time: seconds(begin), size: game.size };
    };
    const kernel = timed(true);
    const plain = timed(false);
    if (Buffer.compare(plain.table, kernel.table) !== 0) {
      throw new Error(`${name}: the kernel's table differs`);
    }
    console.log(
      line(
        [
          name,
          kernel.size,
          `${kernel.time.toFixed(3)} s`,
          `${plain.time.toFixed(3)} s`,
          `${(plain.time / kernel.time).toFixed(1)}×`,
        ],
        widths,
      ),
    );
  }
  console.log('');
}

/**
 * The refutation of a worst case (scripts/depth-refutation.ts): classes of Super Mastermind its
 * log says have no strategy within the 4 guesses left after two, each searched with early
 * counting (as the script searches) and, as the baseline in the same run, with the full count;
 * both must refute the class, with the same nodes.
 */
function refutationBench(): void {
  console.log(
    'refutations within a depth: early counting against the full count (Super Mastermind)',
  );
  const widths = [36, 7, 8, 10, 10, 8];
  console.log(line(['class', 'secrets', 'nodes', 'full', 'early', 'speed-up'], widths));
  const game = new Game(resolveRules({ game: 'super-mastermind' }));
  game.useTable();
  const all = allCandidates(game);
  const searches = [false, true].map(
    (earlyCount) => new OptimalSearch(game, { firstFound: true, lookahead: false, earlyCount }),
  );
  // Lines of campaigns/super-mastermind-depth6.refutation.jsonl: opening, class, second guess,
  // the class it leaves.
  const classes = [
    ['11123', '0H1B', '12445', '0H2B'],
    ['11234', '0H2B', '12315', '0H2B'],
  ];
  for (const [opening, answer, second, by] of classes) {
    const [first, next] = [opening, second].map((code) => game.codes.parse(code));
    const members = classOf(
      partition(game, first, all),
      game.answerIndex(parseFeedback(answer, game.rules)),
    );
    const part = classOf(
      partition(game, next, members),
      game.answerIndex(parseFeedback(by, game.rules)),
    );
    const [full, early] = searches.map((search) => {
      const nodes = search.nodes;
      const start = performance.now();
      const refuted = search.solve(part, [first, next], 4).guess < 0;
      return { refuted, nodes: search.nodes - nodes, seconds: seconds(start) };
    });
    if (!full.refuted || !early.refuted || full.nodes !== early.nodes) {
      throw new Error(`${opening} ${answer} ${second} ${by}: the two searches disagree`);
    }
    console.log(
      line(
        [
          `${opening} ${answer}, then ${second} ${by}`,
          part.length,
          early.nodes,
          `${full.seconds.toFixed(1)} s`,
          `${early.seconds.toFixed(1)} s`,
          `${(full.seconds / early.seconds).toFixed(2)}×`,
        ],
        widths,
      ),
    );
  }
  console.log('');
}

/**
 * Third guesses of 5 of 10's refutation within 7 (campaigns/README.md), after 01234 0H2B and
 * 12567 0H2B, each refuted as scripts/depth-refutation.ts refutes a piece: its classes smallest
 * first, each searched within the 4 guesses left until one has no strategy. Its nodes with three
 * guesses left ranked under their own widths (`ownWidth`), and, as the baseline in the same run,
 * under their parents'; both must refute each piece by the same class, with the same nodes.
 */
function refutationPiecesBench(): void {
  console.log('refutation pieces, nodes with three left ranked under their own width (5 of 10)');
  const widths = [34, 7, 8, 10, 10, 8];
  console.log(line(['third guess', 'class', 'nodes', 'parent', 'own', 'speed-up'], widths));
  const game = new Game(resolveRules({ pegs: 5, colors: 10, repeat: false }));
  game.useTable();
  const answer = (text: string): number => game.answerIndex(parseFeedback(text, game.rules));
  const [opening, second] = ['01234', '12567'].map((code) => game.codes.parse(code));
  const members = classOf(
    partition(game, second, classOf(partition(game, opening, allCandidates(game)), answer('0H2B'))),
    answer('0H2B'),
  );
  const searches = [false, true].map(
    (ownWidth) =>
      new OptimalSearch(game, { firstFound: true, lookahead: false, earlyCount: true, ownWidth }),
  );
  const totals = [0, 0];
  for (const third of ['62410', '23654', '64083']) {
    const guess = game.codes.parse(third);
    const split = partition(game, guess, members);
    const classes = [...Array(game.answers).keys()]
      .filter((a) => a !== game.solved)
      .map((a) => classOf(split, a))
      .filter((part) => part.length > 2)
      .sort((a, b) => a.length - b.length);
    const [parent, own] = searches.map((search, i) => {
      const nodes = search.nodes;
      const start = performance.now();
      const by = classes.find((part) => search.solve(part, [opening, second, guess], 4).guess < 0);
      totals[i] += seconds(start);
      return { by: by?.length, nodes: search.nodes - nodes, seconds: seconds(start) };
    });
    if (parent.by === undefined || parent.by !== own.by || parent.nodes !== own.nodes) {
      throw new Error(`01234 0H2B 12567 0H2B ${third}: the two searches disagree`);
    }
    console.log(
      line(
        [
          `01234 0H2B, 12567 0H2B, then ${third}`,
          own.by,
          own.nodes,
          `${parent.seconds.toFixed(1)} s`,
          `${own.seconds.toFixed(1)} s`,
          `${(parent.seconds / own.seconds).toFixed(2)}×`,
        ],
        widths,
      ),
    );
  }
  console.log(
    line(
      [
        'all three',
        '',
        '',
        `${totals[0].toFixed(1)} s`,
        `${totals[1].toFixed(1)} s`,
        `${(totals[0] / totals[1]).toFixed(2)}×`,
      ],
      widths,
    ),
  );
  console.log('');
}

const benches: Record<string, () => void | Promise<void>> = {
  'first-consistent': firstConsistentBench,
  heuristics: heuristicBench,
  tables: tablesBench,
  optimal: () => optimalBench(full),
  settled: settledBench,
  puzzles: puzzlesBench,
  queue: queueBench,
  static: staticBench,
  'static-jobs': staticJobsBench,
  speed: speedBench,
  refutation: refutationBench,
  'refutation-pieces': refutationPiecesBench,
};
for (const [name, bench] of Object.entries(benches)) if (!only || only === name) await bench();
