// Play, the user breaking the computer's code: the user guesses, asks for hints, or gives up.
import {
  CodebreakerSession,
  Game,
  createStrategy,
  resolveRules,
  secretFromSeed,
} from 'codebreaker';

const game = new Game(resolveRules({ game: 'moo' }));
const make = (code: number) => game.codes.make(code);
// The secret comes from a seed, so that a game can be played again; any code index will do.
const session = new CodebreakerSession(game, createStrategy('minimax'), secretFromSeed(game, 42));

for (const text of ['0123', '4567']) {
  const turn = session.guess(game.codes.parse(text));
  console.log(`${text} ${game.answerText(turn.answer)}: ${turn.remaining} left`);
}

// A hint: how many secrets remain, and what the strategy would guess.
const hint = session.hint();
console.log(`hint: ${hint.remaining} left, minimax would guess ${make(hint.suggestion)}`);
const turn = session.guess(hint.suggestion);
console.log(`${make(turn.guess)} ${game.answerText(turn.answer)}: ${turn.remaining} left`);

console.log(`the secret was ${make(session.giveUp())}; over: ${session.over}`);
