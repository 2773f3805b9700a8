/**
 * A proof over a queue when Redis fails under it: killed mid-proof (for good, or started again
 * empty), flushed, out of memory from the start. Real redis-servers, stopped and started by the
 * test; real workers and coordinators as processes. The coordinator must never hang: it waits a
 * bounded time for Redis, hears Ctrl-C and SIGTERM all the while, puts back what Redis lost, and
 * ends in one line when it cannot go on, with its checkpoint saved.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import { type Running, startCli as start, stopAll, until } from '../../../test/process.js';
import { type TestRedis, startRedis } from '../../../test/redis.js';
import { resolveRules } from '../../rules.js';
import { PROOFS_KEY, doneKey, queueName } from './queue.js';

/** A proof of a few seconds whose larger jobs take a second or two each. */
const GAME = ['--pegs', '4', '--colors', '9', '--no-repeat'];
const DONE = doneKey(
  queueName(
    {
      rules: resolveRules({ pegs: '4', colors: '9', repeat: false }),
      objective: 'expected',
      maxDepth: null,
      consistentOnly: false,
    },
    true,
  ),
);

/** The figures a local run and a queued one must share. */
function figures(json: string): unknown {
  const { total, max, histogram, proved } = JSON.parse(json);
  return { total, max, histogram, proved };
}

/** Nothing on stderr looks like a stack trace. */
function noStack(err: string): void {
  expect(err).not.toMatch(/^\s+at /m);
}

describe('a coordinator whose Redis fails', () => {
  let dir: string;
  let local: unknown;
  const servers: TestRedis[] = [];
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'codebreaker-faults-'));
    local = figures((await cli('optimal', ...GAME, '--json')).out);
  }, 120_000);
  afterEach(async () => {
    await stopAll();
    await Promise.all(servers.splice(0).map((server) => server.stop()));
  }, 30_000);
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  const server = async (setup: Parameters<typeof startRedis>[0] = {}): Promise<TestRedis> => {
    const started = await startRedis(setup);
    servers.push(started);
    return started;
  };
  const worker = (redis: TestRedis): Running =>
    start(['worker', '--queue', redis.url, '--threads', '1', '--stall-seconds', '2']);
  /** Until Redis holds a job the coordinator merged. */
  const merged = async (redis: TestRedis): Promise<void> => {
    const admin = new Redis(redis.port, '127.0.0.1');
    await until(async () => (await admin.hlen(DONE)) > 0);
    admin.disconnect();
  };

  it(
    'Redis killed for good: said once, waited for --redis-wait, then one line, status 2, and the checkpoint resumes',
    { timeout: 180_000 },
    async () => {
      const redis = await server();
      worker(redis);
      const file = join(dir, 'gone.checkpoint');
      const proof = start([
        'optimal',
        ...GAME,
        '--queue',
        redis.url,
        '--redis-wait',
        '3',
        '--checkpoint',
        file,
        '--json',
      ]);
      await merged(redis);
      await redis.stop();
      expect(await proof.ended).toBe(2);
      expect(proof.out).toBe('');
      const lines = proof.err.trimEnd().split('\n');
      expect(lines.filter((line) => line.includes('lost Redis at'))).toHaveLength(1);
      expect(lines.at(-1)).toMatch(
        /^codebreaker: Redis at redis:\/\/127\.0\.0\.1:\d+\/0 has not answered for 3 s \(--redis-wait\): the proof stops; run the same command again once Redis is back$/,
      );
      noStack(proof.err);
      // What finished was kept: the same proof resumes from the file, here, to the same value.
      const resumed = await cli('optimal', ...GAME, '--checkpoint', file, '--json');
      expect(resumed.status).toBe(0);
      expect(JSON.parse(resumed.out).resumed).toBeGreaterThan(0);
      expect(figures(resumed.out)).toEqual(local);
    },
  );

  it(
    'Redis gone: SIGTERM and SIGINT still stop the coordinator, at once',
    { timeout: 180_000 },
    async () => {
      // Two proofs on one Redis (another depth cap: another question), each stopped by one signal.
      const redis = await server();
      worker(redis);
      const argv = ['optimal', ...GAME, '--queue', redis.url, '--redis-wait', '600'];
      const proofs = [start(argv), start([...argv, '--max-depth', '7'])];
      // Both at work on Redis (each has put its queue in the set of proofs), one with a job merged.
      const admin = new Redis(redis.port, '127.0.0.1');
      await until(async () => (await admin.scard(PROOFS_KEY)) === 2);
      admin.disconnect();
      await merged(redis);
      await redis.stop();
      await until(() => proofs.every((proof) => proof.err.includes('lost Redis at')));
      proofs[0].child.kill('SIGTERM');
      proofs[1].child.kill('SIGINT');
      for (const proof of proofs) {
        // A stopped proof prints what it has, as it does with Redis there.
        expect(await proof.ended).toBe(0);
        expect(proof.out).toMatch(/^proved {4}no: stopped after /m);
        noStack(proof.err);
      }
    },
  );

  it(
    'Redis started again empty mid-proof: the coordinator writes back what it lost and proves the value',
    { timeout: 180_000 },
    async () => {
      const redis = await server();
      worker(redis);
      const proof = start(['optimal', ...GAME, '--queue', redis.url, '--json']);
      await merged(redis);
      await redis.stop();
      await until(() => proof.err.includes('lost Redis at'));
      await server({ port: redis.port });
      expect(await proof.ended).toBe(0);
      expect(figures(proof.out)).toEqual(local);
      expect(proof.err).toMatch(
        /^codebreaker: Redis at \S+ answers again after \d+ s; the proof goes on$/m,
      );
      expect(proof.err).toMatch(
        /^codebreaker: Redis at \S+ lost this proof's records \(restarted empty, or flushed\): writing back its \d+ finished jobs and putting its \d+ running jobs on the queue again$/m,
      );
      noStack(proof.err);
    },
  );

  it('Redis flushed mid-proof: the same', { timeout: 180_000 }, async () => {
    const redis = await server();
    worker(redis);
    const proof = start(['optimal', ...GAME, '--queue', redis.url, '--json']);
    await merged(redis);
    const admin = new Redis(redis.port, '127.0.0.1');
    await admin.flushall();
    admin.disconnect();
    expect(await proof.ended).toBe(0);
    expect(figures(proof.out)).toEqual(local);
    expect(proof.err).toMatch(/^codebreaker: Redis at \S+ lost this proof's records /m);
    noStack(proof.err);
  });

  it('Redis out of memory from the start: one line, status 2', async () => {
    const redis = await server({ maxmemory: '1' });
    const proof = await cli('optimal', ...GAME, '--queue', redis.url, '--json');
    expect([proof.status, proof.out]).toEqual([2, '']);
    expect(proof.err).toMatch(
      /^codebreaker: Redis at redis:\/\/127\.0\.0\.1:\d+\/0 refused a command: OOM command not allowed [^\n]*\(free memory there, or raise its maxmemory\); the proof stops\n$/,
    );
  });
});
