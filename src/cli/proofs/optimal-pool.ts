/**
 * The CLI's runner of proof jobs: worker threads, each solving one job at a time with a search
 * it keeps from job to job (search/jobs.ts's `JobSolver`, in optimal-worker.ts). The proof
 * itself, how it splits into jobs and how their answers merge, is search/optimal.ts's.
 */
import type { Worker } from 'node:worker_threads';
import { type Game, gameFor } from '../../game.js';
import type { JobAnswer, JobRunner, ProofJob } from '../../search/jobs.js';
import { CLI_HOME } from '../home.js';
import { startWorker } from '../workers.js';
import { type SharedTable, sharedScoreTable } from './shared-table.js';

/**
 * What the main thread asks a worker: a job, the memory its cache may take, and the game's
 * score table in shared memory (built once by the main thread, not again by every worker).
 */
export interface WorkerRequest {
  readonly id: number;
  readonly job: ProofJob;
  readonly cacheBytes: number;
  readonly table: SharedTable;
}

/**
 * What a worker says back: nodes searched so far on a job, then its answer, or why the job
 * failed (the thread goes on to the next job).
 */
export type WorkerReport =
  | { readonly kind: 'progress'; readonly id: number; readonly nodes: number }
  | { readonly kind: 'done'; readonly id: number; readonly answer: JobAnswer }
  | { readonly kind: 'failed'; readonly id: number; readonly message: string };

/**
 * A runner over `threads` worker threads, each with a cache of about `cacheBytes`, sharing the
 * score table of each job's game: `table` if given (the one game whose jobs they run), else
 * one made here per game as its jobs come (`sharedScoreTable`).
 */
export function workerPool(threads: number, cacheBytes: number, table?: SharedTable): JobRunner {
  const tables = new Map<Game, SharedTable>();
  const tableFor = (job: ProofJob): SharedTable => {
    if (table) return table;
    const game = gameFor(job.rules);
    let shared = tables.get(game);
    if (!shared) {
      shared = sharedScoreTable(game, threads);
      tables.set(game, shared);
    }
    return shared;
  };
  const workers: Worker[] = [];
  const idle: Worker[] = [];
  let nextId = 0;
  return {
    concurrency: threads,
    run(job, report) {
      if (workers.length < threads) {
        const worker = startWorker('optimal-worker', CLI_HOME);
        workers.push(worker);
        idle.push(worker);
      }
      const worker = idle.pop();
      if (!worker) throw new Error('the worker pool was given more jobs than it has threads');
      const id = nextId++;
      return new Promise<JobAnswer>((resolve, reject) => {
        const onMessage = (message: WorkerReport): void => {
          if (message.id !== id) return;
          if (message.kind === 'progress') {
            report(message.nodes);
            return;
          }
          worker.off('message', onMessage);
          worker.off('error', onError);
          idle.push(worker);
          if (message.kind === 'done') resolve(message.answer);
          else reject(new Error(message.message));
        };
        // A thread that died is replaced by a new one at the next job: one job's failure never
        // leaves the pool short of a thread.
        const onError = (error: unknown): void => {
          worker.off('message', onMessage);
          workers.splice(workers.indexOf(worker), 1);
          void worker.terminate();
          reject(error);
        };
        worker.on('message', onMessage);
        worker.on('error', onError);
        const request: WorkerRequest = { id, job, cacheBytes, table: tableFor(job) };
        worker.postMessage(request);
      });
    },
    async close() {
      idle.length = 0;
      await Promise.all(workers.splice(0).map((worker) => worker.terminate()));
    },
  };
}
