/**
 * A real Redis server for tests: Debian's `redis-server`, started on a free loopback port with
 * nothing saved to disk, and stopped after.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { createServer } from 'node:net';

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

/** Starts `redis-server` on a free loopback port; resolves once it accepts connections. */
export async function startRedis(): Promise<TestRedis> {
  const port = await freePort();
  const server: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
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
    url: `redis://127.0.0.1:${port}/0`,
    stop: () =>
      new Promise((resolve) => {
        if (server.exitCode !== null) return resolve();
        server.once('exit', () => resolve());
        server.kill('SIGTERM');
      }),
  };
}
