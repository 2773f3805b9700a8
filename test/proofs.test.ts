/**
 * The proved strategy trees kept in docs/proofs: each file plays every secret of its game with
 * the total and worst case the README's table states for it (read by `codebreaker verify`, as a
 * user would check it). The optimality itself rests on the exhaustive search that made the tree;
 * what a file can show is that the strategy exists and plays as claimed.
 */
import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli as cli } from './cli.js';

const DIR = join(import.meta.dirname, '..', 'docs', 'proofs');

/** What each proof file is stated to achieve (README, "Results it reproduces or settles"). */
const STATED: Record<string, { secrets: number; total: number; max: number }> = {
  'mastermind-4x9-expected.json.gz': { secrets: 6561, total: 34666, max: 7 },
  'mastermind-5x6-expected.json.gz': { secrets: 7776, total: 36721, max: 6 },
};

describe('the proved trees in docs/proofs', () => {
  const files = readdirSync(DIR).filter((name) => name.endsWith('.json.gz'));

  it('lists a stated result for every file, and a file for every stated result', () => {
    expect(files.sort()).toEqual(Object.keys(STATED).sort());
  });

  it.each(files)('%s verifies with the stated total and worst case', async (file) => {
    const { status, out } = await cli('verify', join(DIR, file), '--json');
    expect(status).toBe(0);
    expect(JSON.parse(out)).toMatchObject({ valid: true, ...STATED[file] });
  });
});
