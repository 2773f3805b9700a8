// Candidates: the secrets still possible after the answers so far.
import {
  Game,
  allCandidates,
  classOf,
  filterCandidates,
  parseFeedback,
  partition,
  resolveRules,
} from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));
const code = (text: string) => game.codes.parse(text);
const answer = (text: string) => game.answerIndex(parseFeedback(text, game.rules));

// A candidate set is a sorted Int32Array of codes; at the start, every code.
let candidates = allCandidates(game);
console.log(candidates.length);

// 1122 got one hit and one blow, then 1344 got two blows.
candidates = filterCandidates(game, candidates, code('1122'), answer('1H1B'));
console.log(candidates.length);
candidates = filterCandidates(game, candidates, code('1344'), answer('0H2B'));
console.log(candidates.length, Array.from(candidates, (c) => game.codes.make(c)).join(' '));

// How a guess splits the candidates: the class of secrets behind each answer.
const split = partition(game, code('1122'), allCandidates(game));
for (let a = 0; a < game.answers; a++) {
  const secrets = classOf(split, a);
  if (secrets.length > 0) console.log(game.answerText(a), secrets.length);
}
