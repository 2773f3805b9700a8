/**
 * `codebreaker play`: a game in the terminal, in either role, over the sessions of session.ts.
 *
 * It reads one line at a time: an answer (codemaker role), a guess (codebreaker role) or a
 * command. On a terminal it prompts; from a pipe it just reads lines, and it prints each guess
 * before reading its answer, so a script can play the other side through a pair of pipes.
 * A line it cannot take (a malformed or impossible answer, an answer that contradicts the
 * earlier ones, a malformed guess) is part of playing, not bad input: it is reported on stderr
 * and the game goes on. Exit status: 0 when the game ends (solved, given up or quit), 1 when
 * the input ends before that, 2 for bad flags as everywhere, 130 on Ctrl-C.
 */
import type { Command } from 'commander';
import { CodebreakerError, quoteInput } from '../../errors.js';
import { parseFeedback } from '../../feedback.js';
import type { Game } from '../../game.js';
import { type Rules, describeRules } from '../../rules.js';
import {
  CodebreakerSession,
  CodemakerSession,
  type PlayedTurn,
  ROLES,
  type Role,
  secretFromSeed,
} from '../../session.js';
import { CommandFailure } from '../failure.js';
import { type Io, type LineReader, safeText, textInput } from '../io.js';
import {
  type ChosenStrategy,
  type RulesFlags,
  type StrategyFlags,
  addRulesOptions,
  addStrategyOptions,
  describeStrategy,
  gameFromFlags,
  seedFromFlag,
  strategyFromFlags,
} from '../rules-options.js';

interface PlayFlags extends RulesFlags, StrategyFlags {
  role: Role;
}

/** What a line can ask for besides an answer or a guess. */
const PLAY_COMMANDS = ['undo', 'hint', 'give up', 'help', 'quit'] as const;
type PlayCommand = (typeof PLAY_COMMANDS)[number];

const COMMANDS_OF: Readonly<Record<Role, readonly PlayCommand[]>> = {
  codemaker: ['undo', 'help', 'quit'],
  codebreaker: ['hint', 'give up', 'help', 'quit'],
};

const SPELLINGS: Readonly<Record<string, PlayCommand>> = {
  undo: 'undo',
  hint: 'hint',
  'give up': 'give up',
  giveup: 'give up',
  'give-up': 'give up',
  help: 'help',
  '?': 'help',
  quit: 'quit',
  exit: 'quit',
};

const COMMAND_HELP: Readonly<Record<PlayCommand, string>> = {
  undo: 'take back your last answer',
  hint: 'how many secrets are still possible, and a guess the strategy would make',
  'give up': 'reveal the secret and end the game',
  help: 'show this help',
  quit: 'leave the game',
};

/** Registers `play`. */
export function playCommand(program: Command, io: Io): void {
  const command = program
    .command('play')
    .description(
      'play in the terminal: the computer breaks your secret (codemaker), or you break its secret (codebreaker)',
    );
  addRulesOptions(command);
  addStrategyOptions(command);
  const seedOption = command.options.find((option) => option.long === '--seed');
  if (seedOption) {
    seedOption.description =
      'picks the secret in the codebreaker role, and seeds random-consistent (default: a random one, printed)';
  }
  command
    .option(
      '--role <role>',
      `${ROLES.join(' or ')}: as codemaker you keep a secret and answer; as codebreaker you guess the computer’s secret`,
      'codemaker',
    )
    .addHelpText(
      'after',
      [
        '',
        'One line per answer (2H1B, "2 1" or 2,1) or guess; commands:',
        ...PLAY_COMMANDS.map((name) => `  ${name.padEnd(8)} ${COMMAND_HELP[name]}`),
        'When standard input is not a terminal it reads lines without prompting, so it can be scripted.',
        'Exit status: 0 when the game ends (solved, given up or quit), 1 if the input ends first, 130 on Ctrl-C.',
      ].join('\n'),
    )
    .action(async (flags: PlayFlags) => {
      // Read here, not by the argument parser, so that its mistake reads like every other.
      if (!(ROLES as readonly string[]).includes(flags.role)) {
        throw new CodebreakerError(
          'bad-option',
          `--role must be ${ROLES.join(' or ')}, not ${quoteInput(flags.role)}`,
        );
      }
      const game = gameFromFlags(flags);
      if (flags.role === 'codemaker') {
        const chosen = await strategyFromFlags(game, flags, io);
        const session = new CodemakerSession(game, chosen.strategy);
        await withInput(io, (input) => playCodemaker(session, chosen, io, input));
      } else {
        // One seed picks the secret and, for random-consistent, the hints.
        const seed = seedFromFlag(flags.seed);
        const chosen = await strategyFromFlags(game, { ...flags, seed: String(seed) }, io);
        const session = new CodebreakerSession(game, chosen.strategy, secretFromSeed(game, seed));
        await withInput(io, (input) => playCodebreaker(session, io, input, seed));
      }
    });
}

/** Opens standard input for `play`, and closes it however the game ends. */
async function withInput(io: Io, play: (input: LineReader) => Promise<void>): Promise<void> {
  const input = (io.openInput ?? textInput(''))();
  try {
    await play(input);
  } finally {
    input.close();
  }
}

async function playCodemaker(
  session: CodemakerSession,
  chosen: ChosenStrategy,
  io: Io,
  input: LineReader,
): Promise<void> {
  const { game } = session;
  io.out(
    [
      describeRules(game.rules),
      `Think of a secret: ${codesText(game.rules)}. I guess with ${describeStrategy(chosen)};`,
      ...(game.feedback === 'black'
        ? [
            'answer each guess with its hits (black pegs: right symbol, right place), written',
            `2 or 2H. ${commandsText('codemaker')}`,
          ]
        : [
            'answer each guess with its hits (right symbol, right place) and blows (right symbol,',
            `wrong place), written 2H1B, '2 1' or 2,1. ${commandsText('codemaker')}`,
          ]),
      '',
      '',
    ].join('\n'),
  );
  let announce = true;
  while (!session.solved) {
    const guess = session.guess!;
    if (announce) io.out(`${numbered(session.turns.length + 1)}${game.codes.make(guess)}\n`);
    announce = false;
    const line = await nextLine(input, `${INDENT}your answer: `);
    const command = commandOf(line, 'codemaker', io);
    if (command === 'quit') return quit(io);
    if (command === 'help') {
      io.out(helpText('codemaker', game));
    } else if (command === 'undo') {
      const undone = session.undo();
      if (undone) {
        io.out(
          `  took back ${game.answerText(undone.answer)} to ${game.codes.make(undone.guess)} (guess ${session.turns.length + 1})\n`,
        );
        announce = true;
      } else {
        io.err('codebreaker: there is no answer to take back yet\n');
      }
    } else if (command === undefined) {
      const turn = reported(io, () => session.answer(parseFeedback(line, game.rules)));
      if (turn) {
        io.out(`${answerLine(game, turn, session.turns.length)}\n`);
        announce = true;
      }
    }
  }
}

async function playCodebreaker(
  session: CodebreakerSession,
  io: Io,
  input: LineReader,
  seed: number,
): Promise<void> {
  const { game } = session;
  io.out(
    [
      describeRules(game.rules),
      `I have picked a secret (seed ${seed}; --seed ${seed} picks it again): ${codesText(game.rules)}.`,
      ...(game.feedback === 'black'
        ? [
            'Guess it: each answer counts hits only (black pegs: right symbol, right place).',
            commandsText('codebreaker'),
          ]
        : [
            'Guess it: each answer counts hits (right symbol, right place) and blows (right symbol,',
            `wrong place). ${commandsText('codebreaker')}`,
          ]),
      '',
      '',
    ].join('\n'),
  );
  while (!session.over) {
    const prompt = numbered(session.turns.length + 1);
    const line = await nextLine(input, prompt);
    // A line that is a code of the game is a guess, even one spelt like a command (with the
    // alphabet hintxy, 'hint' is a code): a command can always be written with a leading ':'.
    const command = isCode(game, line) ? undefined : commandOf(line, 'codebreaker', io);
    if (command === 'quit') return quit(io);
    if (command === 'help') {
      io.out(helpText('codebreaker', game));
    } else if (command === 'hint') {
      const { remaining, suggestion } = session.hint();
      io.out(
        `  hint: ${secretsText(remaining)} still possible; ${session.strategy.name} would guess ${game.codes.make(suggestion)}\n`,
      );
    } else if (command === 'give up') {
      const secret = session.giveUp();
      const guesses = session.turns.length;
      io.out(
        `  the secret was ${game.codes.make(secret)} (you gave up after ${guesses} guess${guesses === 1 ? '' : 'es'})\n`,
      );
    } else if (command === undefined) {
      const guessed = isCode(game, line) ? game.codes.parse(line) : -1;
      const before = session.turns.findIndex((turn) => turn.guess === guessed);
      const turn = reported(io, () => session.guess(game.codes.parse(line)));
      if (turn) {
        if (!input.isTerminal) io.out(`${prompt}${game.codes.make(turn.guess)}\n`);
        io.out(`${answerLine(game, turn, session.turns.length, false)}\n`);
        if (before >= 0) {
          io.out(
            `${INDENT}(the same guess as guess ${before + 1}: it counts, but tells nothing new)\n`,
          );
        }
      }
    }
  }
}

/** Answers sit under their guess: `  1. 0123` then `     0H2B ...`. */
const INDENT = '     ';

function numbered(turn: number): string {
  return `${String(turn).padStart(3)}. `;
}

/** The next non-blank line, trimmed; the end of input before the game is over is a failure. */
async function nextLine(input: LineReader, prompt: string): Promise<string> {
  for (;;) {
    const line = await input.next(prompt);
    if (line === undefined) {
      throw new CommandFailure('the input ended before the game was over');
    }
    if (line.trim() !== '') return line.trim();
  }
}

/** Whether `line` is a code of `game`. */
function isCode(game: Game, line: string): boolean {
  try {
    game.codes.parse(line);
    return true;
  } catch {
    return false;
  }
}

/**
 * The command a line asks for in `role` (a leading ':' allowed); a command of the other role is
 * reported and ignored.
 */
function commandOf(line: string, role: Role, io: Io): PlayCommand | 'other-role' | undefined {
  const command = SPELLINGS[line.replace(/^:/, '').toLowerCase().replace(/\s+/g, ' ')];
  if (command === undefined || COMMANDS_OF[role].includes(command)) return command;
  const other = ROLES.find((r) => r !== role);
  io.err(
    `codebreaker: '${command}' is for the ${other} role; here: ${COMMANDS_OF[role].join(', ')}\n`,
  );
  return 'other-role';
}

/** Runs one move; bad input is reported on stderr and play goes on. */
function reported(io: Io, move: () => PlayedTurn): PlayedTurn | undefined {
  try {
    return move();
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    io.err(`codebreaker: ${safeText(error.message)}\n`);
    return undefined;
  }
}

function quit(io: Io): void {
  io.out('  game left unfinished\n');
}

/**
 * `     2H1B  ●●○·  2 hits, 1 blow` (in a black-peg game `     2H  ●●··  2 hits`) and what follows
 * from it.
 */
function answerLine(game: Game, turn: PlayedTurn, guesses: number, remaining = true): string {
  const shown = `${INDENT}${game.answerText(turn.answer)}  ${pegsText(game, turn.answer)}  ${words(game, turn.answer)}`;
  if (turn.answer === game.solved) {
    return `${shown}: solved in ${guesses} guess${guesses === 1 ? '' : 'es'}`;
  }
  return remaining ? `${shown}; ${secretsText(turn.remaining)} left` : shown;
}

/** Hits as black pegs, blows as white pegs (none in a black-peg game), the rest empty. */
function pegsText(game: Game, answer: number): string {
  const { hits, blows } = game.answerOf(answer);
  return '●'.repeat(hits) + '○'.repeat(blows) + '·'.repeat(game.pegs - hits - blows);
}

function words(game: Game, answer: number): string {
  const { hits, blows } = game.answerOf(answer);
  const said = `${hits} hit${hits === 1 ? '' : 's'}`;
  return game.feedback === 'black' ? said : `${said}, ${blows} blow${blows === 1 ? '' : 's'}`;
}

function secretsText(count: number): string {
  return `${count} secret${count === 1 ? '' : 's'}`;
}

function codesText({ pegs, repeat, alphabet }: Rules): string {
  return repeat
    ? `${pegs} symbols from ${alphabet}, repeats allowed`
    : `${pegs} different symbols from ${alphabet}`;
}

function commandsText(role: Role): string {
  return `Commands: ${COMMANDS_OF[role].join(', ')}.`;
}

function helpText(role: Role, game: Game): string {
  const what =
    role === 'codemaker'
      ? game.feedback === 'black'
        ? '  Answer my guess with its number of hits (black pegs): 2 or 2H.'
        : "  Answer my guess with its hits and blows: 2H1B, '2 1' or 2,1."
      : "  Type a guess to have it scored. A command that is also a code is written with ':' (:hint).";
  const lines = COMMANDS_OF[role].map((name) => `  ${name.padEnd(8)} ${COMMAND_HELP[name]}`);
  return `${what}\n${lines.join('\n')}\n`;
}
