/**
 * A proof over a queue, attacked and misconfigured as it would be in production: a Redis with a
 * password, an ACL user or TLS; a rogue worker that can write to Redis but lacks the key;
 * garbage in every record the coordinator reads; a worker with another key; jobs a worker must
 * refuse. Real redis-servers, real worker processes, a BullMQ worker of the test's own as the
 * rogue.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Queue, QueueEvents, Worker } from 'bullmq';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { runCli as cli } from '../../../test/cli.js';
import { wholeGameJob } from '../../../test/jobs.js';
import { startCli as start, stopAll, until } from '../../../test/process.js';
import { type TestRedis, makeCertificate, startRedis } from '../../../test/redis.js';
import { crc32 } from '../../checksum.js';
import { gameFor } from '../../game.js';
import { resolveRules } from '../../rules.js';
import { costTotal } from '../../search/cost.js';
import { loadKey } from '../keys.js';
import { newWorkerIdentity } from './identity.js';
import { agreement } from './queue-answers.js';
import {
  PROOFS_KEY,
  WORKER_PREFIX,
  answerSigned,
  doneKey,
  queueName,
  signAnswer,
  signJob,
} from './queue.js';

/** A proof of a second or two, with a few jobs. */
const NUMERON = ['--game', 'numeron'];
/** Classic Mastermind: least total 5625 (Koyama & Lai). */
const MASTERMIND = ['--game', 'mastermind'];
const HIT_AND_BLOW = ['--game', 'hit-and-blow'];

/** The figures a local run and a queued one must share. */
function figures(json: string): unknown {
  const { total, max, histogram, proved } = JSON.parse(json);
  return { total, max, histogram, proved };
}

/** The queue of the least-total proof of `game`. */
function queueOf(game: string): string {
  const rules = resolveRules({ game });
  return queueName({ rules, objective: 'expected', maxDepth: null, consistentOnly: false }, true);
}

/** The jobs a worker refused, in order, from its stderr. */
function refusedJobs(err: string): string[] {
  return [...err.matchAll(/^refused job (\S+):/gm)].map((match) => match[1]);
}

/** Nothing on stderr looks like a stack trace. */
function noStack(err: string): void {
  expect(err).not.toMatch(/^\s+at /m);
}

describe('a queue as people run it in production', () => {
  let dir: string;
  const servers: TestRedis[] = [];
  const local: Record<string, unknown> = {};
  beforeAll(async () => {
    dir = mkdtempSync(join(tmpdir(), 'codebreaker-trust-'));
    for (const game of [NUMERON, HIT_AND_BLOW]) {
      local[game[1]] = figures((await cli('optimal', ...game, '--json')).out);
    }
  }, 60_000);
  afterEach(stopAll, 30_000);
  afterAll(async () => {
    await Promise.all(servers.map((server) => server.stop()));
    rmSync(dir, { recursive: true, force: true });
  });
  const server = async (setup: Parameters<typeof startRedis>[0] = {}): Promise<TestRedis> => {
    const started = await startRedis(setup);
    servers.push(started);
    return started;
  };

  it(
    'with a password (URL, environment) or an ACL user, never shown; a wrong one is one line',
    { timeout: 120_000 },
    async () => {
      const redis = await server({ password: 'pass-word-1234' });
      const withPassword = redis.url.replace('redis://', 'redis://:pass-word-1234@');
      start(['worker', '--queue', redis.url, '--threads', '1'], {
        CODEBREAKER_REDIS_PASSWORD: 'pass-word-1234',
      });
      const proof = start(['optimal', ...NUMERON, '--queue', withPassword, '--json']);
      expect(await proof.ended).toBe(0);
      expect(figures(proof.out)).toEqual(local.numeron);

      // An ACL user of its own, as a shared server would have.
      const admin = new Redis(redis.port, '127.0.0.1', { password: 'pass-word-1234' });
      await admin.call('ACL', 'SETUSER', 'prover', 'on', '>prover-pass-5678', '~*', '&*', '+@all');
      admin.disconnect();
      const asUser = redis.url.replace('redis://', 'redis://prover:prover-pass-5678@');
      const user = start(['optimal', ...HIT_AND_BLOW, '--queue', asUser, '--json']);
      start(['worker', '--queue', asUser, '--threads', '1']);
      expect(await user.ended).toBe(0);
      expect(figures(user.out)).toEqual(local['hit-and-blow']);

      for (const argv of [
        ['optimal', ...NUMERON, '--queue', redis.url.replace('redis://', 'redis://:wrong-guess@')],
        ['worker', '--queue', redis.url.replace('redis://', 'redis://prover:wrong-guess@')],
        ['worker', '--queue', redis.url],
        ['worker', '--queue', 'redis://:wrong-guess@127.0.0.1:99999/0'],
      ]) {
        const run = await cli(...argv);
        expect([run.status, run.out]).toEqual([2, '']);
        expect(run.err).toMatch(/^codebreaker: (cannot reach Redis at|--queue must be) [^\n]+\n$/);
        expect(run.err).not.toContain('wrong-guess');
      }
    },
  );

  it('over TLS, with the CA from a flag or the environment', { timeout: 120_000 }, async () => {
    const { cert, key } = makeCertificate(dir);
    const redis = await server({ tls: { cert, key }, password: 'tls-pass-9012' });
    const url = redis.url.replace('rediss://', 'rediss://:tls-pass-9012@');
    start(['worker', '--queue', url, '--tls-ca', cert, '--threads', '1']);
    const proof = start(['optimal', ...NUMERON, '--queue', url, '--json'], {
      CODEBREAKER_TLS_CA: cert,
    });
    expect(await proof.ended).toBe(0);
    expect(figures(proof.out)).toEqual(local.numeron);
    // A server whose certificate is not trusted is not reached.
    const untrusted = await cli('optimal', ...NUMERON, '--queue', url);
    expect([untrusted.status, untrusted.out]).toEqual([2, '']);
    expect(untrusted.err).toMatch(
      /^codebreaker: cannot reach Redis at rediss:\/\/:\*\*\*@[^\n]+\n$/,
    );
  });

  it(
    'a rogue worker without the key and garbage in every record delay the proof, never change it',
    { timeout: 120_000 },
    async () => {
      const redis = await server();
      const name = queueOf('hit-and-blow');
      const client = new Redis(redis.port, '127.0.0.1');
      // Garbage where the coordinator reads: a heartbeat, finished-job records.
      await client.set(`${WORKER_PREFIX}junk`, 'not json', 'PX', 600_000);
      await client.hset(`${name}:done`, {
        '255/5:3': 'garbage',
        '255/5:4': JSON.stringify({ record: [370_000], signature: '0'.repeat(64) }),
      });
      // The rogue: says it has a thread, and answers "no strategy" to whatever it is given.
      await client.set(
        `${WORKER_PREFIX}rogue`,
        JSON.stringify({ host: 'rogue', pid: 1, threads: 1, solving: [], key: 'a'.repeat(64) }),
        'PX',
        600_000,
      );
      let lies = 0;
      const rogueConnection = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
      const rogue = new Worker(
        name,
        async () => {
          lies++;
          // First something that is no answer at all, then answers of the right shape.
          if (lies === 1) return 'x';
          const answer = { cost: null, nodes: 1, lookaheads: 0 };
          return {
            answer,
            signature: 'f'.repeat(64),
            worker: 'a'.repeat(64),
            workerSignature: 'b'.repeat(128),
          };
        },
        { connection: rogueConnection },
      );
      const proof = start(['optimal', ...HIT_AND_BLOW, '--queue', redis.url, '--json']);
      await until(() => lies >= 3);
      await rogue.close();
      rogueConnection.disconnect();
      await client.del(`${WORKER_PREFIX}rogue`);
      start(['worker', '--queue', redis.url, '--threads', '1']);
      expect(await proof.ended).toBe(0);
      expect(figures(proof.out)).toEqual(local['hit-and-blow']);
      const said = proof.err;
      expect(said).toMatch(/^codebreaker: job \S+: dropped an answer: not an answer \(/m);
      expect(said).toMatch(
        /^codebreaker: job \S+: dropped an answer: its signature does not match the key \(from worker 1 \(rogue:1\)\); it runs again$/m,
      );
      expect(said).toMatch(
        /^codebreaker: dropped the finished-job record 255\/5:3 in Redis: not JSON; the job runs again$/m,
      );
      expect(said).toMatch(/record 255\/5:4 in Redis: its signature does not match the key/);
      expect(said).toMatch(
        /^codebreaker: ignored the heartbeat codebreaker:worker:junk in Redis: not JSON$/m,
      );
      noStack(said);
      client.disconnect();
    },
  );

  it(
    "a worker refuses jobs that are not the coordinator's or not valid, and stops at SIGTERM",
    { timeout: 120_000 },
    async () => {
      const redis = await server();
      const name = `codebreaker-${'0'.repeat(60)}abcd`;
      const client = new Redis(redis.port, '127.0.0.1');
      await client.sadd(PROOFS_KEY, name);
      const worker = start(['worker', '--queue', redis.url, '--threads', '1']);
      await until(() => worker.err.includes(`serving proof ${name}`));
      const connection = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
      const eventsConnection = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
      const events = new QueueEvents(name, { connection: eventsConnection });
      await events.waitUntilReady();
      const queue = new Queue(name, { connection });
      const outcome = async (id: string, data: unknown): Promise<unknown> => {
        const job = await queue.add('solve', data, { jobId: id });
        return job.waitUntilFinished(events).catch((error: Error) => `failed: ${error.message}`);
      };
      const key = loadKey();
      const game = gameFor(resolveRules({ game: 'hit-and-blow' }));
      const whole = wholeGameJob(game);
      // Not a job at all; a job whose class is the string "x"; a job signed for another id.
      expect(await outcome('not-a-job', 'x')).toMatch(/^failed: not a job/);
      const signed = signJob(key, name, 'whole', whole);
      const stringy = { ...signed, job: { ...signed.job, candidates: 'x' } };
      expect(await outcome('stringy', stringy)).toMatch(/^failed: not a job \(job\.candidates/);
      expect(await outcome('moved', signed)).toMatch(/^failed: its signature does not match/);
      // Signed, but of a game too large for the search, or with a guess that is no code.
      const large = resolveRules({ pegs: 4, colors: 20, repeat: false });
      const tooLarge = { ...whole, rules: large, candidates: Int32Array.from([0, 1, 2]) };
      expect(await outcome('large', signJob(key, name, 'large', tooLarge))).toMatch(
        /^failed: .*codes/,
      );
      const noCode = { ...whole, guess: game.size };
      expect(await outcome('no-code', signJob(key, name, 'no-code', noCode))).toMatch(
        /^failed: job 255\/0:0 is not valid \(its guess is no code of the game\)/,
      );
      // The worker then solves the whole game as one job: hit-and-blow's least total.
      const answered = (await outcome('whole', signed)) as { answer: { cost: number } };
      expect(costTotal(answered.answer.cost)).toBe(1446);
      const { answer, signature } = answered as unknown as { answer: unknown; signature: string };
      expect(answerSigned(key, signed.signature, answer, signature)).toBe(true);
      // A job it is asked to leave to others, with no other worker alive: taken at once, not
      // handed on (put back as delayed, which would start it again, six times).
      const [beat] = await client.keys(`${WORKER_PREFIX}*`);
      const avoided = {
        ...signJob(key, name, 'avoided', whole),
        avoid: [JSON.parse((await client.get(beat))!).key],
      };
      const taken = (await outcome('avoided', avoided)) as { answer: { cost: number } };
      expect(costTotal(taken.answer.cost)).toBe(1446);
      expect((await queue.getJob('avoided'))?.attemptsStarted).toBe(1);
      expect(worker.err).toMatch(/^refused job not-a-job: not a job/m);
      noStack(worker.err);
      // Idle after serving, it stops at SIGTERM, at once.
      worker.child.kill('SIGTERM');
      expect(await worker.ended).toBe(0);
      await queue.close();
      await events.close();
      for (const open of [client, connection, eventsConnection]) open.disconnect();
    },
  );

  it(
    'a worker with another key refuses every job: alone, the proof stops after a few tries; beside another, its jobs go to the other',
    { timeout: 120_000 },
    async () => {
      const redis = await server();
      const other = join(dir, 'other.key');
      writeFileSync(other, `${'y'.repeat(40)}\n`);
      const wrong = start(['worker', '--queue', redis.url, '--threads', '1', '--key-file', other]);
      const proof = start(['optimal', ...NUMERON, '--queue', redis.url, '--json']);
      expect(await proof.ended).toBe(2);
      expect(proof.out).toBe('');
      const lines = proof.err.trimEnd().split('\n');
      expect(lines.at(-1)).toMatch(
        /^codebreaker: job \S+ failed on a worker: its signature does not match this worker's key [^\n]*\(3 times\): the proof stops; its finished jobs are kept in Redis/,
      );
      expect(lines.every((line) => line.startsWith('codebreaker: job '))).toBe(true);
      noStack(proof.err);
      // With a worker that has the key beside it, every job it refused is solved by the other.
      const refusedBefore = wrong.err.match(/^refused job /gm)?.length ?? 0;
      start(['worker', '--queue', redis.url, '--threads', '1']);
      const again = start(['optimal', ...NUMERON, '--queue', redis.url, '--json']);
      expect(await again.ended).toBe(0);
      expect(figures(again.out)).toEqual(local.numeron);
      // One line for each job it refused, however often it took that job again.
      const refused = new Set(refusedJobs(wrong.err).slice(refusedBefore));
      const retried = again.err.match(/failed on a worker: .*; it runs again$/gm)?.length ?? 0;
      expect(retried).toBe(refused.size);
    },
  );

  it(
    'a job refused again by the same worker while another is alive but busy waits for that one, however long',
    { timeout: 120_000 },
    async () => {
      const redis = await server();
      const other = join(dir, 'other-busy.key');
      writeFileSync(other, `${'z'.repeat(40)}\n`);
      // A worker alive that takes nothing yet: its heartbeat, written here.
      const admin = new Redis(redis.port, '127.0.0.1');
      const beat = {
        host: 'busy',
        pid: 1,
        threads: 1,
        solving: ['a long job'],
        key: 'c'.repeat(64),
      };
      await admin.set(`${WORKER_PREFIX}busy`, JSON.stringify(beat));
      const wrong = start(['worker', '--queue', redis.url, '--threads', '1', '--key-file', other]);
      const proof = start(['optimal', ...NUMERON, '--queue', redis.url, '--json']);
      // Far more refusals of one job than a job may fail on different workers (3).
      const mostOfOne = (): number => {
        const times = new Map<string, number>();
        for (const job of refusedJobs(wrong.err)) times.set(job, (times.get(job) ?? 0) + 1);
        return Math.max(0, ...times.values());
      };
      await until(() => mostOfOne() >= 4 || proof.child.exitCode !== null);
      expect(proof.child.exitCode).toBe(null);
      // While the busy worker is alive, a job it refused again is not run again: one line at most
      // for each job, however often the worker refused it.
      const retried = [...proof.err.matchAll(/^codebreaker: job (\S+): .*; it runs again$/gm)];
      const jobs = retried.map((line) => line[1]);
      expect(jobs.length).toBeGreaterThan(0);
      expect(new Set(jobs).size).toBe(jobs.length);
      // The busy worker's place is taken by one that solves: the proof ends, and right. (The
      // new one serves before the busy one goes: alone, the worker without the key would take
      // the job at once and refuse it, and the proof would stop after three refusals.)
      const good = start(['worker', '--queue', redis.url, '--threads', '1']);
      await until(() => good.err.includes('serving proof'));
      await admin.del(`${WORKER_PREFIX}busy`);
      await admin.quit();
      expect(await proof.ended).toBe(0);
      expect(figures(proof.out)).toEqual(local.numeron);
    },
  );

  it(
    '--replicas 2 takes only answers two workers agree on; --recheck solves them again here',
    { timeout: 120_000 },
    async () => {
      const redis = await server();
      const argv = ['optimal', ...NUMERON, '--queue', redis.url, '--replicas', '2', '--recheck'];
      // One worker alone cannot be two: the proof says so and stops, rather than wait for ever.
      const workers = [start(['worker', '--queue', redis.url, '--threads', '1'])];
      const alone = start(argv);
      expect(await alone.ended).toBe(2);
      expect(alone.err.trimEnd().split('\n').at(-1)).toMatch(
        /^codebreaker: job \S+: both replicas were solved by one worker, worker 1 \(\S+\), 3 times: --replicas 2 needs two honest workers/,
      );
      // The second worker's heartbeat is in Redis before the proof starts: until it is, the
      // first sees no other worker alive and takes both copies (a loaded machine can start the
      // second slower than the proof's first three rounds).
      const second = start(['worker', '--queue', redis.url, '--threads', '1']);
      workers.push(second);
      await until(() => second.err.includes('waiting for jobs'));
      const proof = start([...argv, '--json']);
      expect(await proof.ended).toBe(0);
      expect(figures(proof.out)).toEqual(local.numeron);
      const { relied } = JSON.parse(proof.out);
      const taken = relied.workers.bounds + relied.workers.exact;
      expect(taken).toBeGreaterThan(0);
      expect(relied.rechecked).toBe(taken);
      // Idle after a finished proof, the workers stop at SIGTERM.
      for (const worker of workers) worker.child.kill('SIGTERM');
      expect(await Promise.all(workers.map((worker) => worker.ended))).toEqual([0, 0]);
    },
  );
  it(
    'two questions whose old crc32 names collide share nothing: the second proves its own value',
    { timeout: 180_000 },
    async () => {
      const redis = await server();
      // Two alphabets whose questions had one crc32, so one queue and one set of records.
      const sevens = ['--pegs', '4', '--colors', '7', '--repeat', '--alphabet', 'g5carLu'];
      const sixes = ['--pegs', '4', '--colors', '6', '--repeat', '--alphabet', '1ArCs6'];
      const identities = [
        { pegs: '4', colors: '7', repeat: true, alphabet: 'g5carLu' },
        { pegs: '4', colors: '6', repeat: true, alphabet: '1ArCs6' },
      ].map((rules) => ({
        rules: resolveRules(rules),
        objective: 'expected' as const,
        maxDepth: null,
        consistentOnly: false,
      }));
      const crcName = (identity: (typeof identities)[number]): string =>
        crc32(new TextEncoder().encode(JSON.stringify({ ...identity, symmetry: true })));
      expect(crcName(identities[0])).toBe(crcName(identities[1]));
      const [first, second] = identities.map((identity) => queueName(identity, true));
      expect(first).not.toBe(second);
      expect(first).toMatch(/^codebreaker-[0-9a-f]{64}$/);
      start(['worker', '--queue', redis.url, '--threads', '1']);
      // The first proof leaves finished jobs in Redis, which the second's jobs are named like.
      const queued7 = start(['optimal', ...sevens, '--queue', redis.url]);
      const admin = new Redis(redis.port, '127.0.0.1');
      await until(async () => (await admin.hlen(doneKey(first))) > 0);
      queued7.child.kill('SIGKILL');
      await queued7.ended;
      expect(await admin.exists(doneKey(second))).toBe(0);
      admin.disconnect();
      const queued6 = start(['optimal', ...sixes, '--queue', redis.url, '--json']);
      expect(await queued6.ended).toBe(0);
      const doc = JSON.parse(queued6.out);
      expect([doc.total, doc.proved, doc.resumed]).toEqual([5625, true, 0]);
    },
  );

  it(
    'a key holder that names itself anew in each answer is never a registered worker',
    { timeout: 180_000 },
    async () => {
      const redis = await server();
      const name = queueOf('mastermind');
      const key = loadKey();
      // The rogue holds the key and signs its lies (no strategy anywhere: a raised bound) with
      // it, each with a key pair of its own made for that answer, none of them in a heartbeat.
      let lies = 0;
      const rogueConnection = new Redis(redis.port, '127.0.0.1', { maxRetriesPerRequest: null });
      const rogue = new Worker(
        name,
        async (job) => {
          lies++;
          const answer = { cost: null, nodes: 1, lookaheads: 0 };
          const identity = newWorkerIdentity();
          const { signature } = job.data as { signature: string };
          return {
            answer,
            signature: signAnswer(key, signature, answer),
            worker: identity.key,
            workerSignature: identity.sign({ job: signature, answer }),
          };
        },
        { connection: rogueConnection },
      );
      const admin = new Redis(redis.port, '127.0.0.1');
      // A heartbeat, so that the coordinator hands out jobs before an honest worker is there.
      await admin.set(
        `${WORKER_PREFIX}rogue`,
        JSON.stringify({ host: 'rogue', pid: 1, threads: 1, solving: [], key: 'd'.repeat(64) }),
      );
      const proof = start(['optimal', ...MASTERMIND, '--queue', redis.url, '--json']);
      await until(() => lies >= 3);
      await rogue.close();
      rogueConnection.disconnect();
      await admin.del(`${WORKER_PREFIX}rogue`);
      admin.disconnect();
      start(['worker', '--queue', redis.url, '--threads', '1']);
      expect(await proof.ended).toBe(0);
      const doc = JSON.parse(proof.out);
      expect([doc.total, doc.proved]).toEqual([5625, true]);
      const refused = proof.err.match(
        /^codebreaker: job \S+: dropped an answer: it is from a worker this coordinator has not registered \(an unregistered worker, [0-9a-f]{12}…\); it runs again$/gm,
      );
      expect(refused?.length).toBe(lies);
      noStack(proof.err);
    },
  );

  it(
    '--replicas 2 with one worker warm from an earlier proof and one fresh proves the optimum',
    { timeout: 180_000 },
    async () => {
      const redis = await server();
      const warm = start(['worker', '--queue', redis.url, '--threads', '1']);
      const earlier = start(['optimal', ...NUMERON, '--queue', redis.url, '--json']);
      expect(await earlier.ended).toBe(0);
      expect(warm.err).toMatch(/^solved /m);
      // The earlier proof's records go, so that every job is solved again; its worker stays warm.
      const admin = new Redis(redis.port, '127.0.0.1');
      await admin.del(doneKey(queueOf('numeron')));
      admin.disconnect();
      const fresh = start(['worker', '--queue', redis.url, '--threads', '1']);
      await until(() => fresh.err.includes('waiting for jobs'));
      const proof = start([
        'optimal',
        ...NUMERON,
        '--queue',
        redis.url,
        '--replicas',
        '2',
        '--json',
      ]);
      expect(await proof.ended).toBe(0);
      expect(figures(proof.out)).toEqual(local.numeron);
      expect(JSON.parse(proof.out).resumed).toBe(0);
      expect(proof.err).not.toMatch(/disagree/);
      expect(fresh.err).toMatch(/^solved /m);
    },
  );
  it('--replicas 2 agrees on what the proof relies on, not on bytes', () => {
    const job = wholeGameJob(gameFor(resolveRules({ game: 'hit-and-blow' })));
    const limited = { ...job, limit: 1000 };
    const answer = (cost: number, first?: number) => ({
      cost,
      nodes: 1,
      lookaheads: 0,
      ...(first === undefined ? {} : { first, tree: [first] }),
    });
    // The same cost below the limit, another first guess: agreed, the first answer taken.
    expect(agreement(limited, answer(900, 3), answer(900, 7))).toEqual(answer(900, 3));
    // Two costs below the limit: one of them is wrong.
    expect(agreement(limited, answer(900, 3), answer(901, 3))).toBeUndefined();
    // Two bounds at or above the limit, one warmer than the other: agreed, the lower taken.
    expect(agreement(limited, answer(1200), answer(1000))).toEqual(answer(1000));
    // A strategy below the limit against a bound above it: disagreed.
    expect(agreement(limited, answer(900, 3), answer(1000))).toBeUndefined();
    // Settling for the first strategy found (the depth objective): any two found agree.
    const first = { ...limited, settings: { ...limited.settings, firstFound: true } };
    expect(agreement(first, answer(900, 3), answer(950, 5))).toEqual(answer(900, 3));
    expect(agreement(first, answer(900, 3), answer(1000))).toBeUndefined();
  });
});
