/**
 * The refutation campaigns' logs (campaigns/*.refutation.jsonl, scripts/depth-refutation.ts):
 * each line's second guess is one of the state's representatives and the class it names is the
 * class that guess leaves, of the size written; the campaign's last run says proved exactly when
 * every opening has a line for every representative. With the slow proofs (`CODEBREAKER_SLOW=1`), a sample of lines is
 * solved again by the exact search. What a log concludes is checked here; that each named class
 * has no strategy within D − 2 is what `--recheck` solves again in full.
 */
import { readFileSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  type RefutationLine,
  piecesFileOf,
  readRefutationLog,
  readRefutationPieces,
} from '../scripts/refutation-log.js';
import { allCandidates, classOf, partition } from '../src/candidates.js';
import { parseFeedback } from '../src/feedback.js';
import { gameFor } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { OptimalSearch } from '../src/search/branch-and-bound.js';
import { guessRepresentatives } from '../src/symmetry.js';

const DIR = join(import.meta.dirname, '..', 'campaigns');
const SLOW = process.env.CODEBREAKER_SLOW === '1';

interface Campaign {
  name: string;
  command?: string;
  rules: string[];
  maxDepth: number;
}

/** The rules flags of a campaign as `resolveRules` takes them. */
function rulesOf(flags: readonly string[]) {
  const value = (flag: string) => {
    const at = flags.indexOf(flag);
    return at < 0 ? undefined : flags[at + 1];
  };
  return resolveRules({
    game: value('--game'),
    pegs: value('--pegs'),
    colors: value('--colors'),
    repeat: flags.includes('--no-repeat') ? false : flags.includes('--repeat') ? true : undefined,
  });
}

const campaigns = (
  JSON.parse(readFileSync(join(DIR, 'campaigns.json'), 'utf8')) as Campaign[]
).filter((campaign) => campaign.command === 'refutation');

describe('the refutation campaigns’ logs', () => {
  it('has a log for every refutation campaign, and a campaign for every log', () => {
    const logs = readdirSync(DIR).filter((file) => file.endsWith('.refutation.jsonl'));
    expect(logs.sort()).toEqual(campaigns.map((c) => `${c.name}.refutation.jsonl`).sort());
  });

  for (const campaign of campaigns) {
    describe(campaign.name, () => {
      const game = gameFor(rulesOf(campaign.rules));
      const lines = readRefutationLog(join(DIR, `${campaign.name}.refutation.jsonl`));
      const all = allCandidates(game);
      const openings = [...(guessRepresentatives(game, [], all) ?? all)].map((code) =>
        game.codes.make(code),
      );

      it('names, on each line, a representative second guess and the class it leaves', () => {
        for (const line of lines) expect(line.depth).toBe(campaign.maxDepth);
        const byOpening = new Map<string, RefutationLine[]>();
        for (const line of lines)
          byOpening.set(line.opening, [...(byOpening.get(line.opening) ?? []), line]);
        for (const [opening, mine] of byOpening) {
          expect(openings).toContain(opening);
          // One class per opening, and no second guess twice but as a recheck of the line
          // before it, the same in all but its cost.
          const answers = new Set(mine.map((line) => line.answer));
          expect(answers.size).toBe(1);
          const seen = new Map<string, RefutationLine>();
          for (const line of mine) {
            const before = seen.get(line.guess);
            expect(line.recheck === true).toBe(before !== undefined);
            if (before) {
              expect([line.refutedBy, line.size]).toEqual([before.refutedBy, before.size]);
            }
            seen.set(line.guess, line);
          }
          const first = game.codes.parse(opening);
          const answer = game.answerIndex(parseFeedback(mine[0].answer, game.rules));
          const members = classOf(partition(game, first, all), answer);
          const representatives = new Set(
            [...(guessRepresentatives(game, [{ guess: first, answer }], members) ?? all)].map(
              (code) => game.codes.make(code),
            ),
          );
          for (const line of mine) {
            expect(representatives.has(line.guess)).toBe(true);
            // A way on names no class.
            if (line.refutedBy === null) {
              expect(line.size).toBe(null);
              continue;
            }
            const parts = partition(game, game.codes.parse(line.guess), members);
            const by = game.answerIndex(parseFeedback(line.refutedBy, game.rules));
            expect(by).not.toBe(game.solved);
            expect(classOf(parts, by).length).toBe(line.size);
          }
        }
      });

      it('says proved in its last run exactly when every opening has every second guess refuted', () => {
        const complete = openings.every((opening) => {
          const mine = lines.filter((line) => line.opening === opening);
          if (mine.length === 0) return false;
          const first = game.codes.parse(opening);
          const answer = game.answerIndex(parseFeedback(mine[0].answer, game.rules));
          const members = classOf(partition(game, first, all), answer);
          const representatives =
            guessRepresentatives(game, [{ guess: first, answer }], members) ?? all;
          const settled = mine.filter((line) => !line.recheck);
          return (
            representatives.length === settled.length &&
            settled.every((line) => line.refutedBy !== null)
          );
        });
        const runs = readFileSync(join(DIR, 'runs.jsonl'), 'utf8')
          .split('\n')
          .filter((line) => line !== '')
          .map(
            (line) => JSON.parse(line) as { campaign: string; proved: boolean; relied?: unknown },
          )
          .filter(
            (run) =>
              run.campaign === campaign.name &&
              (run.relied as { logLines?: number } | undefined)?.logLines !== undefined,
          );
        expect(runs.at(-1)?.proved === true).toBe(complete);
      });

      it('has pieces (third guesses at a large class) only of its second guesses, each at a class that guess leaves', () => {
        const pieces = readRefutationPieces(
          piecesFileOf(join(DIR, `${campaign.name}.refutation.jsonl`)),
        );
        // The classes of each opening and second guess, worked out once: many pieces share them.
        const remembered = <T>(make: (key: string) => T): ((key: string) => T) => {
          const made = new Map<string, T>();
          return (key) => {
            if (!made.has(key)) made.set(key, make(key));
            return made.get(key)!;
          };
        };
        const classOfOpening = remembered((key) => {
          const [opening, answerText] = key.split(' ');
          const first = game.codes.parse(opening);
          const answer = game.answerIndex(parseFeedback(answerText, game.rules));
          const members = classOf(partition(game, first, all), answer);
          const representatives =
            guessRepresentatives(game, [{ guess: first, answer }], members) ?? all;
          return { members, representatives: new Set(representatives) };
        });
        const classesOfSecond = remembered((key) => {
          const [opening, answerText, guess] = key.split(' ');
          const { members } = classOfOpening(`${opening} ${answerText}`);
          return partition(game, game.codes.parse(guess), members);
        });
        for (const piece of pieces) {
          expect(piece.depth).toBe(campaign.maxDepth);
          expect(openings).toContain(piece.opening);
          // The class of the opening the log is about, if it has lines of that opening.
          const answers = lines.filter((line) => line.opening === piece.opening);
          if (answers.length > 0) expect(piece.answer).toBe(answers[0].answer);
          const { representatives } = classOfOpening(`${piece.opening} ${piece.answer}`);
          expect(representatives.has(game.codes.parse(piece.guess))).toBe(true);
          const within = game.answerIndex(parseFeedback(piece.within, game.rules));
          expect(within).not.toBe(game.solved);
          const classes = classesOfSecond(`${piece.opening} ${piece.answer} ${piece.guess}`);
          expect(classOf(classes, within).length).toBeGreaterThan(2);
          expect(game.codes.make(game.codes.parse(piece.third))).toBe(piece.third);
        }
      });

      it.runIf(SLOW)(
        'holds on a sample of lines, solved again by the exact search',
        { timeout: 1_800_000 },
        () => {
          const search = new OptimalSearch(game, { firstFound: true, lookahead: false });
          // Every 97th line: a spread over the openings, a few minutes in all.
          const refuted = lines.flatMap(({ refutedBy, ...line }) =>
            refutedBy === null || line.recheck ? [] : [{ ...line, refutedBy }],
          );
          for (const line of refuted.filter((_, index) => index % 97 === 0)) {
            const first = game.codes.parse(line.opening);
            const second = game.codes.parse(line.guess);
            const answer = game.answerIndex(parseFeedback(line.answer, game.rules));
            const members = classOf(partition(game, first, all), answer);
            const by = game.answerIndex(parseFeedback(line.refutedBy, game.rules));
            const part = classOf(partition(game, second, members), by);
            expect(search.solve(part, [first, second], line.depth - 2).guess).toBe(-1);
          }
        },
      );
    });
  }
});
