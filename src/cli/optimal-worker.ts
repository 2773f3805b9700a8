/**
 * A worker thread of `codebreaker optimal`: solves the classes, or evaluates the guesses at
 * them, that the main thread sends (see optimal-threads.ts).
 */
import { parentPort } from 'node:worker_threads';
import { gameFor } from '../game.js';
import { OptimalSearch, exportSubtree } from '../search/optimal.js';
import type { SearchTask, WorkerReport } from './optimal-threads.js';

const port = parentPort;
if (!port) throw new Error('optimal-worker runs only as a worker thread');
const send = (report: WorkerReport): void => port.postMessage(report);
let search: OptimalSearch | undefined;
let current = -1;
let before = 0;
let lookaheadsBefore = 0;
port.on('message', (task: SearchTask) => {
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
  lookaheadsBefore = search.lookaheads;
  const limit = task.limit ?? Number.POSITIVE_INFINITY;
  const { candidates, history, depth, guess } = task;
  let cost: number;
  let first: number;
  if (guess === undefined) {
    const outcome = search.solve(candidates, history, depth, limit);
    cost = outcome.cost;
    first = outcome.guess;
  } else {
    cost = search.evaluateGuess(candidates, history, guess, depth, limit);
    first = cost < limit ? guess : -1;
  }
  const tree = first >= 0 ? exportSubtree(search, candidates, history, depth, first) : undefined;
  send({
    kind: 'done',
    id: task.id,
    cost,
    tree,
    nodes: search.nodes - before,
    lookaheads: search.lookaheads - lookaheadsBefore,
  });
});
