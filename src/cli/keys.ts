/**
 * The secret key that signs what the program writes and later reads back: checkpoints, the
 * cached optimal strategies, and a queued proof's jobs, answers and finished-job records. A
 * checksum tells a file damaged by accident; only a signature with a key the reader holds tells
 * one made to deceive. So whatever can change a result is signed when written (HMAC-SHA256 over
 * its canonical bytes, with a purpose that binds it to what it is) and checked before use.
 *
 * Where the key comes from, first found first: `--key-file FILE`, `$CODEBREAKER_KEY` (the key
 * itself), `$CODEBREAKER_KEY_FILE`, else the user's own key, `codebreaker/key` under
 * `$XDG_CONFIG_HOME` (or ~/.config), made on first use and readable by the user alone. A
 * coordinator and its workers on one machine share that file; on several machines, each is
 * given the same key (see docs/cli.md, Trust). A key is never printed.
 */
import type * as Crypto from 'node:crypto';
import { chmodSync, linkSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CodebreakerError, CommandError } from '../errors.js';
import { readSmallFile } from './files.js';

/** Node's crypto, required when first used, not imported: most commands never sign (5 ms). */
function crypto(): typeof Crypto {
  return createRequire(import.meta.url)('node:crypto') as typeof Crypto;
}

/** The fewest characters a key may have: 32 (128 bits as hex). */
const MIN_KEY_LENGTH = 32;
/** The most: a key file is read whole, and a key is a line. */
const MAX_KEY_LENGTH = 4096;

/** A key that signs and checks. */
export interface SigningKey {
  /** Where it came from, for messages ("--key-file", "$CODEBREAKER_KEY", a path): never the key. */
  readonly source: string;
  /** The signature of `value` (canonical JSON) for `purpose`, as hex. */
  sign(purpose: string, value: unknown): string;
  /** Whether `signature` is `value`'s for `purpose` (compared in constant time). */
  verify(purpose: string, value: unknown, signature: unknown): boolean;
  /** The signature of raw `bytes` for `purpose`. */
  signBytes(purpose: string, bytes: Uint8Array): string;
  /** Whether `signature` is that of `bytes` for `purpose`. */
  verifyBytes(purpose: string, bytes: Uint8Array, signature: unknown): boolean;
}

/**
 * `value` as JSON with every object's keys in order: the same value gives the same bytes,
 * whoever wrote it and in whatever order its fields were set.
 */
export function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map((item) => canonicalJson(item)).join(',')}]`;
  if (value !== null && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, item]) => item !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, item]) => `${JSON.stringify(key)}:${canonicalJson(item)}`).join(',')}}`;
  }
  return JSON.stringify(value) ?? 'null';
}

/** A signing key from its text, `source` naming where it came from. */
export function keyFromText(text: string, source: string): SigningKey {
  const key = text.trim();
  if (key.length < MIN_KEY_LENGTH || key.length > MAX_KEY_LENGTH || /\s/.test(key)) {
    throw new CodebreakerError(
      'bad-option',
      `the key from ${source} must be one word of ${MIN_KEY_LENGTH} to ${MAX_KEY_LENGTH} characters (make one with: openssl rand -hex 32)`,
    );
  }
  const secret = Buffer.from(key, 'utf8');
  const mac = (purpose: string, bytes: Uint8Array): Buffer =>
    crypto().createHmac('sha256', secret).update(`codebreaker/${purpose}\n`).update(bytes).digest();
  const same = (expected: Buffer, signature: unknown): boolean => {
    if (typeof signature !== 'string' || !/^[0-9a-f]{64}$/.test(signature)) return false;
    return crypto().timingSafeEqual(expected, Buffer.from(signature, 'hex'));
  };
  const encode = (value: unknown): Uint8Array => Buffer.from(canonicalJson(value), 'utf8');
  return {
    source,
    sign: (purpose, value) => mac(purpose, encode(value)).toString('hex'),
    verify: (purpose, value, signature) => same(mac(purpose, encode(value)), signature),
    signBytes: (purpose, bytes) => mac(purpose, bytes).toString('hex'),
    verifyBytes: (purpose, bytes, signature) => same(mac(purpose, bytes), signature),
  };
}

/** Where the user's own key is kept. */
function localKeyPath(): string {
  const config = process.env.XDG_CONFIG_HOME || join(homedir(), '.config');
  return join(config, 'codebreaker', 'key');
}

/** The user's own key, made (readable by the user alone) if there is none yet. */
function localKey(): SigningKey {
  const path = localKeyPath();
  const found = readSmallFile(path, 'the key file', true);
  if (found !== undefined) return keyFromText(found, path);
  // Written whole under a name of its own, then linked into place: two processes making the key
  // at once keep the first one's, and neither ever reads a key half written.
  const temp = `${path}.${process.pid}.${crypto().randomBytes(4).toString('hex')}`;
  try {
    mkdirSync(dirname(path), { recursive: true, mode: 0o700 });
    writeFileSync(temp, `${crypto().randomBytes(32).toString('hex')}\n`, {
      mode: 0o600,
      flag: 'wx',
    });
    chmodSync(temp, 0o600);
    linkSync(temp, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw new CommandError(
        'cannot-write',
        `cannot make the signing key ${path}: ${(error as NodeJS.ErrnoException).code ?? 'unwritable'} (give --key-file or set CODEBREAKER_KEY)`,
      );
    }
  } finally {
    rmSync(temp, { force: true });
  }
  return keyFromText(readSmallFile(path, 'the key file')!, path);
}

/** The key, from `keyFile` (the `--key-file` flag) or where the module comment says. */
export function loadKey(keyFile?: string): SigningKey {
  if (keyFile !== undefined) return keyFromText(readSmallFile(keyFile, '--key-file')!, keyFile);
  const env = process.env;
  if (env.CODEBREAKER_KEY) return keyFromText(env.CODEBREAKER_KEY, '$CODEBREAKER_KEY');
  if (env.CODEBREAKER_KEY_FILE) {
    const path = env.CODEBREAKER_KEY_FILE;
    const text = readSmallFile(path, '$CODEBREAKER_KEY_FILE')!;
    return keyFromText(text, `$CODEBREAKER_KEY_FILE (${path})`);
  }
  return localKey();
}
