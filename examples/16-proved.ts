// The proved optimal strategies that ship with the library: played from their trees, no search.
import { PROVED_PRESETS, analyze, optimalStrategy, provedTree } from 'codebreaker';

for (const name of PROVED_PRESETS) {
  const tree = await provedTree(name); // checked over every secret when loaded
  const { total, max } = analyze(tree.game, await optimalStrategy(name));
  const first = tree.game.codes.make(tree.root.guess);
  console.log(`${name}: ${total} guesses in all, at most ${max}, opening ${first}`);
}
