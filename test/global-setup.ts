/**
 * Before any test file: the tests that start `codebreaker` as a process run the built command
 * (dist/cli/main.cjs, what `bin` names), as a user would, rather than the sources through tsx,
 * which would compile them again in every process and each of its worker threads; the campaign
 * scripts run as `npm run campaign` runs them, bundled (dist/scripts); the browser tests run the
 * built web app. `npm ci` builds both; if a source, the bundler or a build setting
 * has changed since, what it feeds is built again here (a few seconds each), so nothing a test
 * runs is older than the sources. Then it starts the one chromium the test files share.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium.js';

const ROOT = join(import.meta.dirname, '..');
/** The last file the command's build writes. */
const BUILT = join(ROOT, 'dist', 'cli', 'codebreaker.cache');
/** A script the build bundles (scripts/bundle-scripts.mjs). */
const SCRIPTS_BUILT = join(ROOT, 'dist', 'scripts', 'campaign.mjs');
/** A file the web app's build writes. */
const WEB_BUILT = join(ROOT, 'dist', 'web', 'index.html');

/** The newest modification time of the files under `dir` that the build reads. */
function newest(dir: string): number {
  let latest = 0;
  for (const entry of readdirSync(dir, { withFileTypes: true, recursive: true })) {
    if (!entry.isFile() || entry.name.endsWith('.test.ts')) continue;
    latest = Math.max(latest, statSync(join(entry.parentPath, entry.name)).mtimeMs);
  }
  return latest;
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  buildIfStale();
  // One browser for every test file that needs one (test/chromium.ts); without chromium, those
  // files fail saying how to install it, and the rest run.
  let server: Awaited<ReturnType<typeof launchChromiumServer>> | undefined;
  try {
    server = await launchChromiumServer();
    project.provide('chromium', { endpoint: server.wsEndpoint() });
  } catch (error) {
    project.provide('chromium', { missing: (error as Error).message });
  }
  return async () => {
    await server?.close();
  };
}

/**
 * Runs `node ...args` in the project, its errors on this stderr, in the environment of a build:
 * vitest sets NODE_ENV to `test`, under which Vite would build the app as for development (no
 * service worker).
 */
function node(args: string[]): void {
  execFileSync(process.execPath, args, {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
}

/** The modification times of these files of the project. */
function times(files: string[]): number[] {
  return files.map((file) => statSync(join(ROOT, file)).mtimeMs);
}

/**
 * Builds the command, the scripts' bundles, then the web app, again where a file its build reads
 * is newer than it.
 */
function buildIfStale(): void {
  const shared = times(['tsconfig.json', 'package-lock.json']);
  const library = newest(join(ROOT, 'src'));
  const command = [library, ...shared, ...times(['scripts/bundle.mjs', 'tsconfig.build.json'])];
  if (!existsSync(BUILT) || statSync(BUILT).mtimeMs < Math.max(...command)) {
    process.stderr.write('The command is older than its sources: building it (tsc, bundle)\n');
    node([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);
    node([join(ROOT, 'scripts', 'bundle.mjs')]);
  }
  const scripts = [library, newest(join(ROOT, 'scripts')), ...shared];
  if (!existsSync(SCRIPTS_BUILT) || statSync(SCRIPTS_BUILT).mtimeMs < Math.max(...scripts)) {
    process.stderr.write('The scripts are older than their sources: bundling them\n');
    node([join(ROOT, 'scripts', 'bundle-scripts.mjs')]);
  }
  // Only a web app built before: without one, the browser tests say how to build it.
  if (!existsSync(WEB_BUILT)) return;
  const app = [library, newest(join(ROOT, 'web')), ...shared];
  if (statSync(WEB_BUILT).mtimeMs >= Math.max(...app)) return;
  process.stderr.write('The web app is older than its sources: building it (tsc, vite)\n');
  node([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'web/tsconfig.json']);
  node([
    join(ROOT, 'node_modules', 'vite', 'bin', 'vite.js'),
    'build',
    'web',
    '--logLevel',
    'warn',
  ]);
}
