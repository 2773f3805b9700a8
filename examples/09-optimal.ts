// An optimal strategy, proved: findOptimal, with progress and a time limit.
import { Game, analyze, findOptimal, resolveRules, verifyTree } from 'codebreaker';

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

// The strategy plays like any other, and its tree passes verifyTree.
const { total, max, histogram, worst } = analyze(game, result.strategy!);
console.log(`${total} guesses in all, at most ${max}; valid: ${verifyTree(result.tree!).valid}`);
console.log(`${histogram[max]} secret needs ${max}: ${worst.map((c) => game.codes.make(c))}`);

// Other objectives: the least worst case first (then the least total), the least worst case
// alone (the first strategy found that keeps to it: fast, its total not minimised), or a cap.
for (const options of [{ objective: 'worst' }, { objective: 'depth' }, { maxDepth: 5 }] as const) {
  const { proved, strategy } = await findOptimal(game, options);
  const { total, max } = analyze(game, strategy!);
  console.log(`${JSON.stringify(options)}: proved ${proved}, ${total} in all, at most ${max}`);
}
