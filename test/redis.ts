/**
 * A real Redis server for tests: Debian's `redis-server`, started on a free loopback port with
 * nothing saved to disk, and stopped after.
 */
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** A running server: its address for `--queue`, and how to stop it. */
export interface TestRedis {
  readonly port: number;
  readonly url: string;
  stop(): Promise<void>;
}

/** A loopback port nothing listens on now. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

/**
 * How the server is run: with a password (`requirepass`), over TLS with these files, on a given
 * port (a server started again where one was stopped), with a memory limit (`maxmemory`).
 */
export interface RedisSetup {
  readonly password?: string;
  readonly tls?: { readonly cert: string; readonly key: string };
  readonly port?: number;
  readonly maxmemory?: string;
}

/**
 * A throwaway certificate for 127.0.0.1 (its own CA), made with openssl in `dir`: the files of
 * a TLS server and what a client trusts.
 */
export function makeCertificate(dir: string): { cert: string; key: string } {
  const cert = join(dir, 'redis-cert.pem');
  const key = join(dir, 'redis-key.pem');
  const made = spawnSync('openssl', [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    key,
    '-out',
    cert,
    '-days',
    '1',
    '-subj',
    '/CN=127.0.0.1',
    '-addext',
    'subjectAltName=IP:127.0.0.1',
  ]);
  if (made.status !== 0) throw new Error(`openssl failed: ${made.stderr}`);
  return { cert, key };
}

/**
 * Starts `redis-server` on a free loopback port, as `setup` says; resolves once it accepts
 * connections.
 */
export async function startRedis(setup: RedisSetup = {}): Promise<TestRedis> {
  const port = setup.port ?? (await freePort());
  const listen = setup.tls
    ? [
        '--port',
        '0',
        '--tls-port',
        String(port),
        '--tls-cert-file',
        setup.tls.cert,
        '--tls-key-file',
        setup.tls.key,
        '--tls-ca-cert-file',
        setup.tls.cert,
        '--tls-auth-clients',
        'no',
      ]
    : ['--port', String(port)];
  const password = setup.password ? ['--requirepass', setup.password] : [];
  const memory = setup.maxmemory ? ['--maxmemory', setup.maxmemory] : [];
  const server: ChildProcess = spawn(
    'redis-server',
    [...listen, ...password, ...memory, '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const onData = (chunk: Buffer): void => {
      log += chunk;
      if (log.includes('Ready to accept connections')) resolve();
    };
    server.stdout?.on('data', onData);
    server.on('error', (error) =>
      reject(
        new Error(`cannot start redis-server (apt-get install redis-server): ${error.message}`),
      ),
    );
    server.on('exit', (code) => reject(new Error(`redis-server exited (${code}): ${log}`)));
  });
  return {
    port,
    url: `${setup.tls ? 'rediss' : 'redis'}://127.0.0.1:${port}/0`,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}
