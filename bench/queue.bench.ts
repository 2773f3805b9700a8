/**
 * The queue's overhead: a proof of about a minute of CPU solved by one local process on two threads,
 * against the same proof through a BullMQ queue on a real Redis (Debian's redis-server, started
 * here on a free loopback port) by two `codebreaker worker` processes of one thread each. The
 * ratio is queue time over local time; both must prove the same figures. Also prints how long
 * the workers' jobs took (from their logs), the figures an estimate of a larger proof starts from.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { startRedis } from '../test/redis.js';

/** 4 pegs × 8 colours: about 20 s on two threads (a minute on one). */
const GAME = ['optimal', '--pegs', '4', '--colors', '8', '--repeat', '--json'];

/**
 * Runs the built CLI and times it. Not with a synchronous call: this process must go on reading
 * the workers' logs meanwhile, or a worker blocks writing to a full pipe.
 */
async function timed(args: string[]): Promise<{ seconds: number; doc: Record<string, unknown> }> {
  const begin = performance.now();
  const child = spawn(process.execPath, ['dist/cli/main.js', ...args], {
    stdio: ['ignore', 'pipe', 'ignore'],
  });
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  if (status !== 0) throw new Error(`codebreaker ${args.join(' ')} ended with status ${status}`);
  return { seconds: (performance.now() - begin) / 1000, doc: JSON.parse(out) };
}

function figures(doc: Record<string, unknown>): string {
  return JSON.stringify([doc.total, doc.max, doc.histogram, doc.proved]);
}

export async function queueBench(): Promise<void> {
  console.log('Proofs over a queue: 4 × 8 with repetition, local (2 threads) against 2 workers');
  const redis = await startRedis();
  const workers: { child: ChildProcess; log: string }[] = [];
  try {
    const local = await timed([...GAME, '--threads', '2']);
    for (let i = 0; i < 2; i++) {
      const child = spawn(
        process.execPath,
        ['dist/cli/main.js', 'worker', '--queue', redis.url, '--threads', '1'],
        { stdio: ['ignore', 'ignore', 'pipe'] },
      );
      const worker = { child, log: '' };
      child.stderr?.on('data', (chunk) => {
        worker.log += chunk;
      });
      workers.push(worker);
    }
    while (!workers.every((w) => w.log.includes('waiting for jobs'))) {
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    const queued = await timed([...GAME, '--queue', redis.url]);
    if (figures(queued.doc) !== figures(local.doc)) {
      throw new Error(
        `the queue proved ${figures(queued.doc)}, the local run ${figures(local.doc)}`,
      );
    }
    console.log(`  local, 2 threads     ${local.seconds.toFixed(1)} s  (total ${local.doc.total})`);
    console.log(
      `  queue, 2 workers     ${queued.seconds.toFixed(1)} s  (same total, max, histogram)`,
    );
    console.log(`  ratio queue / local  ${(queued.seconds / local.seconds).toFixed(2)}`);
    const jobs = workers
      .flatMap((w) => [...w.log.matchAll(/^solved .* in ([\d.]+) s$/gm)])
      .map((match) => Number(match[1]))
      .sort((a, b) => b - a);
    const sum = jobs.reduce((a, b) => a + b, 0);
    console.log(
      `  jobs: ${jobs.length}, ${sum.toFixed(1)} s in all; longest ${jobs
        .slice(0, 3)
        .map((s) => `${s} s`)
        .join(', ')}`,
    );
    console.log('');
  } finally {
    for (const { child } of workers) child.kill('SIGTERM');
    await redis.stop();
  }
}
