// A proof stopped by its time limit: the best strategy so far, and how far the proof got.
import { Game, analyze, findOptimal, resolveRules } from 'codebreaker';

const game = new Game(resolveRules({ game: 'moo' })); // a proof of some minutes
const deadline = Date.now() + 1000;
const result = await findOptimal(game, { onProgress: () => Date.now() > deadline });

console.log(`proved: ${result.proved}`);
console.log(`the least total is at least ${result.lowerBound}`);
if (result.strategy) console.log(`best so far: ${analyze(game, result.strategy).total}`);
