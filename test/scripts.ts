/**
 * The repository's scripts (scripts/*.ts), for the tests: the bundle the build makes of a
 * campaign script (dist/scripts/NAME.mjs, as `npm run campaign` runs it), or else the source as
 * `npx tsx` runs it.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';

const ROOT = join(import.meta.dirname, '..');

/** What a script printed, and its exit status. */
export interface ScriptRun {
  readonly status: number;
  readonly stdout: string;
  readonly stderr: string;
}

/**
 * Node's arguments that run scripts/`name` with `args`: its bundle if the build makes one, else
 * (or with `source`) the source through tsx.
 */
export function scriptArgs(name: string, args: readonly string[], source = false): string[] {
  const bundle = join(ROOT, 'dist', 'scripts', name.replace(/\.ts$/, '.mjs'));
  if (!source && existsSync(bundle)) return [bundle, ...args];
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  return ['--import', tsx, join(ROOT, 'scripts', name), ...args];
}

/**
 * Runs scripts/`name` with `args` from the repository's root, `env` added to this one's (`source`:
 * its source through tsx, even where the build bundles it).
 */
export async function runScript(
  name: string,
  args: readonly string[],
  env: Record<string, string> = {},
  source = false,
): Promise<ScriptRun> {
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      scriptArgs(name, args, source),
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { status: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
