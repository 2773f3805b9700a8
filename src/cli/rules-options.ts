/** The rules flags every playing or analysing command accepts, and the strategy flags. */
import { availableParallelism, totalmem } from 'node:os';
import type { Command } from 'commander';
import { CodebreakerError, quoteInput } from '../errors.js';
import { type Game, SEARCH_MAX_CODES, TABLE_MAX_CODES, gameFor } from '../game.js';
import { groupThousands, readWholeNumber } from '../numbers.js';
import { DEFAULT_PRESET, PRESET_NAMES, resolveRules } from '../rules.js';
import { HEURISTIC_NAMES } from '../strategies/heuristic.js';
import {
  STRATEGY_NAMES,
  type StrategyName,
  createStrategy,
  strategyByName,
} from '../strategies/index.js';
import type { Strategy } from '../strategy.js';
import type { StrategySpec } from '../walk-serve.js';
import type { Io } from './io.js';
import { cachedOptimalStrategy } from './optimal-cache.js';
import { statusLine } from './progress.js';

/** Adds `--game`, `--pegs`, `--colors`, `--repeat`, `--no-repeat`, `--alphabet` and `--feedback`. */
export function addRulesOptions(command: Command): Command {
  return command
    .option('--game <name>', `preset: ${PRESET_NAMES.join(', ')} (default: ${DEFAULT_PRESET})`)
    .option('--pegs <n>', 'code length, overriding the preset')
    .option('--colors <k>', 'number of symbols, overriding the preset')
    .option('--repeat', 'a code may repeat a symbol')
    .option('--no-repeat', 'a code may not repeat a symbol')
    .option('--alphabet <symbols>', 'the symbols in order (default: the preset’s, else 0-9 a-z)')
    .option(
      '--feedback <kind>',
      'what an answer tells: full (hits and blows) or black (hits only: black-peg Mastermind) (default: full)',
    );
}

/** Adds `--strategy` and `--seed`. */
export function addStrategyOptions(
  command: Command,
  defaultStrategy = 'first-consistent',
): Command {
  return command
    .option('--strategy <name>', `${STRATEGY_NAMES.join(', ')}`, defaultStrategy)
    .option('--seed <n>', 'seed of random-consistent (default: a random one, printed)')
    .option('--first <guess>', 'the opening guess of a heuristic strategy')
    .option('--consistent-only', 'heuristics guess only codes that could still be the secret')
    .option('--no-symmetry', 'heuristics score every guess, not one per symmetry class')
    .option(
      '--exact-below <n>',
      'play a least-total guess, found by the exact search, at every state of at most N candidates (games of up to 32,768 codes; Super Mastermind needs 1 GiB a thread)',
    );
}

/** The options the strategy flags produce. */
export interface StrategyFlags {
  strategy: string;
  seed?: string;
  first?: string;
  consistentOnly?: boolean;
  symmetry?: boolean;
  exactBelow?: string;
}

/** A strategy chosen on the command line, with what it needs to be named and repeated. */
export interface ChosenStrategy {
  readonly name: StrategyName;
  readonly strategy: Strategy;
  /** The seed of random-consistent (given or drawn). */
  readonly seed?: number;
  /** The fixed opening, as text. */
  readonly first?: string;
  /** `--exact-below`: exact play at states of at most this many candidates. */
  readonly exactBelow?: number;
  /** The strategy as data, for worker threads to build their own; none for `optimal`. */
  readonly spec?: StrategySpec;
}

/**
 * Builds the strategy the strategy flags describe, for `game`; `io` hears about proving and
 * caching the optimal strategy.
 */
export async function strategyFromFlags(
  game: Game,
  flags: StrategyFlags,
  io: Io,
): Promise<ChosenStrategy> {
  const name = strategyByName(flags.strategy);
  // Read whenever given: a mistyped seed is refused even where the strategy draws no numbers.
  const given = flags.seed === undefined ? undefined : seedFromFlag(flags.seed);
  const seed = name === 'random-consistent' ? (given ?? seedFromFlag(undefined)) : undefined;
  const heuristic = (HEURISTIC_NAMES as readonly string[]).includes(name);
  if (!heuristic && (flags.first !== undefined || flags.consistentOnly)) {
    throw new CodebreakerError(
      'bad-option',
      `--first and --consistent-only apply to ${HEURISTIC_NAMES.join(', ')}, not to ${name}`,
    );
  }
  const first = flags.first === undefined ? undefined : game.codes.parse(flags.first);
  if (name === 'optimal' && !game.tableFits) {
    throw new CodebreakerError(
      'too-large',
      `no optimal strategy is known for a game of ${groupThousands(game.size)} codes (it is proved and cached for games of up to ${groupThousands(TABLE_MAX_CODES)}); codebreaker optimal starts a proof, with --time-limit and --checkpoint`,
    );
  }
  const exactBelow = wholeFlag(flags.exactBelow, '--exact-below', 0, game.size);
  if (exactBelow !== undefined && name === 'optimal') {
    throw new CodebreakerError(
      'bad-option',
      '--exact-below applies to the strategies that are built, not to optimal, exact throughout',
    );
  }
  if (exactBelow && game.size > SEARCH_MAX_CODES) {
    throw new CodebreakerError(
      'too-large',
      `--exact-below needs the exact search's score table: games of up to ${groupThousands(SEARCH_MAX_CODES)} codes, not ${groupThousands(game.size)}`,
    );
  }
  const options = {
    seed,
    first,
    consistentOnly: flags.consistentOnly,
    symmetry: flags.symmetry,
    ...(exactBelow ? { exactBelow } : {}),
  };
  const strategy =
    name === 'optimal'
      ? await cachedOptimalStrategy(
          game,
          (line) => io.err(`codebreaker: ${line}\n`),
          statusLine(io),
        )
      : createStrategy(name, options);
  return {
    name,
    strategy,
    seed,
    first: first === undefined ? undefined : game.codes.make(first),
    ...(exactBelow ? { exactBelow } : {}),
    ...(name === 'optimal' ? {} : { spec: { name, options } }),
  };
}

/** How a chosen strategy is described in text: "minimax (first guess 1122)". */
export function describeStrategy(chosen: ChosenStrategy): string {
  const notes: string[] = [];
  if (chosen.seed !== undefined)
    notes.push(`seed ${chosen.seed}; repeat with --seed ${chosen.seed}`);
  if (chosen.first !== undefined) notes.push(`first guess ${chosen.first}`);
  if (chosen.exactBelow !== undefined) {
    notes.push(`exact at ${groupThousands(chosen.exactBelow)} candidates or fewer`);
  }
  return notes.length > 0 ? `${chosen.name} (${notes.join(', ')})` : chosen.name;
}

/** The JSON keys that name a chosen strategy. */
export function strategyJson(chosen: ChosenStrategy): Record<string, unknown> {
  return {
    strategy: chosen.name,
    ...(chosen.seed === undefined ? {} : { seed: chosen.seed }),
    ...(chosen.first === undefined ? {} : { first: chosen.first }),
    ...(chosen.exactBelow === undefined ? {} : { exactBelow: chosen.exactBelow }),
  };
}

/** The options the rules flags produce. */
export interface RulesFlags {
  game?: string;
  pegs?: string;
  colors?: string;
  repeat?: boolean;
  alphabet?: string;
  feedback?: string;
}

/** The game the rules flags describe. */
export function gameFromFlags(flags: RulesFlags): Game {
  return gameFor(resolveRules(flags));
}

/** Reads a whole-number flag in `min..max`, or undefined if absent; bad input names the flag. */
export function wholeFlag(
  value: string | undefined,
  flag: string,
  min: number,
  max: number,
): number | undefined {
  return value === undefined ? undefined : readWholeNumber(value, flag, { min, max });
}

/** The most worker threads `--threads` accepts. */
const MAX_THREADS = 64;

/** Reads `--recheck`: absent 0, bare 1 (every answer), else a share from 0 to 1. */
export function recheckFlag(value: string | boolean | undefined): number {
  if (value === undefined || value === false) return 0;
  if (value === true) return 1;
  const share = /^\s*(0|1|0?\.\d+|1\.0*)\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(share >= 0 && share <= 1)) {
    throw new CodebreakerError(
      'bad-option',
      `--recheck takes a share from 0 to 1, such as 0.1, or nothing for all; not ${quoteInput(value)}`,
    );
  }
  return share;
}

/** What `--unsigned` does, as `optimal` and `static` say it. */
export const UNSIGNED_HELP =
  'keep the checkpoint unsigned, to share it where no secret key can be (a campaign, in a repository): every answer read back from it is checked again before the result is proved';

/** The flags that say how much of a checkpoint is taken on trust. */
interface TrustFlags {
  readonly checkpoint?: string;
  readonly recheck?: string | boolean;
  readonly recheckResume?: boolean;
  readonly unsigned?: boolean;
}

/**
 * The share of the answers read back that a proof solves again: `--recheck`'s, or with
 * `--unsigned` all of them, an unsigned file being taken on trust in nothing. So `--unsigned`
 * needs `--checkpoint`, and refuses a smaller share and `--recheck-resume` (which would believe
 * the file's record of an earlier recheck).
 */
export function recheckShare(flags: TrustFlags): number {
  const share = recheckFlag(flags.recheck);
  if (!flags.unsigned) return share;
  const refuse = (why: string): never => {
    throw new CodebreakerError('bad-option', `--unsigned ${why}`);
  };
  if (flags.checkpoint === undefined)
    refuse('keeps the checkpoint file unsigned: give --checkpoint');
  if (flags.recheck !== undefined && flags.recheck !== true && share < 1) {
    refuse('solves again every answer it reads back: it takes no smaller share of --recheck');
  }
  if (flags.recheckResume) {
    refuse(
      "believes nothing the file says, an earlier recheck's work neither: leave out --recheck-resume",
    );
  }
  return 1;
}

/**
 * Reads `--threads`, by the one rule every command with the flag follows: by default every core,
 * except for games a command settles in about a second on one thread (`quickUpTo` codes or fewer,
 * as that command has measured), where starting worker threads would cost more than they save.
 */
export function threadsFlag(value: string | undefined, codes: number, quickUpTo: number): number {
  const everyCore = Math.max(1, Math.min(MAX_THREADS, availableParallelism()));
  return wholeFlag(value, '--threads', 1, MAX_THREADS) ?? (codes > quickUpTo ? everyCore : 1);
}

/** The help text of `--threads`, in the same words for every command. */
export function threadsHelp(quickUpTo: number): string {
  return `worker threads (default: every core, but 1 for games of up to ${quickUpTo} codes, which this command settles in about a second)`;
}

/** Reads `--seed`: a whole number, or a fresh random one if absent. */
export function seedFromFlag(value: string | undefined): number {
  if (value === undefined) return Math.floor(Math.random() * 2 ** 32);
  return readWholeNumber(value, '--seed', { min: 0 });
}

/** Reads `--time-limit`: a positive number of seconds, such as 90 or 1.5; undefined if absent. */
export function timeLimitFlag(value: string | undefined): number | undefined {
  return secondsFlag(value, '--time-limit');
}

/**
 * Reads a flag of seconds: a positive number, such as 90 or 1.5, or with `zero` also 0 (for a
 * step the flag can skip); undefined if absent.
 */
export function secondsFlag(
  value: string | undefined,
  flag: string,
  zero = false,
): number | undefined {
  if (value === undefined) return undefined;
  const seconds = /^\s*\d+(\.\d+)?\s*$/.test(value) ? Number(value) : Number.NaN;
  if (!(seconds > 0 || (zero && seconds === 0))) {
    const what = zero ? 'a number of seconds, 0 or more' : 'a positive number of seconds';
    throw new CodebreakerError('bad-option', `${flag} must be ${what}, not ${quoteInput(value)}`);
  }
  return seconds;
}

/** Reads a size in bytes such as `8G`, `512M`, `1.5GiB` or `1000000`; undefined if absent. */
function byteSizeFlag(value: string | undefined, flag: string): number | undefined {
  if (value === undefined) return undefined;
  const match = /^\s*(\d+(?:\.\d+)?)\s*([kmgt]?)(?:i?b)?\s*$/i.exec(value);
  if (!match) {
    throw new CodebreakerError(
      'bad-option',
      `${flag} must be a size such as 8G, 512M or 1.5G, not ${quoteInput(value)}`,
    );
  }
  const power = ' kmgt'.indexOf(match[2].toLowerCase() || ' ');
  return Math.floor(Number(match[1]) * 1024 ** power);
}

/** What a search thread needs besides its cache and the shared score table: about this much. */
export const THREAD_OVERHEAD_BYTES = 96 * 2 ** 20;
/** The least cache a search thread is given. */
export const MIN_CACHE_BYTES = 16 * 2 ** 20;

/**
 * Reads `--memory-limit` by one rule for every command: a size (see `byteSizeFlag`) no larger
 * than the machine's memory and at least `least` bytes (what `threads` threads need at the
 * least); undefined if absent.
 */
export function memoryLimitFlag(
  value: string | undefined,
  least: number,
  threads: number,
): number | undefined {
  const bytes = byteSizeFlag(value, '--memory-limit');
  if (bytes === undefined) return undefined;
  const machine = totalmem();
  if (bytes > machine) {
    throw new CodebreakerError(
      'bad-option',
      `--memory-limit ${quoteInput(value!.trim())} is more than this machine's memory (${Math.floor(machine / 2 ** 20)}M)`,
    );
  }
  if (bytes < least) {
    throw new CodebreakerError(
      'bad-option',
      `--memory-limit is too small for ${threads} thread${threads === 1 ? '' : 's'}: give at least ${Math.ceil(least / 2 ** 20)}M`,
    );
  }
  return bytes;
}
