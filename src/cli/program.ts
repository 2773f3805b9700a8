/**
 * The command-line program: thin. It parses flags with commander, calls the library, and prints.
 * Bad input of any kind ends as one line on stderr and exit status 2, with nothing on stdout.
 */
import { Command, CommanderError } from 'commander';
import { CodebreakerError } from '../errors.js';
import { analyzeCommand } from './analyze.js';
import type { Io } from './io.js';
import { optimalCommand } from './optimal.js';
import { playCommand } from './play.js';
import { puzzleCommand } from './puzzle.js';
import { serveCommand } from './serve.js';
import { solveCommand } from './solve.js';
import { staticCommand } from './static.js';
import { treeCommand } from './tree.js';
import { verifyCommand } from './verify.js';

/** Exit status for bad input. */
export const EXIT_BAD_INPUT = 2;

/**
 * A command ran on good input and found a failure to report (say, a tree that misses a secret):
 * its message goes to stderr as one line, and the exit status is `status` (1 by default).
 */
export class CommandFailure extends Error {
  constructor(
    message: string,
    readonly status = 1,
  ) {
    super(message);
    this.name = 'CommandFailure';
  }
}

function errorLine(message: string): string {
  const text = message
    .replace(/^error:\s*/i, '')
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean)
    .join(' ');
  return `codebreaker: ${text}\n`;
}

/** Builds the program; `io` receives everything it prints. */
export function buildProgram(io: Io): Command {
  const program = new Command('codebreaker')
    .description('Solve, play and analyse Mastermind, Bulls and Cows and their whole family.')
    .version('0.1.0', '-V, --version')
    .exitOverride()
    .showSuggestionAfterError(true)
    .configureOutput({
      writeOut: (text) => io.out(text),
      writeErr: (text) => io.err(text),
      outputError: (text) => io.err(errorLine(text)),
    });
  const commands = [
    solveCommand,
    analyzeCommand,
    playCommand,
    treeCommand,
    verifyCommand,
    optimalCommand,
    staticCommand,
    serveCommand,
    puzzleCommand,
  ];
  for (const register of commands) register(program, io);
  for (const command of program.commands) {
    command.exitOverride().configureOutput(program.configureOutput());
  }
  return program;
}

/** Runs the CLI on `argv` (without node and script); resolves to the exit status. */
export async function run(argv: readonly string[], io: Io): Promise<number> {
  const program = buildProgram(io);
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
    if (error instanceof CodebreakerError) {
      io.err(errorLine(error.message));
      return EXIT_BAD_INPUT;
    }
    throw error;
  }
}
