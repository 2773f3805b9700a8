/**
 * `npm test`: the static checks and the tests, at the same time. The checks (format and lint,
 * the two type checks, the API reports) take some 25 s of one core, and vitest leaves part of
 * two cores idle while its tests wait for child processes, Redis and the browser: run one after
 * the other they cost their sum, run beside the tests they mostly fill those waits
 * (docs/performance.md). vitest writes to this terminal as it goes; each check's output is kept
 * and written after the tests, with its time, so the two never interleave. The exit status is
 * vitest's if it failed, else 1 if a check failed, else 0. Arguments go to vitest
 * (`npm test -- src/game.test.ts` runs one file, and the checks).
 */
import { spawn } from 'node:child_process';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const bin = (path) => join(root, 'node_modules', path);

/** The checks, run one after another (each alone would keep a core busy). */
const CHECKS = [
  ['biome check .', [bin('@biomejs/biome/bin/biome'), 'check', '.']],
  ['tsc -p tsconfig.json --noEmit', [bin('typescript/bin/tsc'), '-p', 'tsconfig.json', '--noEmit']],
  [
    'tsc -p tsconfig.core.json --noEmit',
    [bin('typescript/bin/tsc'), '-p', 'tsconfig.core.json', '--noEmit'],
  ],
  ['npm run api:check', [join(root, 'scripts', 'api.mjs'), 'check']],
];

/** Runs `node ...args` in the project; its status, and its output if `keep`. */
function run(args, keep) {
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, {
      cwd: root,
      stdio: keep ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    });
    const output = [];
    child.stdout?.on('data', (chunk) => output.push(chunk));
    child.stderr?.on('data', (chunk) => output.push(chunk));
    child.on('error', (error) => resolve({ status: 1, output: `${error.message}\n` }));
    child.on('close', (status, signal) =>
      resolve({ status: status ?? (signal ? 128 : 1), output: Buffer.concat(output).toString() }),
    );
  });
}

async function checks() {
  const results = [];
  for (const [name, args] of CHECKS) {
    const started = performance.now();
    const { status, output } = await run(args, true);
    results.push({ name, status, output, seconds: (performance.now() - started) / 1000 });
  }
  return results;
}

const [tests, checked] = await Promise.all([
  run([bin('vitest/vitest.mjs'), 'run', ...process.argv.slice(2)], false),
  checks(),
]);

let failed = false;
process.stdout.write('\n');
for (const { name, status, output, seconds } of checked) {
  const mark = status === 0 ? '✓' : '✗';
  process.stdout.write(`${mark} ${name} (${seconds.toFixed(1)} s, beside the tests)\n`);
  if (status !== 0) {
    failed = true;
    process.stdout.write(output.endsWith('\n') || output === '' ? output : `${output}\n`);
  }
}
process.exitCode = tests.status !== 0 ? tests.status : failed ? 1 : 0;
