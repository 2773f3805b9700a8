/**
 * Rules of a game of the Mastermind family: how many pegs, how many symbols, whether a code may
 * repeat a symbol, the alphabet the symbols are written in, and what an answer tells: hits and
 * blows (black and white pegs), or hits alone (black-peg Mastermind).
 *
 * Presets name the classic games. Every game is enumerated in full (codes are dense indices),
 * so rules whose code count exceeds `MAX_CODES` are refused up front with the count, instead of
 * running out of memory later.
 */
import { CodebreakerError, quoteInput } from './errors.js';
import { groupThousands, readWholeNumber } from './numbers.js';

/**
 * What an answer tells: `full`, hits and blows (black and white pegs); `black`, hits alone
 * (black pegs only).
 */
export const FEEDBACK_KINDS = ['full', 'black'] as const;
/** A kind of answer: `full` (hits and blows) or `black` (hits alone). */
export type FeedbackKind = (typeof FEEDBACK_KINDS)[number];

/**
 * The rules of one game. `alphabet` has exactly `colors` distinct symbols, in code order.
 * `feedback` is absent for hits and blows, the classic answer: checked rules carry it only as
 * `'black'`, so rules written before black-peg games existed read and compare as they did.
 */
export interface Rules {
  /** The code length: how many positions a code has. */
  readonly pegs: number;
  /** How many symbols (colours) a position may hold. */
  readonly colors: number;
  /** Whether a code may repeat a symbol. */
  readonly repeat: boolean;
  /** The symbols, one character each, in code order. */
  readonly alphabet: string;
  /** `black` for answers with hits alone; absent (or `full`) for hits and blows. */
  readonly feedback?: FeedbackKind;
}

/** Symbols used when no preset alphabet applies: 0-9 then a-z. */
export const DEFAULT_SYMBOLS = '0123456789abcdefghijklmnopqrstuvwxyz';
/** Classic Mastermind numbers its colours from 1. */
const MASTERMIND_SYMBOLS = '123456789abcdefghijklmnopqrstuvwxyz0';

/** The fewest pegs rules may have. */
export const MIN_PEGS = 1;
/** The most pegs rules may have. */
export const MAX_PEGS = 20;
/** The fewest colours rules may have. */
export const MIN_COLORS = 2;
/** The most colours rules may have: one per symbol of `DEFAULT_SYMBOLS`. */
export const MAX_COLORS = 36;
const PEGS_RANGE = { min: MIN_PEGS, max: MAX_PEGS };
const COLORS_RANGE = { min: MIN_COLORS, max: MAX_COLORS };
/** The largest game we enumerate: 2^24 codes. */
export const MAX_CODES = 1 << 24;

/** The names of the presets, the classic games. */
export const PRESET_NAMES = [
  'mastermind',
  'moo',
  'hit-and-blow',
  'numeron',
  'super-mastermind',
] as const;
/** The name of a preset. */
export type PresetName = (typeof PRESET_NAMES)[number];

/** A classic game: its rules, and how the alphabet grows or shrinks with the colours. */
export interface Preset {
  /** The preset's rules. */
  readonly rules: Rules;
  /** The symbols the alphabet is taken from when `--colors` changes the number of colours. */
  readonly symbols: string;
  /** The game's name for people: "Mastermind", "Bulls and Cows". */
  readonly title: string;
}

/** The classic games, by name. */
export const PRESETS: Readonly<Record<PresetName, Preset>> = {
  mastermind: {
    rules: { pegs: 4, colors: 6, repeat: true, alphabet: '123456' },
    symbols: MASTERMIND_SYMBOLS,
    title: 'Mastermind',
  },
  moo: {
    rules: { pegs: 4, colors: 10, repeat: false, alphabet: '0123456789' },
    symbols: DEFAULT_SYMBOLS,
    title: 'Bulls and Cows',
  },
  'hit-and-blow': {
    rules: { pegs: 4, colors: 6, repeat: false, alphabet: '012345' },
    symbols: DEFAULT_SYMBOLS,
    title: 'Hit & Blow',
  },
  numeron: {
    rules: { pegs: 3, colors: 10, repeat: false, alphabet: '0123456789' },
    symbols: DEFAULT_SYMBOLS,
    title: 'Numer0n',
  },
  'super-mastermind': {
    rules: { pegs: 5, colors: 8, repeat: true, alphabet: '12345678' },
    symbols: MASTERMIND_SYMBOLS,
    title: 'Super Mastermind',
  },
};

/** Other names accepted for presets. */
export const PRESET_ALIASES: Readonly<Record<string, PresetName>> = {
  'bulls-and-cows': 'moo',
  'bulls-cows': 'moo',
  'hit-blow': 'hit-and-blow',
  super: 'super-mastermind',
};

/** The default preset when no `--game` is given. */
export const DEFAULT_PRESET: PresetName = 'moo';

/** What a user may say about the rules; every field is optional and overrides the preset. */
export interface RulesOptions {
  /** A preset's name or alias (default `moo`). */
  game?: string;
  /** The number of pegs, as a number or as typed. */
  pegs?: number | string;
  /** The number of colours, as a number or as typed. */
  colors?: number | string;
  /** Whether a code may repeat a symbol. */
  repeat?: boolean;
  /** The symbols, in order: as many as there are colours. */
  alphabet?: string;
  /** `full` (hits and blows, every preset's) or `black` (hits alone). */
  feedback?: string;
}

/** The kind of feedback of `rules`. */
export function feedbackOf(rules: Rules): FeedbackKind {
  return rules.feedback ?? 'full';
}

/** Reads a kind of feedback as typed (`--feedback black`); throws `CodebreakerError` if unknown. */
export function feedbackByName(name: string): FeedbackKind {
  const key = name.trim().toLowerCase();
  if ((FEEDBACK_KINDS as readonly string[]).includes(key)) return key as FeedbackKind;
  throw new CodebreakerError(
    'bad-rules',
    `unknown feedback ${quoteInput(name)}: choose full (hits and blows) or black (hits only, black pegs)`,
  );
}

/** Looks a preset up by name or alias. */
export function presetByName(name: string): PresetName {
  const key = name.toLowerCase();
  if ((PRESET_NAMES as readonly string[]).includes(key)) return key as PresetName;
  const alias = PRESET_ALIASES[key];
  if (alias) return alias;
  throw new CodebreakerError(
    'bad-rules',
    `unknown game ${quoteInput(name)}: choose one of ${PRESET_NAMES.join(', ')} (or ${Object.keys(PRESET_ALIASES).join(', ')}, other names of theirs)`,
  );
}

/** The number of codes of the rules, as a float (exact below 2^53). */
export function countCodes(pegs: number, colors: number, repeat: boolean): number {
  if (repeat) return colors ** pegs;
  let count = 1;
  for (let i = 0; i < pegs; i++) count *= colors - i;
  return count;
}

/** Builds checked rules from a preset and overrides; throws `CodebreakerError` on bad rules. */
export function resolveRules(options: RulesOptions = {}): Rules {
  const preset = PRESETS[presetByName(options.game ?? DEFAULT_PRESET)];
  const pegs =
    options.pegs === undefined
      ? preset.rules.pegs
      : readWholeNumber(options.pegs, '--pegs', PEGS_RANGE, 'bad-rules');
  const colors =
    options.colors === undefined
      ? preset.rules.colors
      : readWholeNumber(options.colors, '--colors', COLORS_RANGE, 'bad-rules');
  const repeat = options.repeat ?? preset.rules.repeat;
  let alphabet = options.alphabet;
  if (alphabet === undefined) {
    alphabet =
      colors === preset.rules.colors ? preset.rules.alphabet : preset.symbols.slice(0, colors);
  }
  const feedback =
    options.feedback === undefined ? feedbackOf(preset.rules) : feedbackByName(options.feedback);
  return checkRules({ pegs, colors, repeat, alphabet, feedback });
}

/** Checks rules built elsewhere (a tree file, an API caller); returns them or throws. */
export function checkRules(rules: Rules): Rules {
  const { pegs, colors, repeat, alphabet, feedback } = rules;
  readWholeNumber(pegs, 'pegs', PEGS_RANGE, 'bad-rules');
  readWholeNumber(colors, 'colors', COLORS_RANGE, 'bad-rules');
  if (typeof repeat !== 'boolean') {
    throw new CodebreakerError('bad-rules', 'repeat must be true or false');
  }
  if (typeof alphabet !== 'string' || [...alphabet].length !== colors) {
    throw new CodebreakerError(
      'bad-rules',
      `the alphabet ${quoteInput(String(alphabet))} must have exactly ${colors} symbols, one for each colour`,
    );
  }
  const symbols = [...alphabet];
  if (symbols.some((s) => s.length !== 1 || /[\s,]/.test(s) || s.charCodeAt(0) < 33)) {
    throw new CodebreakerError(
      'bad-rules',
      `the alphabet ${quoteInput(alphabet)} may hold only printable single characters, without spaces or commas`,
    );
  }
  const seen = new Set<string>();
  for (const s of symbols) {
    if (seen.has(s)) {
      throw new CodebreakerError(
        'bad-rules',
        `the alphabet ${quoteInput(alphabet)} repeats the symbol ${quoteInput(s)}`,
      );
    }
    seen.add(s);
  }
  if (!repeat && colors < pegs) {
    throw new CodebreakerError(
      'bad-rules',
      `a code of ${pegs} pegs without repetition needs at least ${pegs} colours, not ${colors}`,
    );
  }
  if (feedback !== undefined && !(FEEDBACK_KINDS as readonly unknown[]).includes(feedback)) {
    throw new CodebreakerError(
      'bad-rules',
      `feedback must be ${FEEDBACK_KINDS.map((kind) => `'${kind}'`).join(' or ')}, not ${quoteInput(String(feedback))}`,
    );
  }
  const count = countCodes(pegs, colors, repeat);
  if (count > MAX_CODES) {
    throw new CodebreakerError(
      'too-large',
      `${pegs} pegs of ${colors} colours ${repeat ? 'with' : 'without'} repetition make ${formatCount(count)} codes; codebreaker enumerates at most ${formatCount(MAX_CODES)}`,
    );
  }
  return feedback === 'black'
    ? { pegs, colors, repeat, alphabet, feedback }
    : { pegs, colors, repeat, alphabet };
}

function formatCount(n: number): string {
  return n < 1e15 ? groupThousands(n) : n.toExponential(3);
}

/**
 * A short human description: "4 pegs, 10 colours, no repetition", with the preset's name when
 * the codes are a preset's, and "black pegs only" for a black-peg game.
 */
export function describeRules(rules: Rules): string {
  const { pegs, colors, repeat, alphabet } = rules;
  const name = presetOf({ pegs, colors, repeat, alphabet });
  const body = `${pegs} pegs, ${colors} colours, ${repeat ? 'repetition allowed' : 'no repetition'}`;
  if (feedbackOf(rules) === 'black') {
    return name
      ? `${PRESETS[name].title} with black pegs only (${body}; hits, no blows)`
      : `${body}, black pegs only (hits, no blows)`;
  }
  return name ? `${PRESETS[name].title} (${body})` : body;
}

/** The preset these rules are exactly, if any. */
export function presetOf(rules: Rules): PresetName | undefined {
  return PRESET_NAMES.find((name) => sameRules(PRESETS[name].rules, rules));
}

/** Whether two rules describe the same game with the same alphabet and the same answers. */
export function sameRules(a: Rules, b: Rules): boolean {
  return (
    a.pegs === b.pegs &&
    a.colors === b.colors &&
    a.repeat === b.repeat &&
    a.alphabet === b.alphabet &&
    feedbackOf(a) === feedbackOf(b)
  );
}

/**
 * The JSON form of rules used in every command's output and file: `"feedback":"black"` is added
 * for black-peg games only, so the rules of every other game print as they always have.
 */
export function rulesJson(rules: Rules): Rules {
  const { pegs, colors, repeat, alphabet } = rules;
  return feedbackOf(rules) === 'black'
    ? { pegs, colors, repeat, alphabet, feedback: 'black' }
    : { pegs, colors, repeat, alphabet };
}
