/**
 * The worker thread `analyze` and `tree` walk on (cli/walk-threads.ts): the library's walk
 * server (walk-serve.ts) on Node's thread port. The library's own walk-worker.js serves a Web
 * Worker too, and so finds its port by a dynamic import, which a CommonJS bundle would turn into
 * Node's ES module loader.
 */
import { parentPort } from 'node:worker_threads';
import { serveWalks } from '../walk-serve.js';

const port = parentPort;
if (!port) throw new Error('walk-worker runs only as a worker thread');
const serve = serveWalks((reply) => port.postMessage(reply));
port.on('message', serve);
