/** The rules flags every playing or analysing command accepts, and the strategy flags. */
import type { Command } from 'commander';
import { CodebreakerError } from '../errors.js';
import { type Game, gameFor } from '../game.js';
import { DEFAULT_PRESET, PRESET_NAMES, resolveRules } from '../rules.js';
import { STRATEGY_NAMES } from '../strategies/index.js';

/** Adds `--game`, `--pegs`, `--colors`, `--repeat`, `--no-repeat` and `--alphabet`. */
export function addRulesOptions(command: Command): Command {
  return command
    .option('--game <name>', `preset: ${PRESET_NAMES.join(', ')} (default: ${DEFAULT_PRESET})`)
    .option('--pegs <n>', 'code length, overriding the preset')
    .option('--colors <k>', 'number of symbols, overriding the preset')
    .option('--repeat', 'a code may repeat a symbol')
    .option('--no-repeat', 'a code may not repeat a symbol')
    .option('--alphabet <symbols>', 'the symbols in order (default: the preset’s, else 0-9 a-z)');
}

/** Adds `--strategy` and `--seed`. */
export function addStrategyOptions(
  command: Command,
  defaultStrategy = 'first-consistent',
): Command {
  return command
    .option('--strategy <name>', `${STRATEGY_NAMES.join(', ')}`, defaultStrategy)
    .option('--seed <n>', 'seed of random-consistent (default: a random one, printed)');
}

/** The options the rules flags produce. */
export interface RulesFlags {
  game?: string;
  pegs?: string;
  colors?: string;
  repeat?: boolean;
  alphabet?: string;
}

/** The game the rules flags describe. */
export function gameFromFlags(flags: RulesFlags): Game {
  return gameFor(resolveRules(flags));
}

/** Reads `--seed`: a whole number, or a fresh random one if absent. */
export function seedFromFlag(value: string | undefined): number {
  if (value === undefined) return Math.floor(Math.random() * 2 ** 32);
  if (!/^\d{1,15}$/.test(value)) {
    throw new CodebreakerError('bad-option', `--seed must be a whole number, not '${value}'`);
  }
  return Number(value);
}
