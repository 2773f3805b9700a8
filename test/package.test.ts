/**
 * The package as its users import it: by its name, from the build (`npm ci` builds it), with
 * nothing but the public API. Node resolves `codebreaker` from inside the project through the
 * package's own `exports`, exactly as it would from a project that installed it.
 */
import { execFile } from 'node:child_process';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { crc32 } from 'node:zlib';
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
      import * as codebreaker from 'codebreaker';
      const { Game, analyze, costMax, costTotal, findOptimal, resolveRules, verifyTree } = codebreaker;
      const game = new Game(resolveRules({ game: 'mastermind' }));
      let reports = 0;
      const result = await findOptimal(game, { onProgress: () => { reports++; return false; } });
      const analysis = analyze(game, result.strategy);
      // A time limit is a listener that says stop: the proof ends at once, unproved.
      const stopped = await findOptimal(game, { onProgress: () => true });
      console.log(JSON.stringify({
        proved: result.proved,
        total: costTotal(result.cost),
        max: costMax(result.cost),
        played: analysis.total,
        needSix: analysis.histogram[6],
        valid: verifyTree(result.tree).valid,
        first: game.codes.make(result.tree.root.guess),
        reports: reports > 0,
        stoppedProved: stopped.proved,
        internals: ['Checkpoint', 'JobSolver', 'OptimalSearch', 'packCost', 'quoteInput']
          .filter((name) => name in codebreaker),
      }));
    `);
    expect(JSON.parse(out)).toEqual({
      proved: true,
      total: 5625,
      max: 6,
      played: 5625,
      needSix: 1,
      valid: true,
      first: '1123',
      reports: true,
      stoppedProved: false,
      internals: [],
    });
  });
});

describe('the built package, analysing on worker threads of its own', () => {
  // Knuth (1976): 5801 guesses in all, 5 at most. The worker is the package's walk-worker.js,
  // started as the library starts it, with no help from the test.
  it("analyses and builds trees off the caller's thread, as one walk in it would", async () => {
    const out = await node(`
      import { Game, analyze, analyzeAsync, buildTree, buildTreeAsync, createStrategy, resolveRules, treeToJson } from 'codebreaker';
      let ticks = 0;
      const timer = setInterval(() => ticks++, 1);
      const progress = [];
      const analysis = await analyzeAsync({ game: 'mastermind' }, { name: 'minimax' }, {
        threads: 2,
        onProgress: (settled) => progress.push(settled),
      });
      clearInterval(timer);
      const game = new Game(resolveRules({ game: 'moo' }));
      const tree = await buildTreeAsync({ game: 'moo' }, { name: 'first-consistent' });
      const alone = treeToJson(buildTree(game, createStrategy('first-consistent')));
      console.log(JSON.stringify({
        total: analysis.total,
        max: analysis.max,
        same: JSON.stringify(analysis) === JSON.stringify(analyze(new Game(resolveRules({ game: 'mastermind' })), createStrategy('minimax'))),
        settled: progress.at(-1),
        free: ticks > 0,
        tree: JSON.stringify(treeToJson(tree)) === JSON.stringify(alone),
      }));
    `);
    expect(JSON.parse(out)).toEqual({
      total: 5801,
      max: 5,
      same: true,
      settled: 1296,
      free: true,
      tree: true,
    });
  });
});

describe('the executable', () => {
  it("prints the package's version, 1.0.0 and on by semantic versioning", async () => {
    const { version } = JSON.parse(
      readFileSync(new URL('../package.json', import.meta.url), 'utf8'),
    );
    expect(version).toMatch(/^[1-9]\d*\.\d+\.\d+$/);
    // The path `bin` names (CommonJS) and the ES module launcher beside it.
    for (const name of ['main.cjs', 'main.js']) {
      const main = new URL(`../dist/cli/${name}`, import.meta.url).pathname;
      const { stdout } = await run(process.execPath, [main, '--version']);
      expect(stdout).toBe(`${version}\n`);
    }
  });
  // Node loads a bundle's top-level imports before any command runs: a large library imported
  // there slows every command (BullMQ alone added 160 ms to each start).
  it('loads none of its libraries until a command needs them', async () => {
    const main = new URL('../dist/cli/main.js', import.meta.url).pathname;
    const report = `data:text/javascript,${encodeURIComponent(
      "import { createRequire } from 'node:module'; process.on('exit', () => process.stderr.write(JSON.stringify(Object.keys(createRequire(process.argv[1]).cache))));",
    )}`;
    const { stdout, stderr } = await run(process.execPath, ['--import', report, main, '--version']);
    expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
    const loaded: string[] = JSON.parse(stderr);
    expect(loaded.filter((file) => file.includes('node_modules'))).toEqual([]);
    // The same hook does see a library that is loaded: the check can fail.
    const svg = await run(process.execPath, [
      '--import',
      report,
      main,
      'tree',
      '--game',
      'mastermind',
      '--strategy',
      'minimax',
      '--format',
      'svg',
      '--depth',
      '1',
    ]);
    expect(svg.stdout).toContain('<svg');
    const loadedBySvg: string[] = JSON.parse(svg.stderr);
    expect(loadedBySvg.some((file) => file.includes('wasm-graphviz'))).toBe(true);
  });

  // The executable compiles the bundled program with V8's code cache, which the build writes.
  it('writes a code cache this Node takes, behind the checksum the executable checks', async () => {
    const cli = (name: string) => fileURLToPath(new URL(`../dist/cli/${name}`, import.meta.url));
    const file = readFileSync(cli('codebreaker.cache'));
    expect(file.readUInt32LE(0)).toBe(crc32(file.subarray(4)));
    // In a process of its own: V8 takes a cache only under the settings it was made with, and
    // a test runner's process may have others.
    const taken = await node(`
      import { readFileSync } from 'node:fs';
      import { Script } from 'node:vm';
      const filename = ${JSON.stringify(cli('codebreaker.js'))};
      const source = readFileSync(filename, 'utf8');
      const cachedData = readFileSync(${JSON.stringify(cli('codebreaker.cache'))}).subarray(4);
      const wrapped = '(function (require, __filename, __bundleUrl) {' + source + '\\n})';
      console.log(new Script(wrapped, { filename, cachedData }).cachedDataRejected);
    `);
    expect(taken).toBe('false\n');
  });

  it('runs as without a cache when the cache is missing, cut short or damaged', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'codebreaker-cache-'));
    try {
      for (const name of ['main.cjs', 'codebreaker.js', 'codebreaker.cache']) {
        copyFileSync(new URL(`../dist/cli/${name}`, import.meta.url), join(dir, name));
      }
      const good = readFileSync(join(dir, 'codebreaker.cache'));
      const damaged = Buffer.from(good);
      // V8 checks a cache's header, not its content: flipped bytes past it crashed Node.
      for (let i = 200; i < damaged.length; i += 997) damaged[i] ^= 0x5a;
      const caches = [good, good.subarray(0, good.length / 2), damaged, undefined];
      for (const cache of caches) {
        if (cache) writeFileSync(join(dir, 'codebreaker.cache'), cache);
        else rmSync(join(dir, 'codebreaker.cache'));
        const { stdout } = await run(process.execPath, [join(dir, 'main.cjs'), '--version']);
        expect(stdout).toMatch(/^\d+\.\d+\.\d+\n$/);
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
