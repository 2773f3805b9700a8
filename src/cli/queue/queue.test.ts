import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import { type Running, startCli as start, stopAll, until } from '../../../test/process.js';
import { type TestRedis, freePort, startRedis } from '../../../test/redis.js';
import { resolveRules } from '../../rules.js';
import { doneKey, queueName } from './queue.js';

/** A proof of a few seconds whose larger jobs take a second or two each. */
const GAME = ['--pegs', '4', '--colors', '9', '--no-repeat'];

/** The figures a local run and a queued one must share. */
function figures(json: string): unknown {
  const { total, max, histogram, proved } = JSON.parse(json);
  return { total, max, histogram, proved };
}

describe('optimal --queue with codebreaker worker, on a real Redis', () => {
  let redis: TestRedis;
  let local: unknown;
  beforeAll(async () => {
    redis = await startRedis();
    local = figures((await cli('optimal', ...GAME, '--json')).out);
  }, 120_000);
  afterEach(stopAll, 30_000);
  afterAll(async () => {
    await redis?.stop();
  });

  const worker = (): Running =>
    start(['worker', '--queue', redis.url, '--threads', '1', '--stall-seconds', '2']);

  it(
    'two workers prove what a local run proves; one killed mid-job, its job is done by the other',
    { timeout: 180_000 },
    async () => {
      const [a, b] = [worker(), worker()];
      await until(() => a.err.includes('waiting for jobs') && b.err.includes('waiting for jobs'));
      const coordinator = start(['optimal', ...GAME, '--queue', redis.url, '--json']);
      await until(() => /solving (\S+):/.test(a.err));
      const killed = /solving (\S+):/.exec(a.err)![1];
      a.child.kill('SIGKILL');
      expect(await coordinator.ended).toBe(0);
      expect(figures(coordinator.out)).toEqual(local);
      // The job the killed worker held was taken up and solved by the other.
      expect(a.err).not.toContain(`solved  ${killed}:`);
      expect(b.err).toContain(`solved  ${killed}:`);
    },
  );

  it(
    'a coordinator stopped midway and started again goes on from the jobs in Redis',
    { timeout: 180_000 },
    async () => {
      const workers = [worker(), worker()];
      // Another proof than the first test's (a depth cap), so that Redis holds none of it yet.
      const capped = [...GAME, '--max-depth', '7'];
      const argv = ['optimal', ...capped, '--queue', redis.url, '--json'];
      const first = start(argv);
      // Stopped once Redis holds jobs it merged (the checkpoint a second coordinator reads).
      const identity = {
        rules: resolveRules({ pegs: '4', colors: '9', repeat: false }),
        objective: 'expected' as const,
        maxDepth: 7,
        consistentOnly: false,
      };
      const done = doneKey(queueName(identity, true));
      const admin = new Redis(redis.port, '127.0.0.1');
      await until(async () => (await admin.hlen(done)) > 0);
      await admin.quit();
      expect(workers.some((run) => /^solved /m.test(run.err))).toBe(true);
      first.child.kill('SIGKILL');
      await first.ended;
      const again = start(argv);
      expect(await again.ended).toBe(0);
      const doc = JSON.parse(again.out);
      expect(doc.resumed).toBeGreaterThan(0);
      expect(figures(again.out)).toEqual(figures((await cli('optimal', ...capped, '--json')).out));
    },
  );

  it('two proofs on one Redis at once do not mix', { timeout: 180_000 }, async () => {
    worker();
    worker();
    const games = [
      ['--game', 'numeron'],
      ['--game', 'hit-and-blow', '--objective', 'crush'],
    ];
    const queued = games.map((game) => start(['optimal', ...game, '--queue', redis.url, '--json']));
    for (const [i, game] of games.entries()) {
      expect(await queued[i].ended).toBe(0);
      expect(figures(queued[i].out)).toEqual(
        figures((await cli('optimal', ...game, '--json')).out),
      );
    }
    const name = (objective: 'expected' | 'crush') =>
      queueName(
        {
          rules: resolveRules({ game: 'numeron' }),
          objective,
          maxDepth: null,
          consistentOnly: false,
        },
        true,
      );
    expect(name('expected')).not.toBe(name('crush'));
  });

  it('an unreachable Redis is one line and status 2, for both sides', async () => {
    const nowhere = `redis://127.0.0.1:${await freePort()}/0`;
    for (const argv of [
      ['optimal', '--game', 'numeron', '--queue', nowhere],
      ['worker', '--queue', nowhere],
      ['worker', '--queue', 'http://127.0.0.1/'],
    ]) {
      const { status, out, err } = await cli(...argv);
      expect([status, out]).toEqual([2, '']);
      expect(err).toMatch(/^codebreaker: (cannot reach Redis at|--queue must be) [^\n]+\n$/);
    }
  });
});
