// Play, the computer breaking the user's code: it guesses, the user answers.
import {
  CodemakerSession,
  ContradictionError,
  Game,
  createStrategy,
  parseFeedback,
  resolveRules,
} from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));
const session = new CodemakerSession(game, createStrategy('minimax'));

/** The user answers the computer's current guess, as typed. */
function reply(text: string): void {
  const guess = game.codes.make(session.guess!);
  try {
    const turn = session.answer(parseFeedback(text, game.rules));
    console.log(`${guess} ${text}: ${turn.remaining} left`);
  } catch (error) {
    // An answer no secret fits any more is refused, naming the answer it contradicts.
    if (!(error instanceof ContradictionError)) throw error;
    console.log(`${guess} ${text}: ${error.message}`);
  }
}

reply('1H0B');
reply('0H4B'); // a slip, refused: the session is unchanged
reply('0H1B');
reply('1H2B');
reply('2H0B'); // possible, but wrong: take it back
session.undo();
reply('1H1B');
reply('4H0B');
console.log(`solved: ${session.solved}, in ${session.turns.length} guesses`);
