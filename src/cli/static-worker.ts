/** A worker thread of `codebreaker static`: searches the shards of set sizes it is sent. */
import { parentPort } from 'node:worker_threads';
import { gameFor } from '../game.js';
import { searchStaticSize } from '../search/static-size.js';
import type { ShardTask, WorkerReport } from './proofs/static-threads.js';

const port = parentPort;
if (!port) throw new Error('static-worker runs only as a worker thread');
port.on('message', (task: ShardTask) => {
  const send = (report: WorkerReport): void => port.postMessage(report);
  const result = searchStaticSize(gameFor(task.rules), task.size, {
    shard: task.shard,
    deadline: task.deadline,
    onProgress: (nodes) => send({ kind: 'progress', nodes }),
  });
  send({ kind: 'done', ...result });
});
