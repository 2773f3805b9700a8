/**
 * `npm run optimal-table`: the optimal total and least worst case of small games, computed by
 * codebreaker itself, as a Markdown table (written to docs/optimal-table.md and printed).
 * Every game whose score table fits (up to 8192 codes) is tried; each search gets
 * `--seconds N` (default 120), and a game that does not finish in time is listed with the
 * bounds it reached, marked unproved.
 */
import { writeFileSync } from 'node:fs';
import { Game, TABLE_MAX_CODES } from '../src/game.js';
import { countCodes, resolveRules } from '../src/rules.js';
import { costMax, costTotal } from '../src/search/cost.js';
import { findOptimal } from '../src/search/optimal.js';

const secondsArg = process.argv.find((arg) => arg.startsWith('--seconds='));
const limit = Number(secondsArg?.slice('--seconds='.length) ?? 120);

async function timed<T>(
  run: (stop: () => boolean) => Promise<T>,
): Promise<{ result: T; seconds: number }> {
  const start = performance.now();
  const result = await run(() => performance.now() - start > limit * 1000);
  return { result, seconds: (performance.now() - start) / 1000 };
}

const rows: string[] = [
  '| pegs | colours | repetition | codes | least total | average | max | least worst case | total at it | time |',
  '|---|---|---|---|---|---|---|---|---|---|',
];
for (const repeat of [true, false]) {
  for (let pegs = 2; pegs <= 6; pegs++) {
    for (let colors = 2; colors <= 10; colors++) {
      if (!repeat && colors < pegs) continue;
      const codes = countCodes(pegs, colors, repeat);
      if (codes > TABLE_MAX_CODES || codes < 2) continue;
      const game = new Game(resolveRules({ pegs, colors, repeat }));
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
      const least = w.proved
        ? String(w.depth)
        : Number.isFinite(w.cost)
          ? `≤ ${costMax(w.cost)}`
          : '?';
      const atLeast = w.proved ? String(costTotal(w.cost)) : '';
      const row = `| ${pegs} | ${colors} | ${repeat ? 'yes' : 'no'} | ${codes} | ${total} | ${average} | ${e.proved ? costMax(e.cost) : ''} | ${least} | ${atLeast} | ${(expected.seconds + worst.seconds).toFixed(1)} s |`;
      rows.push(row);
      console.log(row);
    }
  }
}
writeFileSync('docs/optimal-table.md', `${rows.join('\n')}\n`);
