// Static Mastermind: the fewest guesses that, asked all at once, tell every secret apart.
import { Game, resolveRules, solveStatic } from 'codebreaker';

// Mastermind with three colours: 81 codes.
const game = new Game(resolveRules({ game: 'mastermind', colors: 3 }));
const { guesses, proved } = await solveStatic(game);
console.log(`${guesses.length} guesses: ${guesses.map((c) => game.codes.make(c)).join(' ')}`);
console.log(`proved smallest: ${proved}`);

// Each secret answers those guesses differently.
for (const text of ['1111', '2132', '3333']) {
  const secret = game.codes.parse(text);
  console.log(text, guesses.map((g) => game.answerText(game.score(g, secret))).join(' '));
}
