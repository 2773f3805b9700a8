/**
 * A worker that walks strategy trees (walk.ts, `serveWalks`): a Web Worker in a browser, a
 * worker thread in Node.
 */
import { type WalkReply, type WalkRequest, serveWalks } from './walk-serve.js';

/** A Web Worker's global scope, the part used here. */
interface WorkerScope {
  postMessage(message: unknown): void;
  addEventListener(type: 'message', listener: (event: { data: WalkRequest }) => void): void;
}

/** Node's worker thread port, the part used here. */
interface ThreadPort {
  postMessage(message: unknown): void;
  on(type: 'message', listener: (request: WalkRequest) => void): void;
}

const scope = globalThis as unknown as Partial<WorkerScope> & { WorkerGlobalScope?: unknown };
if (scope.WorkerGlobalScope !== undefined) {
  const serve = serveWalks((reply: WalkReply) => scope.postMessage!(reply));
  scope.addEventListener!('message', (event) => serve(event.data));
} else {
  // Named through a variable: a bundler for the browser leaves Node's module be. No top-level
  // await: bundlers build a Web Worker as a classic script, which cannot have one.
  const threads = 'node:worker_threads';
  void import(/* @vite-ignore */ threads).then(({ parentPort }: { parentPort: ThreadPort }) => {
    const serve = serveWalks((reply) => parentPort.postMessage(reply));
    parentPort.on('message', serve);
  });
}
