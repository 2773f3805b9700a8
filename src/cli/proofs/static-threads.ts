/**
 * The static search on several threads. Each set size is dealt out in shards (see
 * search/static.ts), one per worker thread; a size is settled by the first worker that finds a
 * set, or refuted when every shard ends without one. Workers live across sizes and are ended
 * when a set is found (the others are mid-search) or when the search is over.
 * The worker is the module static-worker next to this one (started as workers.ts explains).
 */
import type { Worker } from 'node:worker_threads';
import type { Rules } from '../../rules.js';
import type { SizeSearchResult } from '../../search/static-size.js';
import { CLI_HOME } from '../home.js';
import { startWorker } from '../workers.js';

/** What the main thread asks a worker: one shard of one size. */
export interface ShardTask {
  readonly rules: Rules;
  readonly size: number;
  readonly shard: { readonly index: number; readonly count: number };
  readonly deadline?: number;
}

/** What a worker says back: sets visited so far, then its result. */
export type WorkerReport =
  | { readonly kind: 'progress'; readonly nodes: number }
  | ({ readonly kind: 'done' } & SizeSearchResult);

/** A pool of worker threads that search set sizes together. */
export class StaticPool {
  #workers: Worker[] = [];

  constructor(readonly threads: number) {}

  /** Searches `size` on every thread; `onNodes` hears the sets visited so far, summed. */
  searchSize(
    rules: Rules,
    size: number,
    deadline: number | undefined,
    onNodes: (nodes: number) => void,
  ): Promise<SizeSearchResult> {
    while (this.#workers.length < this.threads)
      this.#workers.push(startWorker('static-worker', CLI_HOME));
    const workers = this.#workers;
    const nodes = new Array<number>(workers.length).fill(0);
    const results: SizeSearchResult[] = [];
    return new Promise((resolve, reject) => {
      // Remove only our own listeners: Worker keeps listeners of its own on itself.
      const detach: (() => void)[] = [];
      const finish = (outcome: () => void): void => {
        for (const off of detach) off();
        outcome();
      };
      workers.forEach((worker, index) => {
        const onMessage = (report: WorkerReport): void => {
          nodes[index] = report.nodes;
          const total = nodes.reduce((a, b) => a + b, 0);
          if (report.kind === 'progress') {
            onNodes(total);
            return;
          }
          results.push(report);
          if (report.guesses) {
            // The other shards are mid-search: end them.
            finish(() => resolve({ guesses: report.guesses, complete: true, nodes: total }));
            void this.close();
          } else if (results.length === workers.length) {
            const complete = results.every((r) => r.complete);
            finish(() => resolve({ complete, nodes: total }));
          }
        };
        const onError = (error: Error): void => finish(() => reject(error));
        const onExit = (code: number): void =>
          finish(() => reject(new Error(`a static search worker stopped (exit code ${code})`)));
        worker.on('message', onMessage).on('error', onError).on('exit', onExit);
        detach.push(() =>
          worker.off('message', onMessage).off('error', onError).off('exit', onExit),
        );
        const task: ShardTask = { rules, size, shard: { index, count: workers.length }, deadline };
        worker.postMessage(task);
      });
    });
  }

  /** Ends every worker. */
  async close(): Promise<void> {
    const workers = this.#workers;
    this.#workers = [];
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}
