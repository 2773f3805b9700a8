/**
 * Certificates of a depth (docs/certificates.md, format 1, claim `within-depth`): what
 * `optimal --objective depth --max-depth D --certificate FILE` writes, for a checker that shares
 * no code with the search (src/check/) to verify.
 *
 * A strategy within D is its tree. That none exists is a refutation, made here after the proof by
 * a search of its own that asks the exact search (`OptimalSearch`, settling for the first
 * strategy within the depth) only which class refutes a guess: at each position, the symmetries
 * that map its class onto itself (symmetry.ts's generators, those that rename colours in the
 * whole code), one guess of each orbit they make, and for each either nothing, where a class it
 * leaves is larger than any strategy within the guesses left can solve (the checker's own bound,
 * stated in a line), or the class that has no strategy within them, refuted in turn below. The
 * refutation is written as it is made, one node a line, in the checker's order: a node, then its
 * children in code order, so that the checker's memory is bounded by the depth.
 */
import { classOf, partition } from '../candidates.js';
import type { Game } from '../game.js';
import { rulesJson } from '../rules.js';
import type { Turn } from '../strategy.js';
import { imageTable, orbitRoots, stateSymmetries } from '../symmetry.js';
import type { TreeJson } from '../tree-json.js';
import { OptimalSearch } from './branch-and-bound.js';

/** The certificate format this module writes. */
export const CERTIFICATE_VERSION = 1;

/** The header line's claim. */
export interface DepthClaim {
  readonly kind: 'within-depth';
  readonly depth: number;
  readonly holds: boolean;
}

/** The header line of a certificate of `claim` for `game`. */
function header(game: Game, claim: DepthClaim): string {
  return JSON.stringify({
    format: 'codebreaker-certificate',
    version: CERTIFICATE_VERSION,
    rules: rulesJson(game.rules),
    claim,
  });
}

/**
 * The most secrets a strategy within `guesses` guesses can find: N(0) = 0, N(d) = 1 + A·N(d − 1),
 * A the answers other than the winning one a guess can get (docs/certificates.md).
 */
export function mostWithin(game: Game, guesses: number): number {
  const others = game.answers - (game.feedback === 'black' ? 1 : 2);
  let most = 0;
  for (let d = 0; d < guesses; d++) most = 1 + others * most;
  return most;
}

/** `answer` as certificates write it: `{hits}H{blows}B`. */
function answerText(game: Game, answer: number): string {
  const { hits, blows } = game.answerOf(answer);
  return `${hits}H${blows}B`;
}

/** The certificate that `tree`, a strategy within `depth` guesses, holds: two lines. */
export function* treeCertificate(game: Game, depth: number, tree: TreeJson): Generator<string> {
  yield header(game, { kind: 'within-depth', depth, holds: true });
  yield JSON.stringify({ tree: tree.root });
}

/**
 * The certificate that no strategy finds every secret of `game` within `depth` guesses, line by
 * line as it is made. Throws if a position it is asked about has a strategy after all (the proof
 * it certifies was wrong): a certificate is never written of what is not so.
 */
export function* refutationCertificate(game: Game, depth: number): Generator<string> {
  yield header(game, { kind: 'within-depth', depth, holds: false });
  const search = new OptimalSearch(game, { firstFound: true, lookahead: false, earlyCount: true });
  const unsolvable = (members: Int32Array, turns: readonly Turn[], guesses: number): boolean =>
    search.solve(
      members,
      turns.map((turn) => turn.guess),
      guesses,
    ).guess < 0;
  const all = new Int32Array(game.size);
  for (let code = 0; code < game.size; code++) all[code] = code;
  if (!unsolvable(all, [], depth)) {
    throw new Error(`a strategy finds every secret within ${depth} guesses: nothing to refute`);
  }
  yield* refute(game, all, [], depth, unsolvable);
}

/** The node of the class `members` after `turns`, with `left` guesses, and then its children. */
function* refute(
  game: Game,
  members: Int32Array,
  turns: readonly Turn[],
  left: number,
  unsolvable: (members: Int32Array, turns: readonly Turn[], guesses: number) => boolean,
): Generator<string> {
  const solved = game.answers - 1;
  const most = mostWithin(game, left - 1);
  const symmetries = stateSymmetries(game, turns, members).filter((one) => !one.colorsAt);
  const roots = orbitRoots(
    game,
    symmetries.map((one) => imageTable(game, one)),
  );
  // Pairs, not an object: an object lists keys that read as whole numbers ("1032") first,
  // and the format wants them in code order.
  const refuted: string[] = [];
  const children: { turn: Turn; members: Int32Array }[] = [];
  for (const guess of roots) {
    const split = partition(game, guess, members);
    const classes: { answer: number; size: number }[] = [];
    let byBound = false;
    for (let answer = 0; answer < game.answers; answer++) {
      const size = split.start[answer + 1] - split.start[answer];
      if (answer === solved || size === 0) continue;
      if (size > most) byBound = true;
      classes.push({ answer, size });
    }
    if (byBound) continue;
    // The largest first: the likeliest to have no strategy.
    classes.sort((a, b) => b.size - a.size || a.answer - b.answer);
    const refuting = classes.find(({ answer }) =>
      unsolvable(classOf(split, answer), [...turns, { guess, answer }], left - 1),
    );
    if (!refuting) {
      throw new Error(
        `the guess ${game.codes.make(guess)} after ${turnsText(game, turns)} is not refuted within ${left}: the proof certified was wrong`,
      );
    }
    const turn = { guess, answer: refuting.answer };
    refuted.push(
      `${JSON.stringify(game.codes.make(guess))}:${JSON.stringify(answerText(game, refuting.answer))}`,
    );
    children.push({ turn, members: Int32Array.from(classOf(split, refuting.answer)) });
  }
  const node = JSON.stringify({
    at: turns.map((turn) => [game.codes.make(turn.guess), answerText(game, turn.answer)]),
    left,
    ...(symmetries.length > 0
      ? {
          symmetries: symmetries.map((one) => ({
            places: Array.from(one.positions),
            colours: Array.from(one.colors),
          })),
        }
      : {}),
  });
  yield `${node.slice(0, -1)},"refuted":{${refuted.join(',')}}}`;
  for (const child of children) {
    yield* refute(game, child.members, [...turns, child.turn], left - 1, unsolvable);
  }
}

/** "[] " or "1123 0H1B, 3456 1H2B", for messages. */
function turnsText(game: Game, turns: readonly Turn[]): string {
  if (turns.length === 0) return 'no guess';
  return turns
    .map((turn) => `${game.codes.make(turn.guess)} ${answerText(game, turn.answer)}`)
    .join(', ');
}
