import { describe, expect, it } from 'vitest';
import { wholeGameJob } from '../../../test/jobs.js';
import { gameFor } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { costTotal } from '../../search/cost.js';
import { workerPool } from './optimal-pool.js';

describe('the worker threads of a proof', () => {
  it('a job that fails in its thread fails alone: the thread solves the next one', async () => {
    const game = gameFor(resolveRules({ game: 'hit-and-blow' }));
    const whole = wholeGameJob(game);
    const pool = workerPool(1, 64 * 2 ** 20);
    try {
      // A guess that is no code: the search reads outside its tables, in the thread.
      await expect(pool.run({ ...whole, guess: 100_000 }, () => false)).rejects.toThrow();
      const answer = await pool.run(whole, () => false);
      expect(costTotal(answer.cost)).toBe(1446);
    } finally {
      await pool.close();
    }
  });
});
