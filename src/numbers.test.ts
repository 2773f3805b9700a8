import { describe, expect, it } from 'vitest';
import { groupThousands } from './numbers.js';

describe('groupThousands', () => {
  it('matches the en-US locale on whole numbers', () => {
    for (const n of [0, 7, 999, 1000, 26274, 1234567, 16777216, 999999999999, -4096]) {
      expect(groupThousands(n)).toBe(n.toLocaleString('en-US'));
    }
  });
});
