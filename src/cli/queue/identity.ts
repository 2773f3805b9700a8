/**
 * Who answered a job. The key a coordinator and its workers share (cli/keys.ts) says that an
 * answer comes from some holder of the key, not from which one: were a worker's name taken from
 * its answer, one machine could answer as many, and `--replicas 2` would compare it with itself.
 * So each worker process makes a key pair of its own when it starts (Ed25519) and puts the
 * public half in its heartbeat; the coordinator registers each public key it sees under a number
 * of its own (queue-runner.ts), and an answer counts as that worker's only if it is signed with
 * the private half. The registration lives in the coordinator's memory and is never read back.
 *
 * A key holder that runs two registrations is still two workers: replicas guard against a machine
 * that fails or lies alone, and `--recheck` (or a certificate) against one that lies twice.
 */
import type * as Crypto from 'node:crypto';
import { createRequire } from 'node:module';
import { canonicalJson } from '../keys.js';

/** Node's crypto, required when first used (as keys.ts does). */
function crypto(): typeof Crypto {
  return createRequire(import.meta.url)('node:crypto') as typeof Crypto;
}

/** A public key as heartbeats and answers carry it: the 32 bytes of an Ed25519 key, as hex. */
export const PUBLIC_KEY = /^[0-9a-f]{64}$/;
/** A signature with such a key: 64 bytes, as hex. */
export const KEY_SIGNATURE = /^[0-9a-f]{128}$/;

/** A worker's own key pair. */
export interface WorkerIdentity {
  /** The public key, as hex: what the worker is known by. */
  readonly key: string;
  /** The signature of `value` (canonical JSON) with the private key, as hex. */
  sign(value: unknown): string;
}

/** A key pair made now, for this process alone (the private half never leaves it). */
export function newWorkerIdentity(): WorkerIdentity {
  const { publicKey, privateKey } = crypto().generateKeyPairSync('ed25519');
  const jwk = publicKey.export({ format: 'jwk' });
  const key = Buffer.from(String(jwk.x), 'base64url').toString('hex');
  return {
    key,
    sign: (value) =>
      crypto()
        .sign(null, Buffer.from(canonicalJson(value), 'utf8'), privateKey)
        .toString('hex'),
  };
}

/** Whether `signature` is that of `value` with the private half of the public key `key`. */
export function signedByKey(key: string, value: unknown, signature: string): boolean {
  if (!PUBLIC_KEY.test(key) || !KEY_SIGNATURE.test(signature)) return false;
  try {
    const publicKey = crypto().createPublicKey({
      key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(key, 'hex').toString('base64url') },
      format: 'jwk',
    });
    return crypto().verify(
      null,
      Buffer.from(canonicalJson(value), 'utf8'),
      publicKey,
      Buffer.from(signature, 'hex'),
    );
  } catch {
    return false;
  }
}
