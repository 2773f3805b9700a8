// An optimal strategy, proved: findOptimal, with progress and a time limit.
import { Game, findOptimal, resolveRules, summarize, verifyTree } from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));
const deadline = Date.now() + 60_000; // give up after a minute

const result = await findOptimal(game, {
  // Called as the proof goes; returning true stops it with the best strategy found so far.
  onProgress: ({ best, lowerBound, jobsDone, jobsKnown }) => {
    console.error(`best ${best}, at least ${lowerBound}, jobs ${jobsDone}/${jobsKnown}`);
    return Date.now() > deadline;
  },
});
console.log(`proved: ${result.proved}`);

// The strategy is a tree: verify it and read its statistics as for any other strategy.
const verdict = verifyTree(result.tree!);
if (verdict.valid) {
  const { total, max, histogram, worst } = summarize(verdict.guesses);
  console.log(`${total} guesses in all, at most ${max}`);
  console.log(`${histogram[max]} secret needs ${max}: ${worst.map((c) => game.codes.make(c))}`);
}

// Other objectives: the least worst case first (then the least total), or a cap on the guesses.
for (const options of [{ objective: 'worst' }, { maxDepth: 5 }] as const) {
  const { proved, tree } = await findOptimal(game, options);
  const verdict = verifyTree(tree!);
  if (verdict.valid) {
    const { total, max } = summarize(verdict.guesses);
    console.log(`${JSON.stringify(options)}: proved ${proved}, ${total} in all, at most ${max}`);
  }
}
