// The page: asks the worker, shows its reply.
import type { Reply, Request } from './worker.js';

const out = document.querySelector('#out')!;
const request: Request = { game: 'mastermind', strategy: 'minimax', secret: '3632' };
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
worker.onmessage = (event: MessageEvent<Reply>) => {
  const reply = event.data;
  out.textContent =
    'error' in reply
      ? reply.error
      : [
          `${request.secret} in ${reply.played.length} guesses: ${reply.played.join(', ')}`,
          `over every secret: ${reply.total} guesses in all, at most ${reply.max}`,
          `histogram: ${reply.histogram.slice(1).join(' ')}`,
        ].join('\n');
};
worker.postMessage(request);
