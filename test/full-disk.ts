/**
 * Full disks, for the tests of what a command does when it cannot write its checkpoint: the real
 * thing where the machine allows it (a small tmpfs, mounted for the test: root on Linux, where
 * mounting is allowed), and else a write that fails in this thread as a full disk's does.
 */
import { execFileSync } from 'node:child_process';
import fs, { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { syncBuiltinESMExports } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** A small disk of its own, mounted at `dir`. */
export interface SmallDisk {
  readonly dir: string;
  /** Fills the disk but for `pages` of its blocks (a page each: a small file takes one). */
  fill(pages: number): void;
  /** Unmounts it and removes `dir`. */
  unmount(): void;
}

/** A tmpfs of 256 KiB mounted for the test, or undefined where mounting is not allowed. */
export function smallDisk(): SmallDisk | undefined {
  const dir = mkdtempSync(join(tmpdir(), 'codebreaker-small-disk-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', 'size=256k', 'tmpfs', dir], { stdio: 'ignore' });
  } catch {
    rmSync(dir, { recursive: true, force: true });
    return undefined;
  }
  const filler = join(dir, 'filler');
  return {
    dir,
    fill(pages) {
      rmSync(filler, { force: true });
      const { bavail, bsize } = statfsSync(dir);
      writeFileSync(filler, Buffer.alloc((bavail - pages) * bsize));
    },
    unmount() {
      execFileSync('umount', [dir], { stdio: 'ignore' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Makes every write of a temporary file (a name ending `.tmp`, not a lock's) under `dir` after
 * the first `spared` fail as on a full disk: half written, then ENOSPC. In this thread only (a
 * worker thread has its own `node:fs`), until the function returned is called.
 */
export function failingWrites(dir: string, spared = 1): () => void {
  const real = fs.writeFileSync;
  let seen = 0;
  const failing: typeof real = (file, data, options) => {
    const name = String(file);
    if (!name.startsWith(dir) || !name.endsWith('.tmp') || name.includes('.lock.')) {
      return real(file, data, options);
    }
    if (++seen <= spared) return real(file, data, options);
    const bytes = typeof data === 'string' ? Buffer.from(data) : Buffer.from(data as Uint8Array);
    real(file, bytes.subarray(0, bytes.length >> 1));
    throw Object.assign(new Error('ENOSPC: no space left on device, write'), {
      code: 'ENOSPC',
      errno: -28,
      syscall: 'write',
    });
  };
  fs.writeFileSync = failing;
  syncBuiltinESMExports();
  return () => {
    fs.writeFileSync = real;
    syncBuiltinESMExports();
  };
}
