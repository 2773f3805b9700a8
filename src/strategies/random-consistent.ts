/**
 * Guess a uniformly random code among those still consistent.
 *
 * The random choice at each step is drawn from a generator seeded by the seed *and the turns so
 * far*, not from one running stream. So a seed fixes one strategy, a single decision tree: the
 * game `solve` plays for a secret is exactly the one `analyze` counts for it.
 */
import type { GameState, Strategy } from '../strategy.js';

/** Mixes a 32-bit value into a hash state (the finaliser of MurmurHash3). */
function mix(hash: number, value: number): number {
  let h = Math.imul(hash ^ value, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** Guesses a random consistent code, the same one whenever seed and turns are the same. */
export function randomConsistent(seed: number): Strategy {
  return {
    name: 'random-consistent',
    choose(state: GameState): number {
      let hash = mix(0x9e3779b9, seed >>> 0);
      hash = mix(hash, Math.floor(seed / 2 ** 32));
      for (const turn of state.history) hash = mix(mix(hash, turn.guess), turn.answer);
      const high = mix(hash, 1) >>> 5;
      const low = mix(hash, 2) >>> 6;
      const uniform = (high * 2 ** 26 + low) / 2 ** 53;
      return state.candidates[Math.floor(uniform * state.candidates.length)];
    },
  };
}
