// Analysis on every core, off the calling thread: the strategy's tree walked on worker threads.
import { analyzeAsync, buildTreeAsync, treeToJson } from 'codebreaker';

// The strategy is named, not built: each worker builds its own. The thread that asks stays free.
const moo = await analyzeAsync(
  { game: 'moo' },
  { name: 'entropy' },
  { threads: 2, onProgress: (settled, secrets) => process.stderr.write(`${settled}/${secrets}\r`) },
);
console.log(`Bulls and Cows by entropy: ${moo.total} guesses in all, at most ${moo.max}`);

// Options as createStrategy takes them; threads default to every core.
const tree = await buildTreeAsync(
  { game: 'mastermind' },
  { name: 'minimax', options: { consistentOnly: true } },
);
console.log(`first guess ${treeToJson(tree).root.guess}`);
