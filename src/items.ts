/**
 * Numer0n's attack items, as what they tell of the secret. Each item asks the codemaker a
 * question whose answer narrows the secrets still possible exactly as an answer to a guess
 * does, so an item's answer is a constraint on candidates beside the hits and blows:
 *
 * - HIGH & LOW: position by position, whether the secret's symbol is LOW or HIGH, the lower or
 *   upper half of the alphabet (Numer0n: 0–4 and 5–9);
 * - TARGET: whether one symbol is in the secret and, if so, at which position;
 * - SLASH: the difference between the secret's largest and smallest symbol.
 *
 * Symbols are compared by their index in the alphabet, which for Numer0n's digits is the digit.
 * The defence items (SHUFFLE, CHANGE) change the secret rather than tell of it, and DOUBLE is a
 * second guess: they need no constraint of their own.
 */
import type { Game } from './game.js';

/** The attack items, as `as const` names. */
export const ITEM_NAMES = ['high-low', 'target', 'slash'] as const;

/** An attack item's name. */
export type ItemName = (typeof ITEM_NAMES)[number];

/** What an item's answer says of the secret. */
export type ItemAnswer =
  /** HIGH & LOW: for each position, whether its symbol is in the upper half of the alphabet. */
  | { readonly item: 'high-low'; readonly high: readonly boolean[] }
  /** TARGET: where symbol `symbol` is in the secret, or null if it is not in it. */
  | { readonly item: 'target'; readonly symbol: number; readonly position: number | null }
  /** SLASH: the secret's largest symbol index minus its smallest. */
  | { readonly item: 'slash'; readonly spread: number };

/** What an item asks: TARGET names its symbol. */
export type ItemQuestion =
  | { readonly item: 'high-low' }
  | { readonly item: 'target'; readonly symbol: number }
  | { readonly item: 'slash' };

/** Whether symbol index `symbol` is HIGH in `game`: in the upper half of its alphabet. */
export function isHigh(game: Game, symbol: number): boolean {
  return symbol >= Math.ceil(game.rules.colors / 2);
}

/** The largest symbol index of `symbols` minus the smallest. */
function spreadOf(symbols: ArrayLike<number>): number {
  let low = symbols[0];
  let high = symbols[0];
  for (let i = 1; i < symbols.length; i++) {
    low = Math.min(low, symbols[i]);
    high = Math.max(high, symbols[i]);
  }
  return high - low;
}

/** Where symbol `symbol` is in `symbols`, or null if it is not there. */
function positionOf(symbols: Uint8Array, symbol: number): number | null {
  const at = symbols.indexOf(symbol);
  return at < 0 ? null : at;
}

/** The answer the codemaker gives to `question` about `secret`. */
export function answerItem(game: Game, secret: number, question: ItemQuestion): ItemAnswer {
  const symbols = game.codes.symbolsOf(secret);
  switch (question.item) {
    case 'high-low':
      return { item: 'high-low', high: Array.from(symbols, (symbol) => isHigh(game, symbol)) };
    case 'target':
      return {
        item: 'target',
        symbol: question.symbol,
        position: positionOf(symbols, question.symbol),
      };
    case 'slash':
      return { item: 'slash', spread: spreadOf(symbols) };
  }
}

/** Whether `secret` gives `answer` to its item's question. */
export function fitsItem(game: Game, secret: number, answer: ItemAnswer): boolean {
  const symbols = game.codes.symbolsOf(secret);
  switch (answer.item) {
    case 'high-low':
      return (
        answer.high.length === symbols.length &&
        answer.high.every((high, i) => high === isHigh(game, symbols[i]))
      );
    case 'target':
      return positionOf(symbols, answer.symbol) === answer.position;
    case 'slash':
      return spreadOf(symbols) === answer.spread;
  }
}

/** The candidates that give `answer` to its item's question, in code order. */
export function filterByItem(game: Game, candidates: Int32Array, answer: ItemAnswer): Int32Array {
  const kept = new Int32Array(candidates.length);
  let count = 0;
  for (const candidate of candidates)
    if (fitsItem(game, candidate, answer)) kept[count++] = candidate;
  return kept.slice(0, count);
}
