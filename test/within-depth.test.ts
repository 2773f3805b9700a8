/**
 * scripts/within-depth.ts on classic Mastermind: first-consistent's tree (at most 9 guesses,
 * Shapiro's count) mended to 5, the least worst case (Knuth), and read back by `codebreaker
 * verify`; asked for 4, which no strategy keeps to, it says so and writes nothing.
 */
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli } from './cli.js';
import { runScript } from './scripts.js';

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-within-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Runs the script with `args`. */
const withinDepth = (...args: string[]) => runScript('within-depth.ts', args);

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

  it.each([
    [['--depth', '-1', '--out', 'x'], "within-depth.ts: Option '--depth' argument is ambiguous."],
    [['--nonsense', '1'], "within-depth.ts: Unknown option '--nonsense'."],
    [['missing.json', '--depth', '5', '--out', 'x'], 'within-depth.ts: cannot read the tree'],
  ])('refuses %j in one line with status 2', async (args, said) => {
    const { status, stdout, stderr } = await withinDepth(...args);
    expect(status).toBe(2);
    expect(stdout).toBe('');
    expect(stderr.trim().split('\n')).toHaveLength(1);
    expect(stderr).toContain(said);
  });
});
