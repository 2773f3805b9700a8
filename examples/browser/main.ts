// The page: asks its worker, and the library's own workers, and shows both replies.
import { analyzeAsync } from 'codebreaker';
import type { Reply, Request } from './worker.js';

const out = document.querySelector('#out')!;
const request: Request = { game: 'mastermind', strategy: 'minimax', secret: '3632' };
const worker = new Worker(new URL('./worker.ts', import.meta.url), { type: 'module' });
const replied = new Promise<Reply>((resolve) => {
  worker.onmessage = (event: MessageEvent<Reply>) => resolve(event.data);
});
worker.postMessage(request);
// No worker of your own: analyzeAsync walks the strategy on Web Workers it starts itself.
const spread = analyzeAsync({ game: 'moo' }, { name: 'entropy' }, { threads: 2 });
Promise.all([replied, spread]).then(([reply, moo]) => {
  out.textContent =
    'error' in reply
      ? reply.error
      : [
          `${request.secret} in ${reply.played.length} guesses: ${reply.played.join(', ')}`,
          `over every secret: ${reply.total} guesses in all, at most ${reply.max}`,
          `histogram: ${reply.histogram.slice(1).join(' ')}`,
          `Bulls and Cows by entropy, on two workers: ${moo.total} guesses in all`,
        ].join('\n');
});
