/**
 * A worker thread of `codebreaker static`: searches the shards or jobs of set sizes it is sent,
 * or looks for a set of one size by local search.
 */
import { parentPort } from 'node:worker_threads';
import { gameFor } from '../game.js';
import { arrangeFamilies, searchByColourSets } from '../search/static-colours.js';
import { localStaticSet } from '../search/static-local.js';
import { searchStaticSize } from '../search/static-size.js';
import type { JobTask, LocalTask, ShardTask, WorkerReport } from './proofs/static-threads.js';

const port = parentPort;
if (!port) throw new Error('static-worker runs only as a worker thread');
port.on('message', (task: ShardTask | LocalTask | JobTask) => {
  const send = (report: WorkerReport): void => port.postMessage(report);
  if (task.kind === 'local') {
    const { size, from, seed, deadline } = task;
    const found = localStaticSet(gameFor(task.rules), size, {
      from,
      seed,
      deadline,
      moves: Number.POSITIVE_INFINITY,
      everyPosition: true,
    });
    send({ kind: 'local', ...(found.guesses ? { guesses: found.guesses } : {}) });
    return;
  }
  if (task.kind === 'job' && task.byColourSets) {
    const result = arrangeFamilies(gameFor(task.rules), task.size, [task.prefix], {
      deadline: task.deadline,
      onProgress: (progress) => send({ kind: 'progress', nodes: progress.nodes }),
    });
    const { guesses, complete, nodes } = result;
    send({ kind: 'job', index: task.index, complete, nodes, ...(guesses ? { guesses } : {}) });
    return;
  }
  if (task.kind === 'shard' && task.byColourSets) {
    const { guesses, complete, nodes } = searchByColourSets(gameFor(task.rules), task.size, {
      shard: task.shard,
      deadline: task.deadline,
      onProgress: (progress) => send({ kind: 'progress', nodes: progress.nodes }),
    });
    send({ kind: 'done', complete, nodes, ...(guesses ? { guesses } : {}) });
    return;
  }
  const result = searchStaticSize(gameFor(task.rules), task.size, {
    ...(task.kind === 'job' ? { prefix: task.prefix } : { shard: task.shard }),
    deadline: task.deadline,
    onProgress: (nodes) => send({ kind: 'progress', nodes }),
  });
  send(
    task.kind === 'job'
      ? { kind: 'job', index: task.index, ...result }
      : { kind: 'done', ...result },
  );
});
