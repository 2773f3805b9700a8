// Strategy trees: build one, save it, read it back and verify it without trusting its maker.
import { readFileSync, writeFileSync } from 'node:fs';
import {
  Game,
  buildTree,
  createStrategy,
  parseTree,
  resolveRules,
  treeFromJson,
  treeToDot,
  treeToJson,
  verifyTree,
} from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));
const tree = buildTree(game, createStrategy('minimax'));

// The file format: {"rules":{...},"root":{"guess":"1122","children":{"0H0B":{...},...}}}.
writeFileSync('knuth.json', JSON.stringify(treeToJson(tree)));

// verifyTree plays every secret down the tree: each one's number of guesses, or the first failure.
const verdict = verifyTree(parseTree(readFileSync('knuth.json', 'utf8')));
if (verdict.valid) {
  // guesses[secret]: how many guesses the tree takes to find that secret.
  const total = verdict.guesses.reduce((sum, count) => sum + count, 0);
  console.log(`valid: ${total} guesses in all, at most ${Math.max(...verdict.guesses)}`);
}

// Break it (after 0H0B, guess 1122 again): the first secret it fails is named, with the reason.
const json = treeToJson(tree);
json.root.children['0H0B'].guess = '1122';
const broken = verifyTree(treeFromJson(json));
if (!broken.valid) console.log(`${game.codes.make(broken.secret)}: ${broken.reason}`);

// Graphviz DOT, cut at a depth, for `dot -Tsvg knuth.dot`.
writeFileSync('knuth.dot', treeToDot(tree, { depth: 2 }));
