/**
 * scripts/within-depth.ts on classic Mastermind: first-consistent's tree (at most 9 guesses,
 * Shapiro's count) mended to 5, the least worst case (Knuth), and read back by `codebreaker
 * verify`; asked for 4, which no strategy keeps to, it says so and writes nothing.
 */
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';

const run = promisify(execFile);
const ROOT = join(import.meta.dirname, '..');
const dir = mkdtempSync(join(tmpdir(), 'codebreaker-within-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the script with `args`: its exit status and what it said on stderr. */
async function withinDepth(...args: string[]): Promise<{ status: number; stderr: string }> {
  const tsx = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
  try {
    const { stderr } = await run(
      process.execPath,
      ['--import', tsx, join(ROOT, 'scripts/within-depth.ts'), ...args],
      { cwd: ROOT },
    );
    return { status: 0, stderr };
  } catch (error) {
    const failed = error as { code: number; stderr: string };
    return { status: failed.code, stderr: failed.stderr };
  }
}

describe('scripts/within-depth.ts', () => {
  const tree = join(dir, 'first-consistent.json');

  beforeAll(async () => {
    const written = await runCli(
      'tree',
      '--game',
      'mastermind',
      '--strategy',
      'first-consistent',
      '--format',
      'json',
      '--out',
      tree,
    );
    expect(written.status).toBe(0);
  });

  it(
    'mends first-consistent on classic Mastermind from 9 guesses to 5',
    { timeout: 120_000 },
    async () => {
      const before = await runCli('verify', tree, '--json');
      expect(JSON.parse(before.out)).toMatchObject({ valid: true, total: 7471, max: 9 });

      const out = join(dir, 'within-5.json.gz');
      const { status, stderr } = await withinDepth(tree, '--depth', '5', '--out', out);
      expect(status).toBe(0);
      expect(stderr).toContain('at most 5');
      const after = await runCli('verify', out, '--json');
      expect(JSON.parse(after.out)).toMatchObject({ valid: true, secrets: 1296, max: 5 });
    },
  );

  it(
    'finds nothing within 4, which no strategy keeps to, and writes nothing',
    { timeout: 120_000 },
    async () => {
      const out = join(dir, 'within-4.json');
      const { status, stderr } = await withinDepth(tree, '--depth', '4', '--out', out);
      expect(status).toBe(1);
      expect(stderr).toContain('no strategy within 4');
      expect(existsSync(out)).toBe(false);
    },
  );
});
