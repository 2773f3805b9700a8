import { describe, expect, it } from 'vitest';
import { resolveRules } from '../rules.js';
import { Checkpoint } from './checkpoint.js';

/** An empty checkpoint of classic Mastermind's least total. */
function leastTotalOfMastermind(): Checkpoint {
  return new Checkpoint({
    rules: resolveRules({ game: 'mastermind' }),
    objective: 'expected',
    maxDepth: null,
    consistentOnly: false,
  });
}

describe('the records a checkpoint file keeps', () => {
  it('none below a tree, a cost alone below a lower bound, the rest as they are', () => {
    const checkpoint = leastTotalOfMastermind();
    const tree = [7, 0];
    const records = {
      // A class refuted (a lower bound): a guess at it solved, with a class below it; another
      // refuted, with a class below it solved.
      '255/1:2': { cost: 900 },
      '255/1:2/7': { cost: 800, tree },
      '255/1:2/7:3': { cost: 300, tree },
      '255/1:2/8': { cost: 950 },
      '255/1:2/8:5': { cost: 400, tree },
      // A class solved, and a guess at it and a class below that guess.
      '255/1:4': { cost: 500, tree },
      '255/1:4/9': { cost: 600 },
      '255/1:4/9:1': { cost: 200, tree },
      // Not below 255/1:4: another class, whose name begins the same.
      '255/1:40': { cost: 100, tree },
      '255/1:40/3': { cost: 120, tree },
    };
    for (const [key, record] of Object.entries(records)) checkpoint.put(key, record);
    expect(Object.fromEntries(checkpoint.kept())).toEqual({
      '255/1:2': { cost: 900 },
      '255/1:2/7': { cost: 800 },
      '255/1:2/8': { cost: 950 },
      '255/1:2/8:5': { cost: 400 },
      '255/1:4': { cost: 500, tree },
      '255/1:40': { cost: 100, tree },
    });
    // The checkpoint itself keeps everything, for the proof that runs.
    expect(checkpoint.size).toBe(10);
  });

  it('keeps the rechecks of kept jobs, and those below a kept job not yet found true', () => {
    const checkpoint = leastTotalOfMastermind();
    checkpoint.put('255/1:2', { cost: 900, tree: [7, 0] });
    checkpoint.put('255/1:3', { cost: 700, tree: [8, 0] });
    // A recheck of 255/1:2 under way (two pieces found), and one of 255/1:3 found true.
    checkpoint.markRechecked('255/1:2/7', 950);
    checkpoint.markRechecked('255/1:2/7:3', 300);
    checkpoint.markRechecked('255/1:3', 700);
    checkpoint.markRechecked('255/1:3/8', 700);
    // Below no kept job at all.
    checkpoint.markRechecked('255/1:5/6', 100);
    const kept = new Map(checkpoint.kept());
    expect(Object.fromEntries(checkpoint.keptRechecks(kept))).toEqual({
      '255/1:2/7': 950,
      '255/1:2/7:3': 300,
      '255/1:3': 700,
    });
    // Found true at a lower cost than the record's, 255/1:2 is still under way.
    checkpoint.markRechecked('255/1:2', 899);
    expect(Object.fromEntries(checkpoint.keptRechecks(kept))).toHaveProperty('255/1:2/7', 950);
    checkpoint.markRechecked('255/1:2', 900);
    expect(Object.fromEntries(checkpoint.keptRechecks(kept))).toEqual({
      '255/1:2': 900,
      '255/1:3': 700,
    });
  });
});
