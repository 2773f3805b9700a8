/** The repository's scripts (scripts/*.ts) run as `npx tsx` runs them, for the tests. */
import { execFile } from 'node:child_process';
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

/** Runs scripts/`name` with `args` from the repository's root, `env` added to this one's. */
export async function runScript(
  name: string,
  args: readonly string[],
  env: Record<string, string> = {},
): Promise<ScriptRun> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  const script = join(ROOT, 'scripts', name);
  try {
    const { stdout, stderr } = await promisify(execFile)(
      process.execPath,
      ['--import', tsx, script, ...args],
      { cwd: ROOT, env: { ...process.env, ...env } },
    );
    return { status: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code?: unknown; stdout?: string; stderr?: string };
    if (typeof failed.code !== 'number') throw error;
    return { status: failed.code, stdout: failed.stdout ?? '', stderr: failed.stderr ?? '' };
  }
}
