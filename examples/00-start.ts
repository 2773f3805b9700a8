// Knuth's minimax strategy, played against every secret of classic Mastermind.
import { Game, analyze, createStrategy, resolveRules } from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));
const { secrets, total, max } = analyze(game, createStrategy('minimax'));
console.log(`${secrets} secrets, ${total} guesses in all, at most ${max}`);
