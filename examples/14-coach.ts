// A coach: a guess graded against the best guess from the same position, and Numer0n's items.
import {
  Game,
  allCandidates,
  answerItem,
  createStrategy,
  filterByItem,
  gradeByStrategy,
  gradeGuess,
  resolveRules,
} from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));
const all = allCandidates(game);
// Exact: optimal play after the guess, against optimal play after the best guess.
for (const text of ['1123', '1111']) {
  const grade = gradeGuess(game, all, [], game.codes.parse(text))!;
  const best = game.codes.make(grade.best);
  console.log(
    `${text}: ${grade.expected.toFixed(4)} guesses on average; ` +
      `the best, ${best}, ${grade.bestExpected.toFixed(4)}; lost ${grade.loss.toFixed(4)}`,
  );
}

// Within a node budget too small for the search there is no exact grade; a named strategy
// then plays after the guess instead, and after its own choice.
const within = gradeGuess(game, all, [], game.codes.parse('1111'), { nodes: 100 });
const byHeuristic = gradeByStrategy(
  game,
  all,
  [],
  game.codes.parse('1111'),
  createStrategy('minimax'),
);
console.log(
  `within 100 nodes: ${within ? 'graded' : 'no grade'}; by ${byHeuristic.by}: ` +
    `${byHeuristic.expected.toFixed(4)} against ${byHeuristic.bestExpected.toFixed(4)}`,
);

// Numer0n's items narrow the secrets still possible as an answer does.
const numeron = new Game(resolveRules({ game: 'numeron' }));
const secret = numeron.codes.parse('048');
let left = allCandidates(numeron);
for (const question of [
  { item: 'high-low' },
  { item: 'target', symbol: 8 },
  { item: 'slash' },
] as const) {
  const answer = answerItem(numeron, secret, question);
  left = filterByItem(numeron, left, answer);
  console.log(`${JSON.stringify(answer)}: ${left.length} left`);
}
