/**
 * Each game in its own words. Mastermind answers with black and white key pegs, Bulls and Cows
 * with bulls and cows, Hit & Blow with hits and blows, Numer0n with EAT and BITE; Mastermind has
 * pegs of colours, Bulls and Cows digits. The page says everything through `termsFor`, so a
 * preset never reads in another's words ("4 pegs, 10 colours" for four digits).
 *
 * The core's own words (hits, blows, `2H1B`) stay in data attributes and typed answers, which
 * every game accepts.
 */
import type { Game } from '../src/game.js';
import { type Rules, feedbackOf, presetOf } from '../src/rules.js';
import type { Turn } from '../src/strategy.js';
import type { Problem } from './play.js';
import { symbolStyle } from './settings.js';

/** A word in the singular and the plural. */
export type Noun = readonly [one: string, many: string];

/** How a game names its parts and its answers. */
export interface Terms {
  /** The game's name: a preset's title, or "Custom game". */
  readonly title: string;
  /** A right symbol in the right place. */
  readonly hit: Noun;
  /** A right symbol in the wrong place. */
  readonly blow: Noun;
  /** What a hit means, in a phrase. */
  readonly hitMeans: string;
  /** What a blow means. */
  readonly blowMeans: string;
  /** The things a code is made of: colours or digits. */
  readonly symbol: Noun;
  /** A place in a code: a peg, or a digit. */
  readonly position: Noun;
  /** Answers are the hits alone (black-peg Mastermind): no blows. */
  readonly hitsOnly: boolean;
}

const MASTERMIND_WORDS = {
  hit: ['black peg', 'black pegs'],
  blow: ['white peg', 'white pegs'],
  hitMeans: 'right colour, right place',
  blowMeans: 'right colour, wrong place',
  symbol: ['colour', 'colours'],
  position: ['peg', 'pegs'],
} as const;

const HIT_AND_BLOW_WORDS = {
  hit: ['hit', 'hits'],
  blow: ['blow', 'blows'],
  hitMeans: 'right colour, right place',
  blowMeans: 'right colour, wrong place',
  symbol: ['colour', 'colours'],
  position: ['pin', 'pins'],
} as const;

const BULLS_AND_COWS_WORDS = {
  hit: ['bull', 'bulls'],
  blow: ['cow', 'cows'],
  hitMeans: 'right digit, right place',
  blowMeans: 'right digit, wrong place',
  symbol: ['digit', 'digits'],
  position: ['digit', 'digits'],
} as const;

const NUMERON_WORDS = {
  hit: ['EAT', 'EAT'],
  blow: ['BITE', 'BITE'],
  hitMeans: 'right number, right place',
  blowMeans: 'right number, wrong place',
  symbol: ['number', 'numbers'],
  position: ['digit', 'digits'],
} as const;

const CUSTOM_DIGIT_WORDS = {
  hit: ['hit', 'hits'],
  blow: ['blow', 'blows'],
  hitMeans: 'right symbol, right place',
  blowMeans: 'right symbol, wrong place',
  symbol: ['symbol', 'symbols'],
  position: ['place', 'places'],
} as const;

/** The words of the presets that have their own; the others take their family's. */
const PRESET_WORDS: Readonly<Record<string, Omit<Terms, 'title' | 'hitsOnly'>>> = {
  mastermind: MASTERMIND_WORDS,
  moo: BULLS_AND_COWS_WORDS,
  'hit-and-blow': HIT_AND_BLOW_WORDS,
  numeron: NUMERON_WORDS,
};

/** The titles of the presets, as the menu shows them. */
const TITLES: Readonly<Record<string, string>> = {
  mastermind: 'Mastermind',
  moo: 'Bulls and Cows',
  'hit-and-blow': 'Hit & Blow',
  numeron: 'Numer0n',
  'super-mastermind': 'Super Mastermind',
};

/** The words of a game: its preset's, or for other rules those of the family its board is. */
export function termsFor(rules: Rules): Terms {
  const preset = presetOf(rules);
  const title = preset ? (TITLES[preset] ?? preset) : 'Custom game';
  const words =
    (preset && PRESET_WORDS[preset]) ??
    (symbolStyle(rules) === 'pegs'
      ? rules.repeat
        ? MASTERMIND_WORDS
        : HIT_AND_BLOW_WORDS
      : CUSTOM_DIGIT_WORDS);
  return { title, ...words, hitsOnly: feedbackOf(rules) === 'black' };
}

/** `n` and the noun: "1 bull", "2 cows", "0 EAT". */
export function count(n: number, noun: Noun): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? noun[0] : noun[1]}`;
}

/** An answer in the game's words: "2 black pegs, 1 white peg", "1 bull, 0 cows". */
export function answerWords(terms: Terms, hits: number, blows: number): string {
  if (terms.hitsOnly) return count(hits, terms.hit);
  return `${count(hits, terms.hit)}, ${count(blows, terms.blow)}`;
}

/** The shape of a game in its words: "4 pegs, 6 colours, colours may repeat". */
export function shapeWords(rules: Rules, terms = termsFor(rules)): string {
  const { pegs, colors, repeat } = rules;
  if (terms.symbol[0] === 'digit' || terms.symbol[0] === 'number') {
    const digits = `${count(pegs, terms.position)} from ${[...rules.alphabet][0]} to ${[...rules.alphabet].at(-1)}`;
    return `${digits}, ${repeat ? 'digits may repeat' : 'all different'}`;
  }
  const made = `${count(pegs, terms.position)}, ${count(colors, terms.symbol)}`;
  return `${made}, ${repeat ? `${terms.symbol[1]} may repeat` : 'all different'}`;
}

/** The game in one line: "Bulls and Cows: 4 digits from 0 to 9, all different". */
export function gameWords(rules: Rules): string {
  const terms = termsFor(rules);
  const answers = terms.hitsOnly ? `, ${terms.hit[1]} only` : '';
  return `${terms.title}: ${shapeWords(rules, terms)}${answers}`;
}

/** A problem with what the player did (play.ts), in the game's words. */
export function problemWords(
  problem: Problem,
  game: Game,
  terms: Terms,
  turns: readonly Turn[],
): string {
  const code = (index: number) => game.codes.make(index);
  const answer = (index: number) => {
    const { hits, blows } = game.answerOf(index);
    return answerWords(terms, hits, blows);
  };
  switch (problem.kind) {
    case 'cannot-occur':
      return `${answerWords(terms, problem.hits, problem.blows)} cannot happen with ${count(game.pegs, terms.position)}`;
    case 'conflict': {
      const { conflict } = problem;
      const said = `${answer(conflict.answer)} to ${code(conflict.guess)}`;
      if (conflict.turn === 0) return `${said} is impossible: no secret gives that answer`;
      const earlier = turns[conflict.turn - 1];
      const before = conflict.alone ? '' : ', given your answers before it';
      return `${said} contradicts your answer ${answer(earlier.answer)} to ${code(earlier.guess)} (guess ${conflict.turn})${before}`;
    }
    case 'unreadable-answer': {
      const how = terms.hitsOnly
        ? `the number of ${terms.hit[1]}, for example 2`
        : `the ${terms.hit[1]}, then the ${terms.blow[1]}, for example 2 1`;
      return `cannot read “${problem.text}”: type ${how}`;
    }
    case 'unfilled':
      return problem.empty === 1
        ? 'fill the last empty slot first'
        : `fill the ${problem.empty} empty slots first`;
    case 'not-a-code':
      return `“${problem.text}” is no code of this game: ${shapeWords(game.rules, terms)}`;
  }
}
