/**
 * `optimal --certificate` end to end: what the proof proved, written as a certificate, verified by
 * `codebreaker check`, whose checker (src/check/) shares no code with the search. Both sides of
 * the depth claim, games with and without repetition, black pegs, digit alphabets (whose codes
 * read as numbers), and a certificate changed by hand.
 */
import { createHash } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-certificates-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The lines of the certificate at `path`. */
function lines(path: string): string[] {
  const bytes = readFileSync(path);
  return (path.endsWith('.gz') ? gunzipSync(bytes) : bytes).toString('utf8').trimEnd().split('\n');
}

describe('optimal --certificate, checked by codebreaker check', () => {
  // Each game at its least worst case (a strategy within it) and one guess fewer (none).
  it.each([
    [['--game', 'mastermind'], 5],
    [['--pegs', '3', '--colors', '6', '--repeat'], 5],
    [['--pegs', '4', '--colors', '5', '--no-repeat'], 5],
    [['--pegs', '3', '--colors', '3', '--repeat', '--feedback', 'black'], 5],
    [['--game', 'numeron'], 6],
  ] as const)('%j: within %i, and not within one fewer', async (rules, least) => {
    for (const [depth, holds] of [
      [least, true],
      [least - 1, false],
    ] as const) {
      const file = join(dir, `${rules.join('')}-${depth}.jsonl.gz`);
      const argv = ['optimal', ...rules, '--objective', 'depth', '--max-depth', String(depth)];
      const proof = await cli(...argv, '--certificate', file, '--json');
      expect(proof.status).toBe(holds ? 0 : 1);
      const { certificate } = JSON.parse(proof.out);
      const bytes = readFileSync(file);
      expect(certificate).toEqual({
        file,
        sha256: createHash('sha256').update(bytes).digest('hex'),
        bytes: bytes.length,
      });
      const checked = await cli('check', file, '--json');
      expect([checked.status, checked.err]).toEqual([0, '']);
      const doc = JSON.parse(checked.out);
      expect(doc).toMatchObject({ claim: { kind: 'within-depth', depth, holds }, checked: true });
      expect(doc.nodes).toBeGreaterThan(0);
      // The same proof writes the same bytes.
      await cli(...argv, '--certificate', file);
      expect(readFileSync(file).equals(bytes)).toBe(true);
    }
  });

  it('a certificate changed by hand fails its check in one line', async () => {
    const file = join(dir, 'numeron-5.jsonl');
    const argv = ['optimal', '--game', 'numeron', '--objective', 'depth', '--max-depth', '5'];
    expect((await cli(...argv, '--certificate', file)).status).toBe(1);
    const honest = lines(file);
    const node = honest.findIndex((line) => /"refuted":\{"/.test(line));
    expect(node).toBeGreaterThan(0);
    // The class one guess is said to be refuted by, moved to another answer.
    const lied = [...honest];
    lied[node] = honest[node].replace(/("refuted":\{"[^"]+":")(\d)H/, (_, head, hits) => {
      return `${head}${(Number(hits) + 1) % 3}H`;
    });
    expect(lied[node]).not.toBe(honest[node]);
    const forged = join(dir, 'forged.jsonl.gz');
    writeFileSync(forged, gzipSync(`${lied.join('\n')}\n`));
    const checked = await cli('check', forged);
    expect([checked.status, checked.out]).toEqual([2, '']);
    expect(checked.err).toMatch(/^codebreaker: \S+ line \d+ \(at [^\n]*\): [^\n]+\n$/);
  });

  it('refuses a claim format 1 cannot state, before the search', async () => {
    for (const flags of [
      ['--certificate', join(dir, 'x')],
      ['--objective', 'depth', '--certificate', join(dir, 'x')],
    ]) {
      const run = await cli('optimal', '--game', 'mastermind', ...flags);
      expect([run.status, run.out]).toEqual([2, '']);
      expect(run.err).toMatch(
        /^codebreaker: --certificate certifies --objective depth with --max-depth D/,
      );
    }
  });
});
