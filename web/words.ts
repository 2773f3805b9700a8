/**
 * Each game in its own words, in the page's language (text/). Mastermind answers with black and
 * white key pegs, Bulls and Cows with bulls and cows, Hit & Blow with hits and blows, Numer0n
 * with EAT and BITE; Mastermind has pegs of colours, Bulls and Cows digits. The page says
 * everything about a game through `termsFor`, so a preset never reads in another's words
 * ("4 pegs, 10 colours" for four digits).
 *
 * The core's own words (hits, blows, `2H1B`) stay in data attributes and typed answers, which
 * every game accepts.
 */
import type { Game } from '../src/game.js';
import { type Rules, feedbackOf, presetOf } from '../src/rules.js';
import type { Turn } from '../src/strategy.js';
import type { Problem } from './play.js';
import { symbolStyle } from './settings.js';
import type { AnswerRule, GameWords, Text } from './text/index.js';

/** How a game names its parts and its answers. */
export interface Terms extends GameWords {
  /** The game's name: a preset's title, or "Custom game". */
  readonly title: string;
  /** Answers are the hits alone (black-peg Mastermind): no blows. */
  readonly hitsOnly: boolean;
}

/** The families of the presets that have their own words; the others take their board's. */
const PRESET_FAMILIES: Readonly<Record<string, keyof Text['terms']>> = {
  mastermind: 'mastermind',
  'super-mastermind': 'mastermind',
  moo: 'bullsAndCows',
  'hit-and-blow': 'hitAndBlow',
  numeron: 'numeron',
};

/** The words of a game: its preset's, or for other rules those of the family its board is. */
export function termsFor(t: Text, rules: Rules): Terms {
  const preset = presetOf(rules);
  const title = preset ? t.games[preset] : t.games.custom;
  const family =
    (preset && PRESET_FAMILIES[preset]) ??
    (symbolStyle(rules) === 'pegs' ? (rules.repeat ? 'mastermind' : 'hitAndBlow') : 'custom');
  return { title, ...t.terms[family], hitsOnly: feedbackOf(rules) === 'black' };
}

/** An answer in the game's words: "2 black pegs, 1 white peg", "1 bull, 0 cows". */
export function answerWords(t: Text, terms: Terms, hits: number, blows: number): string {
  return t.shape.answer(
    t.count(hits, terms.hit),
    terms.hitsOnly ? undefined : t.count(blows, terms.blow),
  );
}

/** The shape of a game in its words: "4 pegs, 6 colours, colours may repeat". */
export function shapeWords(t: Text, rules: Rules, terms = termsFor(t, rules)): string {
  const { pegs, colors, repeat } = rules;
  const alphabet = [...rules.alphabet];
  if (terms.digits) return t.shape.digits(pegs, terms, alphabet[0], alphabet.at(-1)!, repeat);
  return t.shape.pegs(pegs, colors, terms, repeat);
}

/** What a game's answers count, in its words: for the rules of the play views. */
export function answerRule(t: Text, rules: Rules, terms = termsFor(t, rules)): AnswerRule {
  return {
    shape: shapeWords(t, rules, terms),
    hit: terms.hit[1],
    hitMeans: terms.hitMeans,
    blow: terms.hitsOnly ? undefined : terms.blow[1],
    blowMeans: terms.blowMeans,
  };
}

/** The game in one line: "Bulls and Cows: 4 digits from 0 to 9, all different". */
export function gameWords(t: Text, rules: Rules): string {
  const terms = termsFor(t, rules);
  const answers = terms.hitsOnly ? t.shape.hitsOnly(terms.hit[1]) : '';
  return `${terms.title}: ${shapeWords(t, rules, terms)}${answers}`;
}

/** A problem with what the player did (play.ts), in the game's words. */
export function problemWords(
  t: Text,
  problem: Problem,
  game: Game,
  terms: Terms,
  turns: readonly Turn[],
): string {
  const code = (index: number) => game.codes.make(index);
  const answer = (index: number) => {
    const { hits, blows } = game.answerOf(index);
    return answerWords(t, terms, hits, blows);
  };
  const blowMany = terms.hitsOnly ? undefined : terms.blow[1];
  switch (problem.kind) {
    case 'cannot-occur':
      return t.problems.cannotOccur(
        answerWords(t, terms, problem.hits, problem.blows),
        game.pegs,
        terms.position,
      );
    case 'conflict': {
      const { conflict } = problem;
      if (conflict.turn === 0) {
        return t.problems.impossible(answer(conflict.answer), code(conflict.guess));
      }
      const earlier = turns[conflict.turn - 1];
      return t.problems.contradicts(
        answer(conflict.answer),
        code(conflict.guess),
        answer(earlier.answer),
        code(earlier.guess),
        conflict.turn,
        conflict.alone,
      );
    }
    case 'unreadable-answer':
      return t.problems.unreadableAnswer(problem.text, terms.hit[1], blowMany);
    case 'unfilled':
      return t.problems.unfilled(problem.empty);
    case 'not-a-code':
      return t.problems.notACode(problem.text, shapeWords(t, game.rules, terms));
  }
}
