// Errors: bad input throws one CodebreakerError, with a kind and a message naming the input.
import { CodebreakerError, Game, parseFeedback, resolveRules } from 'codebreaker';

const moo = new Game(resolveRules({ game: 'moo' }));

const attempts: [string, () => unknown][] = [
  ['a code that repeats a digit', () => moo.codes.parse('1123')],
  ['a code too short', () => moo.codes.parse('123')],
  ['an answer that cannot occur', () => parseFeedback('3H1B', moo.rules)],
  ['an unknown game', () => resolveRules({ game: 'chess' })],
  ['too many codes', () => resolveRules({ pegs: 12, colors: 36, repeat: true })],
];
for (const [what, attempt] of attempts) {
  try {
    attempt();
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error; // anything else is a bug
    // error.kind is one of ERROR_KINDS: 'bad-rules', 'too-large', 'bad-code', ...
    console.log(`${what}: ${error.kind}: ${error.message}`);
  }
}
