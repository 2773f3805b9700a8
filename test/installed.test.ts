/**
 * The package as a user gets it: `npm pack` makes the tarball (of the build `npm ci` made; its
 * `prepare` is not run again), which is installed into an empty project in a temporary folder
 * with its runtime dependencies, and used from there, by its name only:
 *
 * - its files: what it must hold, and no tests, sources, benchmarks, web sources or source maps;
 *   its size is printed, and must be what the README and the guide say, within 10 %;
 * - Node: an ES module plays a game and analyses a strategy; the guide's examples, compiled by
 *   `tsc`, print what the guide says they print;
 * - TypeScript: the project's `tsc`, strict and checking the package's declarations too
 *   (no skipLibCheck), compiles the guide's examples and a consumer whose `@ts-expect-error`
 *   lines fail unless the declarations are precise, and checks the browser example with its
 *   own tsconfig.json;
 * - the browser: Vite bundles the guide's browser example (a page and a Web Worker) against
 *   the installed package, and Debian's chromium runs it: a game and an analysis, exactly;
 * - the command: `codebreaker` from node_modules/.bin, with the worker threads of `optimal` and
 *   `static` and the web app of `serve`, which ship as files beside the bundled executable.
 *
 * The install is offline: the consumer's lock lists the project's own locked runtime
 * dependencies, which `npm ci` (run before the tests) left in npm's cache.
 */
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { copyFile, mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import type { Browser } from 'playwright-core';
import { build, preview } from 'vite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, quotedBlock } from '../scripts/api-guide.js';
import { naiveScore } from './naive.js';
import { sharedChromium } from './shared-chromium.js';

const run = promisify(execFile);
const resolveFrom = createRequire(import.meta.url);
const TSC = resolveFrom.resolve('typescript/bin/tsc');
const TYPES = join(ROOT, 'node_modules', '@types');
const guide = readFileSync(join(ROOT, 'docs', 'api.md'), 'utf8');
const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');

/** What `npm pack --json` says of the tarball. */
interface Packed {
  filename: string;
  size: number;
  unpackedSize: number;
  entryCount: number;
  files: { path: string }[];
}

let folder: string;
let consumer: string;
let packed: Packed;

async function npm(args: string[], cwd: string): Promise<string> {
  const { stdout } = await run('npm', args, { cwd, maxBuffer: 1 << 24 });
  return stdout;
}

/** Runs a file of the consumer with plain Node; its stdout. */
async function node(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, args, { cwd: consumer, maxBuffer: 1 << 24 });
  return stdout;
}

/**
 * The consumer's lock: the tarball, and the project's locked runtime dependencies (everything
 * in package-lock.json not marked dev), so `npm ci` installs exactly what the project was
 * tested with, from the cache.
 */
function consumerLock(tarball: string, manifest: Record<string, unknown>): object {
  const lock = JSON.parse(readFileSync(join(ROOT, 'package-lock.json'), 'utf8'));
  const packages: Record<string, unknown> = {
    '': { name: 'consumer', dependencies: { codebreaker: `file:${tarball}` } },
    'node_modules/codebreaker': {
      version: manifest.version,
      resolved: `file:${tarball}`,
      license: manifest.license,
      dependencies: manifest.dependencies,
      bin: manifest.bin,
      engines: manifest.engines,
    },
  };
  for (const [path, entry] of Object.entries(lock.packages as Record<string, { dev?: boolean }>)) {
    if (path !== '' && !entry.dev) packages[path] = entry;
  }
  return { name: 'consumer', lockfileVersion: 3, requires: true, packages };
}

beforeAll(async () => {
  if (!existsSync(join(ROOT, 'dist', 'index.js')) || !existsSync(join(ROOT, 'dist', 'web'))) {
    throw new Error('the package is not built: run `npm run build` (npm ci does)');
  }
  folder = await mkdtemp(join(tmpdir(), 'codebreaker-installed-'));
  consumer = join(folder, 'consumer');
  await mkdir(consumer);
  const out = await npm(
    ['pack', '--json', '--ignore-scripts', '--pack-destination', consumer],
    ROOT,
  );
  [packed] = JSON.parse(out) as Packed[];
  const { stdout: manifest } = await run('tar', [
    '-xzOf',
    join(consumer, packed.filename),
    'package/package.json',
  ]);
  const dependencies = { codebreaker: `file:${packed.filename}` };
  await writeFile(
    join(consumer, 'package.json'),
    JSON.stringify({ name: 'consumer', private: true, type: 'module', dependencies }),
  );
  await writeFile(
    join(consumer, 'package-lock.json'),
    JSON.stringify(consumerLock(packed.filename, JSON.parse(manifest))),
  );
  await npm(['ci', '--prefer-offline', '--no-audit', '--no-fund'], consumer);
  await mkdir(join(consumer, 'browser'));
  for (const file of ['index.html', 'main.ts', 'worker.ts', 'tsconfig.json']) {
    await copyFile(join(ROOT, 'examples', 'browser', file), join(consumer, 'browser', file));
  }
}, 120_000);

afterAll(async () => {
  if (folder) await rm(folder, { recursive: true, force: true });
});

describe('the tarball', () => {
  it('holds the library, the command and the web app', () => {
    const files = packed.files.map((f) => f.path);
    console.log(
      `codebreaker tarball: ${packed.entryCount} files, ${packed.size} bytes packed, ${packed.unpackedSize} unpacked`,
    );
    for (const file of [
      'package.json',
      'README.md',
      'dist/index.js',
      'dist/index.d.ts',
      'dist/cli/main.js',
      'dist/cli/main.cjs',
      'dist/cli/codebreaker.js',
      'dist/cli/codebreaker.cache',
      'dist/cli/optimal-worker.cjs',
      'dist/cli/proof-worker.js',
      'dist/cli/static-worker.cjs',
      'dist/cli/walk-worker.cjs',
      'dist/web/index.html',
    ]) {
      expect(files).toContain(file);
    }
  });

  it('holds no tests, sources, benchmarks, examples, web sources or source maps', () => {
    const unwanted = [
      /\.(test|spec|bench)\.[cm]?[jt]sx?$/,
      /(^|\/)(test|tests|bench|__tests__|fixtures)\//,
      /^(src|web|examples|scripts|docs|\.ci|\.github)\//,
      /(^|\/)naive[\w-]*\./,
      /\.map$/,
      /\.tsx?$/,
      /^(tsconfig[\w.]*|biome|vitest\.config\.\w+|package-lock)\.json$|^vitest\.config\./,
    ];
    const shipped = packed.files.map((f) => f.path);
    const declarations = /\.d\.ts$/;
    expect(shipped.filter((f) => !declarations.test(f) && unwanted.some((p) => p.test(f)))).toEqual(
      [],
    );
    // Declarations of the library only: the command's are of no use to anyone.
    expect(shipped.filter((f) => f.startsWith('dist/cli/') && declarations.test(f))).toEqual([]);
  });

  it.each(['README.md', 'docs/api.md'])('is as large as %s says, within 10 %%', (path) => {
    const said = /about (\d+) KB packed, (\d+) files/.exec(path === 'README.md' ? readme : guide);
    if (!said) throw new Error(`${path} gives no "about N KB packed, M files" figure`);
    expect(Math.abs(Number(said[1]) * 1000 - packed.size)).toBeLessThanOrEqual(packed.size / 10);
    expect(Math.abs(Number(said[2]) - packed.entryCount)).toBeLessThanOrEqual(
      packed.entryCount / 10,
    );
  });
});

describe('in Node', () => {
  it('plays a game and analyses a strategy, imported by name from the installed package', async () => {
    await writeFile(
      join(consumer, 'seed.mjs'),
      `import { Game, analyze, createStrategy, resolveRules, solve } from 'codebreaker';
const moo = new Game(resolveRules({ game: 'moo' }));
const strategy = createStrategy('first-consistent');
const turns = solve(moo, strategy, moo.codes.parse('9431'));
const { total, max, histogram, worst } = analyze(moo, strategy);
console.log(JSON.stringify({
  from: import.meta.resolve('codebreaker'),
  game: turns.map((t) => moo.codes.make(t.guess) + ' ' + moo.answerText(t.answer)),
  total, max, histogram, worst: worst.map((c) => moo.codes.make(c)),
}));
`,
    );
    const result = JSON.parse(await node(['seed.mjs']));
    expect(result.from).toBe(`file://${consumer}/node_modules/codebreaker/dist/index.js`);
    // The seed pages' game of 9431 and their figures for Bulls and Cows.
    const seedPages =
      '0123 0-2|1045 0-2|2354 0-2|3406 1-1|3561 1-1|6502 0-0|7431 3-0|8431 3-0|9431 4-0';
    expect(result.game).toEqual(
      seedPages.split('|').map((turn) => turn.replace(/(\d)-(\d)/, '$1H$2B')),
    );
    expect(result).toMatchObject({
      total: 28024,
      max: 9,
      histogram: [0, 1, 13, 108, 596, 1668, 1768, 752, 129, 5],
      worst: ['5293', '9204', '9214', '9241', '9431'],
    });
  });
});

describe('in TypeScript', () => {
  it('compiles the examples and a strict consumer against the shipped declarations', async () => {
    await mkdir(join(consumer, 'examples'));
    // 13-puzzles imports the puzzles' own entry point, `codebreaker/puzzles`.
    for (const name of [
      '00-start',
      '04-strategy',
      '05-analyze',
      '06-tree',
      '09-optimal',
      '13-puzzles',
    ]) {
      await copyFile(
        join(ROOT, 'examples', `${name}.ts`),
        join(consumer, 'examples', `${name}.ts`),
      );
    }
    await writeFile(
      join(consumer, 'typed.ts'),
      `import {
  type Analysis,
  CodebreakerError,
  type Feedback,
  Game,
  type OptimalResult,
  type ProofProgress,
  analyze,
  createStrategy,
  findOptimal,
  resolveRules,
} from 'codebreaker';

const game: Game = new Game(resolveRules({ game: 'mastermind' }));
const analysis: Analysis = analyze(game, createStrategy('minimax'));
export const total: number = analysis.total;
export const feedback: Feedback = game.answerOf(game.solved);
export const proof: Promise<OptimalResult> = findOptimal(game, {
  objective: 'worst',
  onProgress: (progress: ProofProgress) => progress.lowerBound > 6000,
});
export const kind: CodebreakerError['kind'] = 'bad-code';
// @ts-expect-error a code is read from a string
game.codes.parse(1122);
// @ts-expect-error no such rule
resolveRules({ pegz: 4 });
// @ts-expect-error no such objective
findOptimal(game, { objective: 'fastest' });
// @ts-expect-error no such kind of error
export const wrong: CodebreakerError['kind'] = 'bad-luck';
`,
    );
    await writeFile(
      join(consumer, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          target: 'ES2022',
          module: 'NodeNext',
          moduleResolution: 'NodeNext',
          lib: ['ES2022'],
          strict: true,
          skipLibCheck: false,
          typeRoots: [TYPES],
          types: ['node'],
          outDir: 'out',
          rootDir: '.',
        },
        include: ['examples', 'typed.ts'],
      }),
    );
    const compiled = await run(process.execPath, [TSC, '-p', 'tsconfig.json'], {
      cwd: consumer,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(compiled.stdout).toBe('');
    expect('failed' in compiled).toBe(false);
  });

  it('type-checks the browser example with its own tsconfig (the DOM, bundler resolution)', async () => {
    const checked = await run(process.execPath, [TSC, '-p', join('browser', 'tsconfig.json')], {
      cwd: consumer,
    }).catch((error: { stdout: string }) => ({ stdout: error.stdout, failed: true }));
    expect(checked.stdout).toBe('');
    expect('failed' in checked).toBe(false);
  });

  it.each(['00-start', '04-strategy', '05-analyze', '09-optimal', '13-puzzles'])(
    'the compiled %s prints what the guide says',
    async (name) => {
      const printed = await node([join('out', 'examples', `${name}.js`)]);
      expect(printed.trimEnd()).toBe(quotedBlock(guide, 'output', `examples/${name}.ts`));
    },
  );
});

describe('in the browser', () => {
  let browser: Browser | undefined;
  let server: Awaited<ReturnType<typeof preview>> | undefined;

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  it("bundles the guide's Web Worker example with Vite and runs it in chromium", async () => {
    const page = join(consumer, 'browser');
    const outDir = join(consumer, 'browser-dist');
    const quiet = { configFile: false as const, logLevel: 'warn' as const, root: page };
    await build({ ...quiet, build: { outDir, emptyOutDir: true } });
    server = await preview({
      ...quiet,
      build: { outDir },
      preview: { port: 0, host: '127.0.0.1' },
    });
    const url = server.resolvedUrls?.local[0];
    if (!url) throw new Error('vite preview gave no URL');
    browser = await sharedChromium();
    const tab = await browser.newPage();
    const errors: string[] = [];
    tab.on('pageerror', (error) => errors.push(error.message));
    await tab.goto(url);
    const out = tab.locator('#out');
    await out.filter({ hasNotText: 'working' }).waitFor({ timeout: 30_000 });
    const text = (await out.textContent()) ?? '';
    expect(errors).toEqual([]);
    // What the guide says the page shows...
    expect(text).toBe(quotedBlock(guide, 'page', 'examples/browser/index.html'));
    // ...is Knuth's game and figures: 5801 over every secret, at most 5.
    const [game, totals, histogram] = text.split('\n');
    const turns = /^3632 in (\d) guesses: (.*)$/.exec(game)!;
    const played = turns[2].split(', ').map((turn) => turn.split(' '));
    expect(played).toHaveLength(Number(turns[1]));
    expect(played[0][0]).toBe('1122');
    for (const [guess, said] of played) {
      const [hits, blows] = naiveScore('3632', guess);
      expect(said).toBe(`${hits}H${blows}B`);
    }
    expect(played.at(-1)![0]).toBe('3632');
    expect(totals).toBe('over every secret: 5801 guesses in all, at most 5');
    expect(histogram).toBe('histogram: 1 6 62 533 694');
  });
});

describe('the command, installed', () => {
  const bin = () => join(consumer, 'node_modules', '.bin', 'codebreaker');

  it('analyses, and proves on worker threads', async () => {
    const { stdout: knuth } = await run(bin(), [
      'analyze',
      '--game',
      'mastermind',
      '--strategy',
      'minimax',
      '--json',
    ]);
    expect(JSON.parse(knuth)).toMatchObject({ secrets: 1296, total: 5801, max: 5 });
    // The same walk split over two threads, which start the shipped walk worker.
    const { stdout: split } = await run(bin(), [
      'analyze',
      '--game',
      'mastermind',
      '--strategy',
      'minimax',
      '--threads',
      '2',
      '--json',
    ]);
    expect(JSON.parse(split)).toMatchObject({ secrets: 1296, total: 5801, max: 5, threads: 2 });
    // Koyama and Lai: 5625, one secret at 6; two threads start the shipped worker module.
    const { stdout: optimal } = await run(bin(), [
      'optimal',
      '--game',
      'mastermind',
      '--threads',
      '2',
      '--json',
    ]);
    expect(JSON.parse(optimal)).toMatchObject({ total: 5625, max: 6, proved: true });
    expect(JSON.parse(optimal).histogram['6']).toBe(1);
    // Rosenbaum (2002): two pegs of 8 colours need 6 static guesses; sizes 4 and up are
    // searched on the worker threads.
    const { stdout: found } = await run(bin(), [
      'static',
      '--game',
      'mastermind',
      '--pegs',
      '2',
      '--colors',
      '8',
      '--threads',
      '2',
      '--json',
    ]);
    expect(JSON.parse(found)).toMatchObject({ size: 6, proved: true });
  });

  it('serves the shipped web app', async () => {
    const child: ChildProcess = spawn(bin(), ['serve', '--port', '0'], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      const url = await new Promise<string>((done, fail) => {
        let out = '';
        child.stdout!.on('data', (chunk) => {
          out += chunk;
          const found = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
          if (found) done(found);
        });
        child.on('exit', (status) => fail(new Error(`serve exited with ${status}: ${out}`)));
      });
      const page = await fetch(url);
      expect(page.status).toBe(200);
      const html = await page.text();
      const script = /src="\.\/(assets\/[^"]+\.js)"/.exec(html)?.[1];
      expect(script).toBeDefined();
      expect((await fetch(new URL(script!, url))).status).toBe(200);
    } finally {
      child.kill();
    }
  });
});
