/**
 * Every file the program reads is read within limits, as a stream: a device that never ends, a
 * file too large, a gzip bomb are refused in one line, in seconds and bounded memory (measured
 * by the child process itself at its exit).
 */
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from './cli.js';
import { CLI } from './process.js';

const exec = promisify(execFile);

/** Runs the command line; its status, stdout, stderr without the last line, and peak memory. */
async function measured(
  ...argv: string[]
): Promise<{ status: number; out: string; err: string; peak: number }> {
  const node = ['--import', './test/max-rss.mjs', CLI];
  const ran = await exec('node', [...node, ...argv], { encoding: 'utf8' }).then(
    (done) => ({ code: 0, stdout: done.stdout, stderr: done.stderr }),
    (error: { code: number; stdout: string; stderr: string }) => error,
  );
  const lines = ran.stderr.trimEnd().split('\n');
  const peak = Number(/^max-rss (\d+)$/.exec(lines.pop() ?? '')?.[1]);
  return {
    status: ran.code,
    out: ran.stdout,
    err: lines.map((line) => `${line}\n`).join(''),
    peak,
  };
}

const MiB = 2 ** 20;

describe('files read within limits', () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), 'codebreaker-bounded-'));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('verify refuses a device that never ends and a gzip bomb, in bounded memory', async () => {
    const endless = await measured('verify', '/dev/zero');
    expect([endless.status, endless.out]).toEqual([2, '']);
    expect(endless.err).toBe(
      "codebreaker: cannot read the tree file '/dev/zero': it is larger than 64 MiB\n",
    );
    expect(endless.peak).toBeLessThan(400 * MiB);
    const bomb = join(dir, 'bomb.json.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(200 * MiB)));
    const inflated = await measured('verify', bomb);
    expect([inflated.status, inflated.out]).toEqual([2, '']);
    expect(inflated.err).toMatch(
      /^codebreaker: cannot read the tree file '[^']+': it inflates to more than 64 MiB\n$/,
    );
    expect(inflated.peak).toBeLessThan(400 * MiB);
  });

  it('optimal refuses such a checkpoint with the true reason, in bounded memory', async () => {
    const bomb = join(dir, 'bomb-checkpoint.json.gz');
    writeFileSync(bomb, gzipSync(Buffer.alloc(300 * MiB)));
    for (const [file, why] of [
      [bomb, 'it inflates to more than 256 MiB'],
      ['/dev/full', 'it is larger than 256 MiB'],
    ]) {
      const run = await measured('optimal', '--game', 'mastermind', '--checkpoint', file);
      expect([run.status, run.out]).toEqual([2, '']);
      expect(run.err).toBe(`codebreaker: cannot read the checkpoint '${file}': ${why}\n`);
      expect(run.peak).toBeLessThan(900 * MiB);
    }
  });

  it('refuses a key, password or certificate file that never ends, in one line', async () => {
    for (const [flag, argv] of [
      ['--key-file', ['optimal', '--game', 'numeron', '--checkpoint', join(dir, 'k.json')]],
      ['--redis-password-file', ['worker', '--queue', 'redis://127.0.0.1:1/0']],
      ['--tls-ca', ['optimal', '--game', 'numeron', '--queue', 'rediss://127.0.0.1:1/0']],
    ] as const) {
      const run = await cli(...argv, flag, '/dev/zero');
      expect([run.status, run.out]).toEqual([2, '']);
      expect(run.err).toBe(`codebreaker: ${flag} /dev/zero: it is larger than 1 MiB\n`);
    }
  });

  it('escapes the control characters a message quotes: nothing reaches the terminal raw', async () => {
    const code = '12\x1b[2J\u202e34';
    const run = await cli('solve', code);
    expect(run.status).toBe(2);
    expect(run.err).toContain('\\x1b[2J\\u202e');
    expect([run.err.includes('\x1b'), run.err.includes('\u202e')]).toEqual([false, false]);
  });

  it('worker --memory-limit means what it means for optimal', async () => {
    for (const size of ['1M', '1000T']) {
      const run = await cli('worker', '--queue', 'redis://127.0.0.1:1/0', '--memory-limit', size);
      expect([run.status, run.out]).toEqual([2, '']);
      expect(run.err).toMatch(/^codebreaker: --memory-limit [^\n]+\n$/);
    }
  });
});
