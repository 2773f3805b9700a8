/**
 * The flags of the commands that reach Redis (`optimal --queue`, `worker`), beside `--queue`:
 * apart from queue.ts, which loads Redis's client and the records' schemas, so that a command
 * registering them loads neither until it is run with a queue.
 */

/** The flags that say how to reach Redis, beside `--queue`. */
export interface RedisFlags {
  readonly redisPasswordFile?: string;
  readonly tlsCa?: string;
  readonly tlsCert?: string;
  readonly tlsKey?: string;
}

/** The flags of every command that reaches Redis, beside `--queue` itself. */
export const REDIS_OPTIONS: readonly (readonly [string, string])[] = [
  [
    '--redis-password-file <file>',
    'read the Redis password from FILE (else from the URL or $CODEBREAKER_REDIS_PASSWORD)',
  ],
  ['--tls-ca <file>', 'with rediss://: the CA certificate to trust (or $CODEBREAKER_TLS_CA)'],
  ['--tls-cert <file>', 'with rediss://: a client certificate (or $CODEBREAKER_TLS_CERT)'],
  ['--tls-key <file>', "with rediss://: the client certificate's key (or $CODEBREAKER_TLS_KEY)"],
  [
    '--key-file <file>',
    'the key that signs jobs, answers and checkpoints (else $CODEBREAKER_KEY, $CODEBREAKER_KEY_FILE, or your own key)',
  ],
];
