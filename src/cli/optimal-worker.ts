/**
 * A worker thread of `codebreaker optimal`: solves the jobs the main thread sends
 * (optimal-pool.ts), one at a time, reporting its nodes as it goes.
 */
import { parentPort } from 'node:worker_threads';
import { type Game, gameFor } from '../game.js';
import { JobSolver } from '../search/jobs.js';
import type { WorkerReport, WorkerRequest } from './proofs/optimal-pool.js';
import { adoptSharedTable } from './proofs/shared-table.js';

const port = parentPort;
if (!port) throw new Error('optimal-worker runs only as a worker thread');
const send = (report: WorkerReport): void => port.postMessage(report);
let solver: JobSolver | undefined;
/** The games whose shared tables this thread has taken (a queue's worker serves several). */
const adopted = new Set<Game>();
port.on('message', ({ id, job, cacheBytes, table }: WorkerRequest) => {
  try {
    const game = gameFor(job.rules);
    if (!adopted.has(game)) {
      adoptSharedTable(game, table);
      adopted.add(game);
    }
    solver ??= new JobSolver({ cacheBytes });
    const answer = solver.solve(job, (nodes) => {
      send({ kind: 'progress', id, nodes });
      return false;
    });
    send({ kind: 'done', id, answer });
  } catch (error) {
    // A job that fails (bad input from a queue) fails alone: the thread takes the next one,
    // with a search made anew.
    solver = undefined;
    send({ kind: 'failed', id, message: (error as Error).message ?? String(error) });
  }
});
