// Strategies: play one against a secret, or write your own.
import {
  Game,
  STRATEGY_NAMES,
  type Strategy,
  createStrategy,
  resolveRules,
  solve,
} from 'codebreaker';

console.log(STRATEGY_NAMES.join(', '));

// The seed pages' game: Bulls and Cows, each guess the first code still possible.
const moo = new Game(resolveRules({ game: 'moo' }));
const turns = solve(moo, createStrategy('first-consistent'), moo.codes.parse('9431'));
for (const [i, turn] of turns.entries()) {
  console.log(`${i + 1}. ${moo.codes.make(turn.guess)} ${moo.answerText(turn.answer)}`);
}

// Knuth's minimax on classic Mastermind; heuristics take options such as the first guess.
const mastermind = new Game(resolveRules({ game: 'mastermind' }));
const play = (strategy: Strategy, secret: string) =>
  solve(mastermind, strategy, mastermind.codes.parse(secret))
    .map((t) => `${mastermind.codes.make(t.guess)} ${mastermind.answerText(t.answer)}`)
    .join(', ');
console.log(play(createStrategy('minimax'), '3632'));
console.log(play(createStrategy('minimax', { first: mastermind.codes.parse('1234') }), '3632'));

// A strategy of your own: a name, and a guess for each state of the game.
const lastConsistent: Strategy = {
  name: 'last-consistent',
  choose: ({ candidates }) => candidates[candidates.length - 1],
};
console.log(play(lastConsistent, '3632'));
