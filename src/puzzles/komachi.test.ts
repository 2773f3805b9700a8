import { describe, expect, it } from 'vitest';
import { naiveEvaluate, naiveKomachi } from '../../test/naive-puzzles.js';
import {
  KOMACHI_DEFAULTS,
  type KomachiOperator,
  komachi,
  parseKomachiOperators,
} from './komachi.js';

const ops = (text: string): KomachiOperator[] => parseKomachiOperators(text);
const sorted = (list: string[]): string[] => [...list].sort();

describe('komachi', () => {
  it('finds the seed page’s 11 expressions for 100 with + and -', () => {
    const found = komachi(KOMACHI_DEFAULTS);
    expect(found).toHaveLength(11);
    expect(found).toContain('1+2+3-4+5+6+78+9');
    expect(found).toContain('123-45-67+89');
    expect(sorted(found)).toEqual(sorted(naiveKomachi('123456789', '+-', 100)));
  });

  it('takes the digits in another order', () => {
    const found = komachi({ digits: '987654321', target: 100, operators: ops('+-') });
    expect(found).toContain('98-76+54+3+21');
    expect(sorted(found)).toEqual(sorted(naiveKomachi('987654321', '+-', 100)));
  });

  it.each([
    ['123456', '+-*/', 21],
    ['123456', '+-*/', 1],
    ['1234567', '*/', 5040],
    ['1023', '+-*/', 3],
    ['2468', '-/', 0],
  ])('matches a simple evaluator on %s with %s for %d', (digits, operators, target) => {
    expect(sorted(komachi({ digits, target, operators: ops(operators) }))).toEqual(
      sorted(naiveKomachi(digits, operators, target)),
    );
  });

  it('uses the usual precedence and exact fractions with + - * /', () => {
    const found = komachi({ digits: '123456789', target: 100, operators: ops('+-*/') });
    expect(found).toContain('1+2+3+4+5+6+7+8*9');
    expect(found).toContain('1*2*3*4+5+6+7*8+9');
    expect(found.some((e) => e.includes('/'))).toBe(true);
    for (const expression of found) {
      const [numerator, denominator] = naiveEvaluate(expression) ?? [0n, 0n];
      expect(numerator).toBe(100n * denominator);
    }
    expect(found).toHaveLength(101);
    expect(sorted(found)).toEqual(sorted(naiveKomachi('123456789', '+-*/', 100)));
  });

  it('never writes a number with a leading zero, and skips division by zero', () => {
    expect(komachi({ digits: '105', target: 6, operators: ops('+') })).toEqual(['1+0+5']);
    expect(komachi({ digits: '105', target: 15, operators: ops('+') })).toEqual(['10+5']);
    expect(komachi({ digits: '10', target: 1, operators: ops('/') })).toEqual([]);
  });
});
