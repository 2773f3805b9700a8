/**
 * The package as its users import it: by its name, from the build (`npm ci` builds it), with
 * nothing but the public API. Node resolves `codebreaker` from inside the project through the
 * package's own `exports`, exactly as it would from a project that installed it.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Runs `source` as an ES module in a fresh Node process at the project root. */
async function node(source: string): Promise<string> {
  const { stdout } = await run(process.execPath, ['--input-type=module', '-e', source], {
    cwd: new URL('..', import.meta.url),
  });
  return stdout;
}

describe('the built package, imported by its name', () => {
  // Koyama and Lai (1993): 5625 guesses in all, and exactly one secret needs 6.
  it('proves classic Mastermind optimal through the public API alone', async () => {
    const out = await node(`
      import { Checkpoint, Game, analyze, costTotal, findOptimal, resolveRules, verifyTree } from 'codebreaker';
      const game = new Game(resolveRules({ game: 'mastermind' }));
      const checkpoint = new Checkpoint({
        rules: game.rules, objective: 'expected', maxDepth: null, consistentOnly: false,
      });
      let reports = 0;
      const result = await findOptimal(game, { checkpoint, onProgress: () => { reports++; } });
      const analysis = analyze(game, result.strategy);
      const again = await findOptimal(game, { checkpoint: Checkpoint.read(checkpoint.write(), checkpoint.identity) });
      console.log(JSON.stringify({
        proved: result.proved,
        total: costTotal(result.cost),
        played: analysis.total,
        max: analysis.max,
        needSix: analysis.histogram[6],
        valid: verifyTree(result.tree).valid,
        first: game.codes.make(result.tree.root.guess),
        reports: reports > 0,
        jobs: checkpoint.size > 0,
        resumedNodes: again.nodes,
        resumedTotal: costTotal(again.cost),
      }));
    `);
    expect(JSON.parse(out)).toEqual({
      proved: true,
      total: 5625,
      played: 5625,
      max: 6,
      needSix: 1,
      valid: true,
      first: '1123',
      reports: true,
      jobs: true,
      resumedNodes: 0,
      resumedTotal: 5625,
    });
  });
});

describe('the executable', () => {
  // Node loads a bundle's top-level imports before any command runs: a large library imported
  // there slows every command (BullMQ alone added 160 ms to each start).
  it('imports none of its large libraries until a command needs them', () => {
    const bundle = readFileSync(new URL('../dist/cli/main.js', import.meta.url), 'utf8');
    const topLevel = [...bundle.matchAll(/^import .* from "([^"]+)";$/gm)].map((m) => m[1]);
    expect(topLevel.filter((name) => !name.startsWith('node:'))).toEqual([]);
  });
});
