/**
 * Which game the page plays: a preset, or custom pegs, colours and repetition.
 *
 * Every game the core enumerates (up to 2^24 codes, like the command line) is played in both
 * roles: playing needs only the candidate list and scores computed as they are needed. What needs
 * the full score table, one byte per (guess, secret) pair, is kept to games whose table fits a tab
 * (`TABLE_MAX_CODES`, 8,192 codes, 64 MiB at most): the analysis over every secret and the
 * strategy tree. Above it those views say so and give the command line that does the work, and
 * the heuristics score fewer guesses (strategy-choice.ts).
 *
 * Plain data and functions, no DOM: the tests drive them directly.
 */
import { CodebreakerError } from '../src/errors.js';
import { type Game, TABLE_MAX_CODES, gameFor } from '../src/game.js';
import {
  MAX_COLORS,
  MAX_PEGS,
  MIN_COLORS,
  MIN_PEGS,
  PRESETS,
  PRESET_NAMES,
  type PresetName,
  type Rules,
  countCodes,
  feedbackOf,
  presetOf,
  resolveRules,
} from '../src/rules.js';

/** The largest game whose analysis and tree run in the page: its score table must fit a tab. */
export const WEB_TABLE_MAX_CODES = TABLE_MAX_CODES;

/** The presets whose analysis and tree run in the page, and which ship a tree: the table fits. */
export const WEB_PRESETS: readonly PresetName[] = PRESET_NAMES.filter((name) => {
  const { pegs, colors, repeat } = PRESETS[name].rules;
  return countCodes(pegs, colors, repeat) <= WEB_TABLE_MAX_CODES;
});

/** A choice of the game menu: a preset, or custom rules. */
export type GameOption = PresetName | 'custom';
/** What the game menu offers: every preset, then custom rules. */
export const GAME_OPTIONS: readonly GameOption[] = [...PRESET_NAMES, 'custom'];

/** The game menu's state; pegs, colours, repetition and alphabet apply to `custom` only. */
export interface GameChoice {
  readonly game: GameOption;
  readonly pegs: number;
  readonly colors: number;
  readonly repeat: boolean;
  /** The symbols in order; empty means the default (0-9 then a-z). */
  readonly alphabet: string;
  /** Answers are the hits alone (black-peg Mastermind); presets answer with hits and blows. */
  readonly blackPegs: boolean;
}

/** The choice of a preset, with its shape filled in for when the user switches to custom. */
export function presetChoice(game: PresetName): GameChoice {
  const { pegs, colors, repeat } = PRESETS[game].rules;
  return { game, pegs, colors, repeat, alphabet: '', blackPegs: false };
}

/** A custom choice starting from the rules shown now, so switching to custom changes nothing. */
export function customChoice(rules: Rules): GameChoice {
  const { pegs, colors, repeat, alphabet } = rules;
  return {
    game: 'custom',
    pegs,
    colors,
    repeat,
    alphabet,
    blackPegs: feedbackOf(rules) === 'black',
  };
}

/** A number field of a custom game out of its range; the page says it in its language. */
export class FieldError extends CodebreakerError {
  constructor(
    readonly field: 'pegs' | 'colours',
    readonly min: number,
    readonly max: number,
  ) {
    super('bad-rules', `${field} must be a whole number from ${min} to ${max}`);
    this.name = 'FieldError';
  }
}

/** Checks a number field of a custom game. */
function checkField(value: number, field: 'pegs' | 'colours', min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) throw new FieldError(field, min, max);
}

/** The rules of a choice; throws `CodebreakerError` for rules the core refuses. */
export function rulesForChoice(choice: GameChoice): Rules {
  if (choice.game !== 'custom') return resolveRules({ game: choice.game });
  checkField(choice.pegs, 'pegs', MIN_PEGS, MAX_PEGS);
  checkField(choice.colors, 'colours', MIN_COLORS, MAX_COLORS);
  return resolveRules({
    pegs: choice.pegs,
    colors: choice.colors,
    repeat: choice.repeat,
    alphabet: choice.alphabet === '' ? undefined : choice.alphabet,
    feedback: choice.blackPegs ? 'black' : 'full',
  });
}

/** The game of a choice, built once and shared; throws as `rulesForChoice` does. */
export function gameForChoice(choice: GameChoice): Game {
  return gameFor(rulesForChoice(choice));
}

/** Whether the analysis and the tree of this game run in the page (its score table fits). */
export function fitsTab(game: Game): boolean {
  return game.size <= WEB_TABLE_MAX_CODES;
}

/** The rules as command-line flags: `--game mastermind`, or `--pegs 5 --colors 8 --repeat`. */
export function rulesFlags(rules: Rules): string {
  const preset = presetOf(rules);
  if (preset) return `--game ${preset}`;
  const flags = [`--pegs ${rules.pegs}`, `--colors ${rules.colors}`];
  flags.push(rules.repeat ? '--repeat' : '--no-repeat');
  const usual = resolveRules({ pegs: rules.pegs, colors: rules.colors, repeat: rules.repeat });
  if (usual.alphabet !== rules.alphabet) flags.push(`--alphabet '${rules.alphabet}'`);
  if (feedbackOf(rules) === 'black') flags.push('--feedback black');
  return flags.join(' ');
}

/** A key naming the rules exactly, for saved games. */
export function rulesKey(rules: Rules): string {
  const { pegs, colors, repeat, alphabet } = rules;
  return `${pegs}/${colors}/${repeat ? 'r' : 'n'}/${feedbackOf(rules)}/${alphabet}`;
}

/** How symbols are drawn: coloured pegs (Mastermind, Hit & Blow) or digit tiles. */
export type SymbolStyle = 'pegs' | 'digits';

/** Colours for pegs, in symbol order; games with more colours than this show digit tiles. */
export const PEG_COLOURS = [
  '#d62828',
  '#2a9d3f',
  '#1d5fd1',
  '#f2c40f',
  '#f77f00',
  '#7b2cbf',
  '#14b8c4',
  '#e84a9d',
  '#8d5a2b',
  '#f5f5f0',
  '#6b7280',
  '#9ccc2c',
] as const;

/** The presets played with digits, whatever their shape. */
const DIGIT_PRESETS: readonly string[] = ['moo', 'numeron'];

/**
 * Bulls and Cows and Numer0n are digit games; Hit & Blow is played with coloured pins, and so is
 * any other game of few enough colours with repetition (Mastermind's family). Others: digits.
 */
export function symbolStyle(rules: Rules): SymbolStyle {
  const preset = presetOf(rules);
  if (preset) return DIGIT_PRESETS.includes(preset) ? 'digits' : 'pegs';
  return rules.repeat && rules.colors <= PEG_COLOURS.length ? 'pegs' : 'digits';
}
