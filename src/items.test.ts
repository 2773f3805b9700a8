import { describe, expect, it } from 'vitest';
import { allCandidates } from './candidates.js';
import { gameFor } from './game.js';
import { type ItemAnswer, type ItemQuestion, answerItem, filterByItem } from './items.js';
import { resolveRules } from './rules.js';

const numeron = gameFor(resolveRules({ game: 'numeron' }));
const all = allCandidates(numeron);
const codes = Array.from(all, (code) => numeron.codes.make(code));

/** The item's answer read off the secret's text, digit by digit: the rules as players say them. */
function naiveAnswer(secret: string, question: ItemQuestion): string {
  const digits = [...secret].map(Number);
  if (question.item === 'high-low') return digits.map((d) => (d >= 5 ? 'H' : 'L')).join('');
  if (question.item === 'slash') return String(Math.max(...digits) - Math.min(...digits));
  return String(secret.indexOf(String(question.symbol)));
}

/** The same answer as the engine gives it, in the naive answer's words. */
function said(answer: ItemAnswer): string {
  if (answer.item === 'high-low') return answer.high.map((h) => (h ? 'H' : 'L')).join('');
  if (answer.item === 'slash') return String(answer.spread);
  return String(answer.position ?? -1);
}

const QUESTIONS: ItemQuestion[] = [
  { item: 'high-low' },
  { item: 'slash' },
  ...Array.from({ length: 10 }, (_, symbol) => ({ item: 'target' as const, symbol })),
];

describe("Numer0n's items", () => {
  it('answer as the rules say, and narrow the secrets as a brute-force filter of the codes does', () => {
    for (let secret = 0; secret < all.length; secret += 7) {
      for (const question of QUESTIONS) {
        const answer = answerItem(numeron, secret, question);
        const expected = naiveAnswer(codes[secret], question);
        expect(said(answer)).toBe(expected);
        const kept = Array.from(filterByItem(numeron, all, answer), (code) => codes[code]);
        expect(kept).toEqual(codes.filter((code) => naiveAnswer(code, question) === expected));
      }
    }
  });

  it('HIGH & LOW leaves at most 5 × 5 × 4 = 100 of the 720 codes', () => {
    const sizes = new Map<string, number>();
    for (const code of codes) {
      const key = naiveAnswer(code, { item: 'high-low' });
      sizes.set(key, (sizes.get(key) ?? 0) + 1);
    }
    const largest = Math.max(
      ...[...sizes.keys()].map(
        (key) =>
          filterByItem(numeron, all, {
            item: 'high-low',
            high: [...key].map((c) => c === 'H'),
          }).length,
      ),
    );
    expect(largest).toBe(100);
  });
});
