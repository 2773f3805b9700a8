/**
 * How a checkpoint file is written and held: whole, through a temporary file that a failed write
 * leaves nowhere, and by one process at a time.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { failingWrites } from '../../../test/full-disk.js';
import { checkpointWriter, holdCheckpoint } from './signed-file.js';

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-signed-file-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** The error `act` throws; fails if it throws none. */
function thrownBy(act: () => unknown): Error {
  try {
    act();
  } catch (error) {
    return error as Error;
  }
  throw new Error('nothing was thrown');
}

/** A process id that no process has: that of a process that has ended. */
function endedPid(): number {
  const { pid } = spawnSync(process.execPath, ['-e', '']);
  return pid!;
}

describe('holdCheckpoint', () => {
  it('refuses a second holder naming the first, and lets the file go when released', () => {
    const file = join(dir, 'held.json');
    const release = holdCheckpoint(file);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    const refused = thrownBy(() => holdCheckpoint(file));
    expect(refused).toMatchObject({ name: 'CommandError', kind: 'cannot-write' });
    expect(refused.message).toBe(
      `the checkpoint ${file} is in use by process ${process.pid}: wait for it to end, or give another file`,
    );
    release();
    release();
    expect(readdirSync(dir).filter((name) => name.startsWith('held'))).toEqual([]);
    holdCheckpoint(file)();
  });

  it('takes over the lock of a process that has ended', () => {
    const file = join(dir, 'stale.json');
    writeFileSync(`${file}.lock`, `${endedPid()} ${hostname()}\n`);
    const release = holdCheckpoint(file);
    expect(readFileSync(`${file}.lock`, 'utf8')).toBe(`${process.pid} ${hostname()}\n`);
    release();
  });

  it('refuses a lock from another host, or one it cannot read, saying what to remove', () => {
    const file = join(dir, 'elsewhere.json');
    writeFileSync(`${file}.lock`, `${endedPid()} another-host\n`);
    expect(thrownBy(() => holdCheckpoint(file)).message).toMatch(
      /^the checkpoint \S+ is in use by process \d+ on another-host: wait for it to end, or give another file \(if that process is gone, remove \S+elsewhere\.json\.lock\)$/,
    );
    writeFileSync(`${file}.lock`, 'garbage');
    expect(thrownBy(() => holdCheckpoint(file)).message).toMatch(/not a lock this version writes/);
    // Neither left anything of its own behind.
    expect(readdirSync(dir).filter((name) => name.startsWith('elsewhere'))).toEqual([
      'elsewhere.json.lock',
    ]);
  });

  it('refuses a file it cannot lock in one line', () => {
    const refused = thrownBy(() => holdCheckpoint(join(dir, 'missing', 'file.json')));
    expect(refused.message).toMatch(/^cannot lock the checkpoint \S+: ENOENT/);
  });
});

describe('checkpointWriter', () => {
  /** A writer of `file` whose text is `text` and changes with each `changes` moved on. */
  async function writer(file: string) {
    const told: string[] = [];
    let changes = 0;
    const save = await checkpointWriter(
      file,
      () => `text ${changes}`,
      () => changes,
      (line) => told.push(line),
    );
    return { ...save, told, change: () => changes++ };
  }

  it('refuses at once a file it cannot write, leaving no temporary file', async () => {
    const folder = join(dir, 'a-directory');
    mkdirSync(join(folder, 'inside'), { recursive: true });
    await expect(writer(folder)).rejects.toMatchObject({
      kind: 'cannot-write',
      message: expect.stringMatching(/^cannot write the checkpoint \S+a-directory: EISDIR/),
    });
    expect(readdirSync(dir).filter((name) => name.endsWith('.tmp'))).toEqual([]);
  });

  it('goes on when a write fails (a full disk): says so once, and again when it writes again', async () => {
    const folder = mkdtempSync(join(dir, 'full-'));
    const file = join(folder, 'checkpoint');
    const restore = failingWrites(folder, 0);
    let run: Awaited<ReturnType<typeof writer>>;
    try {
      await expect(writer(file)).rejects.toMatchObject({ kind: 'cannot-write' });
      expect(readdirSync(folder)).toEqual([]);
    } finally {
      restore();
    }
    run = await writer(file);
    expect(readFileSync(file, 'utf8')).toBe('text 0');
    const stop = failingWrites(folder, 0);
    try {
      run.change();
      run.save(true);
      run.change();
      run.save(true);
      expect(run.finish()).toBe('ENOSPC: no space left on device, write');
    } finally {
      stop();
    }
    expect(run.told).toEqual([
      `cannot write the checkpoint ${file}: ENOSPC: no space left on device, write; the search goes on, trying again at the next write`,
    ]);
    // The file is the last one written whole, and the temporary files are gone.
    expect(readFileSync(file, 'utf8')).toBe('text 0');
    expect(readdirSync(folder)).toEqual(['checkpoint']);
    run.change();
    expect(run.finish()).toBe(undefined);
    expect(run.told.at(-1)).toBe(`the checkpoint ${file} is written again`);
    expect(readFileSync(file, 'utf8')).toBe('text 3');
    // Nothing new: nothing written.
    expect(run.finish()).toBe(undefined);
    expect(run.told).toHaveLength(2);
    run = await writer(join(folder, 'other'));
    expect(run.told).toEqual([]);
  });
});
