// Codes and answers: parse and make at the edges, numbers inside.
import { Game, makeFeedback, parseFeedback, resolveRules } from 'codebreaker';

const game = new Game(resolveRules({ game: 'mastermind' }));

// A code is its index in code order; strings exist only at the edges.
const secret = game.codes.parse('3632');
const guess = game.codes.parse('1223');
console.log(secret, guess, game.codes.make(secret));

// An answer is a small index too; answerOf gives its hits and blows.
const answer = game.score(guess, secret);
console.log(answer, game.answerOf(answer), game.answerText(answer));

// Answers typed by people: 2H1B, "2 1" or 2,1.
const typed = parseFeedback('2 1', game.rules);
console.log(typed, makeFeedback(typed), game.answerIndex(typed));
console.log(game.score(secret, secret) === game.solved);
