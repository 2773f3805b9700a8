/**
 * Which game the page plays: a preset, or custom pegs, colours, repetition and feedback (hits and
 * blows, or black pegs only).
 *
 * The page refuses games of more than `WEB_MAX_CODES` codes, the core's own limit for a full
 * score table (`TABLE_MAX_CODES`, 8192). The table holds one byte per (guess, secret) pair, so
 * at the limit it is 64 MiB; the page and the analysis worker each build one, 128 MiB at most,
 * which a browser tab holds comfortably. Every classic game fits (Bulls and Cows, the largest,
 * has 5040 codes: 25 MiB). Above the limit the heuristic strategies would score every pair from
 * scratch at each guess, tens of seconds to minutes of work per move in a tab; the command line
 * plays those games.
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
  resolveRules,
} from '../src/rules.js';

/** The largest game the page plays: its score table must fit comfortably in a tab. */
export const WEB_MAX_CODES = TABLE_MAX_CODES;

/**
 * The presets the page offers: those within its limit. Super Mastermind (32,768 codes) is
 * beyond it and is played on the command line.
 */
export const WEB_PRESETS: readonly PresetName[] = PRESET_NAMES.filter((name) => {
  const { pegs, colors, repeat } = PRESETS[name].rules;
  return countCodes(pegs, colors, repeat) <= WEB_MAX_CODES;
});

/** A choice of the game menu: a preset, or custom rules. */
export type GameOption = PresetName | 'custom';
/** What the game menu offers: the presets it plays, then custom rules. */
export const GAME_OPTIONS: readonly GameOption[] = [...WEB_PRESETS, 'custom'];

/**
 * The game menu's state; pegs, colours, repetition, alphabet and black pegs apply to `custom`
 * only (the presets answer with hits and blows).
 */
export interface GameChoice {
  readonly game: GameOption;
  readonly pegs: number;
  readonly colors: number;
  readonly repeat: boolean;
  /** The symbols in order; empty means the default (0-9 then a-z). */
  readonly alphabet: string;
  /** Answers are the hits alone (black-peg Mastermind). */
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

/** The menu title of a game option. */
export function gameTitle(option: GameOption): string {
  return option === 'custom' ? 'Custom…' : PRESETS[option].title;
}

function tooLarge(pegs: number, colors: number, repeat: boolean): CodebreakerError {
  const count = countCodes(pegs, colors, repeat);
  const codes = count < 1e15 ? count.toLocaleString('en-US') : count.toExponential(2);
  return new CodebreakerError(
    'too-large',
    [
      `${pegs} pegs of ${colors} colours ${repeat ? 'with' : 'without'} repetition make ${codes} codes;`,
      `the web app plays games of at most ${WEB_MAX_CODES.toLocaleString('en-US')} codes, whose score table`,
      `(${(WEB_MAX_CODES ** 2 / 2 ** 20).toFixed(0)} MiB at most) fits comfortably in a browser tab.`,
      'Use the command line (npx codebreaker) for larger games.',
    ].join(' '),
  );
}

/** Checks a number field of a custom game, in the menu's words. */
function checkField(value: number, name: string, min: number, max: number): void {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new CodebreakerError('bad-rules', `${name} must be a whole number from ${min} to ${max}`);
  }
}

/** The rules of a choice; throws `CodebreakerError` for bad or too large rules. */
export function rulesForChoice(choice: GameChoice): Rules {
  if (choice.game === 'custom') {
    checkField(choice.pegs, 'pegs', MIN_PEGS, MAX_PEGS);
    checkField(choice.colors, 'colours', MIN_COLORS, MAX_COLORS);
  }
  let rules: Rules;
  try {
    rules =
      choice.game === 'custom'
        ? resolveRules({
            pegs: choice.pegs,
            colors: choice.colors,
            repeat: choice.repeat,
            alphabet: choice.alphabet === '' ? undefined : choice.alphabet,
            feedback: choice.blackPegs ? 'black' : 'full',
          })
        : resolveRules({ game: choice.game });
  } catch (error) {
    if (error instanceof CodebreakerError && error.kind === 'too-large') {
      throw tooLarge(choice.pegs, choice.colors, choice.repeat);
    }
    throw error;
  }
  if (countCodes(rules.pegs, rules.colors, rules.repeat) > WEB_MAX_CODES) {
    throw tooLarge(rules.pegs, rules.colors, rules.repeat);
  }
  return rules;
}

/** The game of a choice, built once and shared; throws as `rulesForChoice` does. */
export function gameForChoice(choice: GameChoice): Game {
  return gameFor(rulesForChoice(choice));
}

/** How symbols are drawn: coloured pegs (Mastermind) or digit tiles (Bulls and Cows). */
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

/** Games with repetition and few enough colours look like Mastermind: pegs; others digits. */
export function symbolStyle(rules: Rules): SymbolStyle {
  return rules.repeat && rules.colors <= PEG_COLOURS.length ? 'pegs' : 'digits';
}
