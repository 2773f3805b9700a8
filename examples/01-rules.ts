// Rules and games: a preset, a preset changed, rules of your own.
import { Game, PRESET_NAMES, describeRules, resolveRules } from 'codebreaker';

// A preset by name: mastermind, moo (alias bulls-and-cows), hit-and-blow, numeron, super-mastermind.
console.log(PRESET_NAMES.join(', '));
const mastermind = resolveRules({ game: 'mastermind' });
console.log(mastermind);

// A Game holds the rules, every code and the scoring; build it once and pass it around.
const game = new Game(mastermind);
console.log(`${describeRules(game.rules)}: ${game.size} codes`);

// Any field overrides the preset: 5 pegs of 8 colours without repetition, in letters.
const custom = resolveRules({ pegs: 5, colors: 8, repeat: false, alphabet: 'ABCDEFGH' });
console.log(`${describeRules(custom)}: ${new Game(custom).size} codes`);

// Black-peg Mastermind: the answers count hits alone.
const black = resolveRules({ game: 'mastermind', feedback: 'black' });
console.log(describeRules(black));
