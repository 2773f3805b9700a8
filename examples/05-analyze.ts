// Analysis: a strategy played against every secret, its totals and its worst secrets.
import { Game, analyze, createStrategy, resolveRules } from 'codebreaker';

const mastermind = new Game(resolveRules({ game: 'mastermind' }));
const { secrets, total, max, histogram, worst } = analyze(mastermind, createStrategy('minimax'));
console.log(`${secrets} secrets, ${total} guesses in all, at most ${max}`);
console.log(`average ${(total / secrets).toFixed(5)}`);
// histogram[g]: how many secrets need exactly g guesses (g from 1).
console.log(`histogram ${histogram.slice(1).join(' ')}`);
// worst: every secret that needs max guesses, in code order.
console.log(`${worst.length} secrets need ${max}, the first ${mastermind.codes.make(worst[0])}`);

// The heuristics side by side.
for (const name of ['first-consistent', 'expected-size', 'entropy', 'most-parts'] as const) {
  const { total, max } = analyze(mastermind, createStrategy(name));
  console.log(`${name.padEnd(16)} ${total} ${max}`);
}

// Bulls and Cows, the seed pages' strategy: every worst secret, and any one secret's count.
const moo = new Game(resolveRules({ game: 'moo' }));
const seed = analyze(moo, createStrategy('first-consistent'));
console.log(`${seed.total} ${seed.max}: ${seed.worst.map((c) => moo.codes.make(c)).join(' ')}`);
console.log(`1357 takes ${seed.guesses[moo.codes.parse('1357')]}`);
