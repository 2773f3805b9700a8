/**
 * The report of `optimal --below T --raise STEP` stopped after some of its searches ran to their
 * end: what it says it proved is the last of those, raised from T, and what it shows is the
 * fallback. The proof is the library's, stopped at a report in turn until one such stop
 * (test/jobs.ts).
 */
import { describe, expect, it } from 'vitest';
import { raisedAndStopped } from '../../../test/jobs.js';
import { Game } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { printResult } from './optimal-report.js';

describe('the report of a proof raised and stopped', () => {
  it('says below what total the last search that ran to its end found nothing', async () => {
    const game = new Game(resolveRules({ game: 'mastermind' }));
    for await (const result of raisedAndStopped(game, 5000, 40)) {
      expect(result.proved).toBe(false);
      if (!result.exhaustive || result.below === 5000) continue;
      const printed: string[] = [];
      const io = { out: (text: string) => printed.push(text), err: () => {}, errIsTerminal: false };
      const facts = { objective: 'expected' as const, maxDepth: undefined, threads: 1, seconds: 1 };
      printResult(io, game, {}, result, { ...facts, below: 5000, raise: 40 });
      const below = result.below!.toLocaleString('en');
      expect(printed.join('')).toMatch(
        new RegExp(
          `^proved {4}no strategy totals less than ${below}: the search was exhaustive, raised from 5,000 40 at a time \\(.*\\); the optimum is at least ${result.lowerBound}$`,
          'm',
        ),
      );
      expect(printed.join('')).toMatch(/^\(the fallback, expected size: 5696\)$/m);
      break;
    }
  });
});
