/** A deliberately simple check shared by the web tests: which codes fit the answers so far. */
import { naiveScore } from '../naive.js';

/** The codes consistent with every (guess, "hits-blows") so far, by brute force. */
export function naiveConsistent(codes: string[], turns: [string, string][]): string[] {
  return codes.filter((code) =>
    turns.every(([guess, answer]) => naiveScore(code, guess).join('-') === answer),
  );
}
