/**
 * The command-line program: thin. It parses flags with commander, calls the library, and prints.
 * Bad input of any kind ends as one line on stderr and exit status 2, with nothing on stdout.
 */
import { Command, CommanderError } from 'commander';
import { isBadInput, quoteInput } from '../errors.js';
import { CommandFailure, EXIT_BAD_INPUT } from './failure.js';
import { type Io, safeText } from './io.js';
import { holdStops } from './signals.js';

function errorLine(message: string): string {
  const text = message
    .replace(/^error:\s*/i, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return `codebreaker: ${safeText(text)}\n`;
}

/**
 * commander's message with the word of the command line it quotes (an unknown option or command:
 * the only input its messages repeat, in quotes, one to a message) cut as every message cuts it.
 */
function commanderMessage(text: string): string {
  return text.replace(/'(.*)'/s, (_, word: string) => quoteInput(word));
}

type Register = (program: Command, io: Io) => void;

/**
 * The commands in the order help lists them, each loaded only when it runs: a command that
 * names itself first on the command line loads only its own modules, which keeps start-up
 * short (Node loads each ES module file on its own).
 */
const COMMANDS: Readonly<Record<string, () => Promise<Register>>> = {
  solve: async () => (await import('./commands/solve.js')).solveCommand,
  analyze: async () => (await import('./commands/analyze.js')).analyzeCommand,
  play: async () => (await import('./commands/play.js')).playCommand,
  tree: async () => (await import('./commands/tree.js')).treeCommand,
  verify: async () => (await import('./commands/verify.js')).verifyCommand,
  check: async () => (await import('./commands/check.js')).checkCommand,
  optimal: async () => (await import('./commands/optimal.js')).optimalCommand,
  static: async () => (await import('./commands/static.js')).staticCommand,
  worker: async () => (await import('./commands/worker.js')).workerCommand,
  serve: async () => (await import('./commands/serve.js')).serveCommand,
  puzzle: async () => (await import('./commands/puzzle.js')).puzzleCommand,
};

/** The commands that listen for Ctrl-C and SIGTERM themselves (see signals.ts). */
const LISTENING = new Set(['optimal', 'worker']);

/**
 * Builds the program; `io` receives everything it prints. With `only`, the name of a command,
 * just that command is registered; otherwise (help, a flag, a mistyped name) all are.
 */
async function buildProgram(io: Io, only?: string): Promise<Command> {
  const program = new Command('codebreaker')
    .description('Solve, play and analyse Mastermind, Bulls and Cows and their whole family.')
    .version('1.0.0', '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      outputError: (text) => io.err(errorLine(commanderMessage(text))),
    });
  const names =
    only !== undefined && Object.hasOwn(COMMANDS, only) ? [only] : Object.keys(COMMANDS);
  const commands = await Promise.all(names.map((name) => COMMANDS[name]()));
  for (const register of commands) register(program, io);
  for (const command of program.commands) {
    command.exitOverride().configureOutput(program.configureOutput());
  }
  return program;
}

/** Runs the CLI on `argv` (without node and script); resolves to the exit status. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  if (LISTENING.has(argv[0])) holdStops();
  const program = await buildProgram(io, argv[0]);
  // No command at all: the help, as asked for.
  if (argv.length === 0) {
    io.out(program.helpInformation());
    return 0;
  }
  if (argv[0] === 'help' && argv[1] !== undefined && !Object.hasOwn(COMMANDS, argv[1])) {
    io.err(
      errorLine(
        `unknown command ${quoteInput(argv[1])}: the commands are ${Object.keys(COMMANDS).join(', ')}`,
      ),
    );
    return EXIT_BAD_INPUT;
  }
  try {
    await program.parseAsync([...argv], { from: 'user' });
    return 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      return error.exitCode === 0 ? 0 : EXIT_BAD_INPUT;
    }
    if (error instanceof CommandFailure) {
      io.err(errorLine(error.message));
      return error.status;
    }
    if (isBadInput(error)) {
      io.err(errorLine(error.message));
      return EXIT_BAD_INPUT;
    }
    // Anything else is a bug: one line all the same (the stack with CODEBREAKER_DEBUG=1).
    if (process.env.CODEBREAKER_DEBUG) throw error;
    const message = error instanceof Error ? error.message : String(error);
    io.err(errorLine(`unexpected failure (a bug; please report it): ${message}`));
    return 1;
  }
}
