/**
 * Before any test file: the tests that start `codebreaker` as a process run the built command
 * (dist/cli/main.cjs, what `bin` names), as a user would, rather than the sources through tsx,
 * which costs every process and each of its worker threads half a second of CPU to compile them
 * again. `npm ci` builds dist/; if a source, the bundler or a build setting has changed since,
 * the command is built again here (`tsc` and the bundler, a few seconds), so the processes never
 * run older code than the in-process tests. The web app is built by `npm run build:web`; the
 * browser tests say so when it is missing. Then it starts the one chromium the test files share.
 */
import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { launchChromiumServer } from './chromium.js';

const ROOT = join(import.meta.dirname, '..');
/** The last file the command's build writes. */
const BUILT = join(ROOT, 'dist', 'cli', 'codebreaker.cache');

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

/** Builds the command again if a file its build reads is newer than it. */
function buildIfStale(): void {
  const inputs = [
    newest(join(ROOT, 'src')),
    ...['scripts/bundle.mjs', 'tsconfig.json', 'tsconfig.build.json', 'package-lock.json'].map(
      (file) => statSync(join(ROOT, file)).mtimeMs,
    ),
  ];
  if (existsSync(BUILT) && statSync(BUILT).mtimeMs >= Math.max(...inputs)) return;
  process.stderr.write('The command is older than its sources: building it (tsc, bundle)\n');
  const node = (args: string[]): void => {
    execFileSync(process.execPath, args, { cwd: ROOT, stdio: ['ignore', 'ignore', 'inherit'] });
  };
  node([join(ROOT, 'node_modules', 'typescript', 'bin', 'tsc'), '-p', 'tsconfig.build.json']);
  node([join(ROOT, 'scripts', 'bundle.mjs')]);
}
