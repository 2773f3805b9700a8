import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';

const dir = mkdtempSync(join(tmpdir(), 'codebreaker-keys-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/**
 * Runs `loadKey()` in a process of its own with `XDG_CONFIG_HOME=config`; resolves to its
 * signature of a fixed value, which is the same for the same key.
 */
function keyIn(config: string): Promise<string> {
  const script = `import { loadKey } from ${JSON.stringify(join(import.meta.dirname, 'keys.ts'))};
    process.stdout.write(loadKey().sign('test', { same: 'value' }));`;
  const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
    env: { ...process.env, XDG_CONFIG_HOME: config, CODEBREAKER_KEY: '', CODEBREAKER_KEY_FILE: '' },
  });
  let out = '';
  let err = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  child.stderr.on('data', (chunk) => {
    err += chunk;
  });
  return new Promise((done, fail) =>
    child.on('close', (status) => (status === 0 ? done(out) : fail(new Error(err)))),
  );
}

describe('the user’s own signing key', () => {
  it('is made once on first use, readable by the user alone, even by processes racing to make it', async () => {
    const config = join(dir, 'config');
    const keys = await Promise.all(Array.from({ length: 6 }, () => keyIn(config)));
    expect(new Set(keys).size).toBe(1);
    expect(keys[0].length).toBeGreaterThan(0);
    const file = join(config, 'codebreaker', 'key');
    expect(statSync(file).mode & 0o777).toBe(0o600);
    expect(readFileSync(file, 'utf8')).toMatch(/^[0-9a-f]{64}\n$/);
    // Nothing of the making is left beside it.
    expect(readdirSync(join(config, 'codebreaker'))).toEqual(['key']);
    expect(await keyIn(config)).toBe(keys[0]);
  });
});
