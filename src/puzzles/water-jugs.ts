/**
 * Water jugs: jugs without markings, a tap and a drain; measure a target amount in any jug in as
 * few moves as possible. A move fills a jug from the tap, empties one down the drain, or pours
 * one into another until the first is empty or the second is full. The seed page's instance is
 * jugs of 8 and 5 litres and a target of 4: 10 moves.
 *
 * Breadth-first search over the states (the contents of every jug), numbered in mixed radix so
 * that a move is arithmetic on the number and the parent links are flat typed arrays; the first state found with
 * the target in a jug ends a shortest sequence, read back through the parents. When the queue
 * runs dry first, no sequence of moves reaches the target.
 */
import { CodebreakerError, quoteInput } from '../errors.js';
import { readWholeNumber } from '../numbers.js';

/** The most jugs. */
export const MAX_JUGS = 8;
/** The most states searched (the product of capacity + 1 over the jugs). */
export const MAX_JUG_STATES = 1 << 24;

/** A move: fill jug `jug`, empty it, or pour jug `from` into jug `to` (jugs numbered from 0). */
export type JugMove =
  | { readonly kind: 'fill'; readonly jug: number }
  | { readonly kind: 'empty'; readonly jug: number }
  | { readonly kind: 'pour'; readonly from: number; readonly to: number };

/** A water-jugs problem: capacities and the amount wanted in any one jug. */
export interface JugsProblem {
  /** How much each jug holds. */
  readonly capacities: readonly number[];
  /** The amount wanted in any one jug. */
  readonly target: number;
}

/** A shortest solution: the states from all jugs empty to the target, and the move before each. */
export interface JugsSolution {
  /** The contents of the jugs, from all empty to the target. */
  readonly states: readonly (readonly number[])[];
  /** `moves[i]` leads from `states[i]` to `states[i + 1]`. */
  readonly moves: readonly JugMove[];
}

/** Reads `--jugs`: capacities such as `8,5`. */
export function parseJugCapacities(text: string): number[] {
  const parts = text.split(',');
  if (
    parts.length > MAX_JUGS ||
    parts.some((part) => !/^\d{1,9}$/.test(part.trim()) || Number(part) < 1)
  ) {
    throw new CodebreakerError(
      'bad-option',
      `--jugs must be 1 to ${MAX_JUGS} capacities, whole numbers from 1, separated by commas, not ${quoteInput(text)}`,
    );
  }
  return parts.map(Number);
}

/** Reads `--target`: a whole number of at least 1. */
export function parseJugTarget(text: string): number {
  return readWholeNumber(text, '--target', { min: 1 });
}

/** Every move in the order the search tries them: fills, empties, then pours. */
function jugMoves(jugs: number): JugMove[] {
  const moves: JugMove[] = [];
  for (let jug = 0; jug < jugs; jug++) moves.push({ kind: 'fill', jug });
  for (let jug = 0; jug < jugs; jug++) moves.push({ kind: 'empty', jug });
  for (let from = 0; from < jugs; from++) {
    for (let to = 0; to < jugs; to++) if (from !== to) moves.push({ kind: 'pour', from, to });
  }
  return moves;
}

/** A shortest way to get the target into some jug, or undefined when there is none. */
export function waterJugs(problem: JugsProblem): JugsSolution | undefined {
  const { capacities, target } = problem;
  const jugs = capacities.length;
  if (jugs === 0) throw new CodebreakerError('bad-option', 'water jugs need at least one jug');
  const place = capacities.map((_, i) =>
    capacities.slice(0, i).reduce((product, capacity) => product * (capacity + 1), 1),
  );
  const states = place[jugs - 1] * (capacities[jugs - 1] + 1);
  if (states > MAX_JUG_STATES) {
    throw new CodebreakerError(
      'too-large',
      `jugs ${capacities.join(',')} have ${states} states; codebreaker searches at most ${MAX_JUG_STATES}`,
    );
  }
  const decode = (index: number): number[] =>
    capacities.map((capacity, i) => Math.floor(index / place[i]) % (capacity + 1));
  const moves = jugMoves(jugs);
  const parent = new Int32Array(states).fill(-1);
  const via = new Uint16Array(states);
  const queue = new Int32Array(states);
  const contents = new Int32Array(jugs);
  parent[0] = 0;
  let head = 0;
  let tail = 0;
  queue[tail++] = 0;
  while (head < tail) {
    const index = queue[head++];
    let found = false;
    for (let i = 0; i < jugs; i++) {
      contents[i] = Math.floor(index / place[i]) % (capacities[i] + 1);
      if (contents[i] === target) found = true;
    }
    if (found) {
      const path = [index];
      while (path[0] !== 0) path.unshift(parent[path[0]]);
      return { states: path.map(decode), moves: path.slice(1).map((i) => moves[via[i]]) };
    }
    for (let m = 0; m < moves.length; m++) {
      const move = moves[m];
      let next = index;
      if (move.kind === 'fill')
        next += (capacities[move.jug] - contents[move.jug]) * place[move.jug];
      else if (move.kind === 'empty') next -= contents[move.jug] * place[move.jug];
      else {
        const amount = Math.min(contents[move.from], capacities[move.to] - contents[move.to]);
        next += amount * (place[move.to] - place[move.from]);
      }
      if (parent[next] >= 0) continue;
      parent[next] = index;
      via[next] = m;
      queue[tail++] = next;
    }
  }
  return undefined;
}

/** A move in words, jugs numbered from 1: `fill 2`, `empty 1`, `pour 2 into 1`. */
export function describeJugMove(move: JugMove): string {
  if (move.kind === 'pour') return `pour ${move.from + 1} into ${move.to + 1}`;
  return `${move.kind} ${move.jug + 1}`;
}
