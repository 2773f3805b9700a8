/**
 * `npm run optimal-table`: the optimal total and least worst case of small games, computed by
 * codebreaker itself, as a Markdown table (written to docs/optimal-table.md and printed).
 * Every game whose score table fits (up to 8192 codes) is tried; each search gets
 * `--seconds N` (default 120), and a game that does not finish in time is listed with the
 * bounds it reached, marked unproved.
 *
 * `--feedback=black` does the same for black-peg games (hits only) of 2 to 4 pegs, written to
 * docs/black-peg-table.md: there colours go up from 2 until a search does not finish in time
 * (the next games would take longer still), and the games small enough for it (up to
 * `NAIVE_MAX_CODES` codes) are solved again by the deliberately naive solver of the tests
 * (test/naive.ts: every guess at every set of secrets, hits counted from the definition), which
 * shares no code with the search; the column "naive" says whether both figures agree. The
 * table replaces the one between the markers of that file, whose prose is written by hand.
 */
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { Game, TABLE_MAX_CODES } from '../src/game.js';
import { countCodes, feedbackByName, resolveRules } from '../src/rules.js';
import { costMax, costTotal } from '../src/search/cost.js';
import { findOptimal } from '../src/search/optimal.js';
import {
  type NaiveAnswer,
  naiveBlackAnswer,
  naiveCodes,
  naiveLeastWorstCase,
  naiveOptimal,
} from '../test/naive.js';

const secondsArg = process.argv.find((arg) => arg.startsWith('--seconds='));
const limit = Number(secondsArg?.slice('--seconds='.length) ?? 120);
const feedbackArg = process.argv.find((arg) => arg.startsWith('--feedback='));
const feedback = feedbackByName(feedbackArg?.slice('--feedback='.length) ?? 'full');
const black = feedback === 'black';
/** Black-peg games up to this many codes are checked against the naive solver too. */
const NAIVE_MAX_CODES = 30;
const TABLE_START = '<!-- table: npm run optimal-table -- --feedback=black -->';
const TABLE_END = '<!-- end of table -->';

async function timed<T>(
  run: (stop: () => boolean) => Promise<T>,
): Promise<{ result: T; seconds: number }> {
  const start = performance.now();
  const result = await run(() => performance.now() - start > limit * 1000);
  return { result, seconds: (performance.now() - start) / 1000 };
}

/** "yes" when the naive solver gives both figures too, "no" (loudly) when it disagrees. */
function naiveCheck(
  codes: string[],
  answerOf: NaiveAnswer,
  expected: [number, number],
  worst: [number, number, number],
): string {
  const least = naiveOptimal(codes, 64, false, answerOf)!;
  const leastWorst = naiveLeastWorstCase(codes, answerOf);
  const agree =
    least.join() === expected.join() && leastWorst.join() === [worst[0], worst[1], worst[2]].join();
  if (!agree)
    console.error(`naive solver disagrees: ${least} ${leastWorst} vs ${expected} ${worst}`);
  return agree ? 'yes' : '**no**';
}

const rows: string[] = [
  `| pegs | colours | repetition | codes | least total | average | max | least worst case | total at it | time |${black ? ' naive |' : ''}`,
  `|---|---|---|---|---|---|---|---|---|---|${black ? '---|' : ''}`,
];
for (const repeat of [true, false]) {
  for (let pegs = 2; pegs <= (black ? 4 : 6); pegs++) {
    for (let colors = 2; colors <= 10; colors++) {
      if (!repeat && colors < pegs) continue;
      const codes = countCodes(pegs, colors, repeat);
      if (codes > TABLE_MAX_CODES || codes < 2) continue;
      const game = new Game(resolveRules({ pegs, colors, repeat, feedback }));
      const progress = (stop: () => boolean) => ({
        progressEvery: 256,
        onProgress: () => stop(),
      });
      const expected = await timed((stop) => findOptimal(game, progress(stop)));
      const worst = await timed((stop) =>
        findOptimal(game, { objective: 'worst', ...progress(stop) }),
      );
      const e = expected.result;
      const w = worst.result;
      const total = e.proved
        ? String(costTotal(e.cost))
        : `≥ ${e.lowerBound} (≤ ${costTotal(e.cost)})`;
      const average = e.proved ? (costTotal(e.cost) / codes).toFixed(5) : '';
      // Stopped at depth d, the worst-case search has refuted every depth below d; a strategy
      // within d then settles the least worst case, though not yet the least total at it.
      const least = w.proved
        ? String(w.depth)
        : black
          ? `${Number.isFinite(w.cost) ? '' : '≥ '}${w.depth}`
          : Number.isFinite(w.cost)
            ? `≤ ${costMax(w.cost)}`
            : '?';
      const atLeast = w.proved ? String(costTotal(w.cost)) : '';
      let naive = '';
      if (black) {
        naive =
          codes <= NAIVE_MAX_CODES && e.proved && w.proved
            ? naiveCheck(
                naiveCodes(pegs, game.rules.alphabet, repeat),
                naiveBlackAnswer,
                [costTotal(e.cost), costMax(e.cost)],
                [w.depth, costTotal(w.cost), costMax(w.cost)],
              )
            : '';
      }
      const row = `| ${pegs} | ${colors} | ${repeat ? 'yes' : 'no'} | ${codes} | ${total} | ${average} | ${e.proved ? costMax(e.cost) : ''} | ${least} | ${atLeast} | ${(expected.seconds + worst.seconds).toFixed(1)} s |${black ? ` ${naive} |` : ''}`;
      rows.push(row);
      console.log(row);
      if (black && !(e.proved && w.proved)) break;
    }
  }
}
if (black) {
  // The table goes between its markers; the prose around it is written by hand.
  const path = 'docs/black-peg-table.md';
  const doc = existsSync(path) ? readFileSync(path, 'utf8') : `${TABLE_START}\n${TABLE_END}\n`;
  const start = doc.indexOf(TABLE_START);
  const end = doc.indexOf(TABLE_END);
  if (start < 0 || end < start) throw new Error(`${path} has no ${TABLE_START} … ${TABLE_END}`);
  const table = `${TABLE_START}\n${rows.join('\n')}\n`;
  writeFileSync(path, doc.slice(0, start) + table + doc.slice(end));
} else {
  writeFileSync('docs/optimal-table.md', `${rows.join('\n')}\n`);
}
