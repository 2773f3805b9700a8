/**
 * The static search's pool of worker threads: the jobs of a size with a checkpoint
 * (`searchJobs`), which end at the deadline however few sets each visits.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { gameFor } from '../../game.js';
import { staticJobDepth as jobDepth, staticPrefixes } from '../../search/static-jobs.js';
import { StaticPool } from './static-threads.js';

/** Bulls and Cows: its jobs of size 5 visit almost no set each, so none looks at the clock. */
const moo = gameFor({ pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' });
const prefixes = staticPrefixes(moo, jobDepth(5));
const pool = new StaticPool(1);
afterAll(() => pool.close());

/** Runs jobs `todo` of size 5 on the pool until `deadline`; the result and the jobs refuted. */
async function jobs(todo: number[], deadline?: number) {
  const refuted: number[] = [];
  const result = await pool.searchJobs({
    rules: moo.rules,
    size: 5,
    prefixes,
    todo,
    deadline,
    onNodes: () => {},
    onRefuted: (job) => refuted.push(job),
  });
  return { result, refuted };
}

describe('StaticPool.searchJobs', () => {
  it('runs the jobs it is given to their end, each refuted in turn on one thread', async () => {
    const { result, refuted } = await jobs([0, 1, 2, 3]);
    expect(result.complete).toBe(true);
    expect(result.guesses).toBeUndefined();
    expect(refuted).toEqual([0, 1, 2, 3]);
  });

  it('starts no job past its deadline, though a job that small would never see it', async () => {
    const { result, refuted } = await jobs([0, 1, 2, 3], Date.now() - 1);
    expect(result).toEqual({ complete: false, nodes: 0 });
    expect(refuted).toEqual([]);
  });
});
