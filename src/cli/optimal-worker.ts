/** A worker thread of `codebreaker optimal`: solves the classes of top-level guesses it is sent. */
import { parentPort } from 'node:worker_threads';
import { gameFor } from '../game.js';
import { OptimalSearch, exportSubtree } from '../search/optimal.js';
import type { ClassTask, WorkerReport } from './optimal-threads.js';

const port = parentPort;
if (!port) throw new Error('optimal-worker runs only as a worker thread');
const send = (report: WorkerReport): void => port.postMessage(report);
let search: OptimalSearch | undefined;
let current = -1;
let before = 0;
port.on('message', (task: ClassTask) => {
  const game = gameFor(task.rules);
  if (!search || search.game !== game) {
    search = new OptimalSearch(game, {
      consistentOnly: task.consistentOnly,
      symmetry: task.symmetry,
      progressEvery: 2048,
      onProgress: ({ nodes }) => {
        send({ kind: 'progress', id: current, nodes: nodes - before });
        return false;
      },
    });
  }
  current = task.id;
  before = search.nodes;
  const limit = task.limit ?? Number.POSITIVE_INFINITY;
  const outcome = search.solve(task.candidates, task.history, task.depth, limit);
  const tree =
    outcome.guess >= 0
      ? exportSubtree(search, task.candidates, task.history, task.depth)
      : undefined;
  send({ kind: 'done', id: task.id, cost: outcome.cost, tree, nodes: search.nodes - before });
});
