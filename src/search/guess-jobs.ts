import { costMax, costTotal, packCost } from './cost.js';
/**
 * A guess evaluated with its classes solved as jobs (search/class-jobs.ts): the first guess of
 * a proof (search/proof.ts), and a guess at a class large enough that one job for it would take
 * long (`SPLITTING`), so that a run stopped in the middle keeps what its classes found.
 */
import type { ClassSolver, ClassTask, ProofParts } from './job-parts.js';
import { packChildren } from './proof-result.js';
import type { Solved } from './proof-types.js';

/** A job's limit when it has none. */
const UNBOUNDED = Number.POSITIVE_INFINITY;

/** A guess to evaluate at a class, each of its classes solved as a class task. */
export interface GuessTask {
  /** The class's secrets. */
  readonly members: Int32Array;
  /** The guesses that lead to the class. */
  readonly history: readonly number[];
  readonly guess: number;
  /** The guesses left to solve the class in, this one included. */
  readonly depth: number;
  /** The guess's name; its classes are named `key:answer`. */
  readonly key: string;
  /** Its place in the queue's order: see `ClassTask`. */
  readonly order: number;
  readonly span: number;
  /** Whether its classes count in the proof's work. */
  readonly work: boolean;
  /**
   * Whether its classes are solved one after another, each within what those before it left, as
   * the search of one job solves them, rather than all at once. Below the first guess, all at
   * once (each class within what its siblings' bounds left it) took 4 × 9's proof 730,244 nodes,
   * one job per guess 334,664, and one after another 293,607 (in-process on two).
   */
  readonly oneByOne: boolean;
  /** The size its classes' jobs are queued as, if not their own (see `ClassTask`). */
  readonly size?: number;
  /**
   * The packed cost its strategy must stay under, read as its classes start (it only falls);
   * null once it is not needed.
   */
  readonly limit: () => number | null;
}

/**
 * Evaluates `task`'s guess at its class, each of the classes it leaves solved as a class task
 * within what the limit leaves it once the others are counted at their bounds, so that the
 * guess is refuted as soon as one class cannot fit. `done` hears its cost and tree if below
 * the limit, otherwise a lower bound at or above the limit, or null if it is no longer needed.
 * Returns the guess's lower bound as it stands (a total), to report; undefined if the planner
 * settled it at once.
 */
export function evaluateGuess(
  proof: ProofParts,
  classes: ClassSolver,
  task: GuessTask,
  done: (solved: Solved | null) => void,
): (() => number) | undefined {
  const { members, guess, depth, key, order, span, work, limit } = task;
  const { counts } = proof;
  const start = limit();
  if (start === null) {
    done(null);
    return undefined;
  }
  const plan = proof.plan((planner) =>
    planner.planGuess(members, task.history, guess, depth, start),
  );
  if (typeof plan === 'number') {
    done({ cost: plan });
    return undefined;
  }
  let total = plan.total;
  let deepest = plan.deepest;
  let refuted = false;
  let needed = true;
  const history = [...task.history, guess];
  const share = span / plan.open.length;
  /** The class tasks of the open classes, in the plan's order. */
  const tasks = plan.open.map(
    ({ answer, members: secrets }, index): ClassTask => ({
      members: secrets,
      history,
      depth: depth - 1,
      key: `${key}:${answer}`,
      order: order + share * index,
      span: share,
      size: task.size,
      work,
      budget: () => budget(answer),
    }),
  );
  const lower = new Map<number, number>();
  plan.open.forEach(({ answer, members: secrets, lower: bound }, index) => {
    // A bound an earlier run proved, if higher, counts from the start.
    lower.set(answer, classes.recordedBound(tasks[index], bound));
    counts.jobsKnown++;
    if (work) counts.workKnown += secrets.length;
  });
  /** The lower bounds, as they stand, of the classes solved one job per guess. */
  const rising = new Map<number, () => number>();
  const current = (answer: number): number =>
    Math.max(lower.get(answer)!, rising.get(answer)?.() ?? 0);
  const pending = (except: number): number => {
    let sum = 0;
    for (const answer of lower.keys()) if (answer !== except) sum += current(answer);
    return sum;
  };
  // A class's budget: what the limit leaves once the others are counted at their bounds.
  const budget = (answer: number): number | null => {
    if (refuted || !needed) return null;
    const now = limit();
    if (now === null) {
      needed = false;
      return null;
    }
    if (now === UNBOUNDED) return now;
    // Below the limit means a total at most the limit's (a packed cost's worst case is ≥ 1).
    const allowed = costTotal(now - 1) - total - pending(answer);
    if (allowed < current(answer)) {
      refuted = true;
      return null;
    }
    return packCost(allowed + 1, 0);
  };
  const children = new Map<number, { members: Int32Array; solved: Solved }>();
  let open = plan.open.length;
  const finish = (): void => {
    const now = needed ? limit() : null;
    if (now === null) {
      done(null);
      return;
    }
    if (refuted) {
      done({ cost: packCost(total + pending(-1), 0) });
      return;
    }
    const cost = packCost(total, deepest);
    if (cost >= now) {
      done({ cost });
      return;
    }
    const trees = new Map<number, readonly number[]>();
    proof.plan((planner) => {
      for (const { answer, members: secrets } of plan.settled) {
        trees.set(answer, planner.packedTree(secrets, history, depth - 1));
      }
      for (const [answer, { members: secrets, solved }] of children) {
        trees.set(
          answer,
          solved.tree ?? planner.packedTree(secrets, history, depth - 1, solved.first),
        );
      }
    });
    done({ cost, first: guess, tree: packChildren(guess, trees) });
  };
  if (open === 0) {
    finish();
    return () => total;
  }
  const solveClass = (index: number, then: () => void): void => {
    const { answer, members: secrets } = plan.open[index];
    const solved = (result: Solved | null): void => {
      // What its guesses had shown by the end still bounds it: the budgets of its siblings were
      // worked out from it, so a refutation that rests on it keeps it.
      lower.set(answer, current(answer));
      rising.delete(answer);
      if (result?.first === undefined) {
        refuted = true;
        if (result) lower.set(answer, Math.max(lower.get(answer)!, costTotal(result.cost)));
      } else {
        lower.delete(answer);
        children.set(answer, { members: secrets, solved: result });
        total += costTotal(result.cost);
        deepest = Math.max(deepest, costMax(result.cost) + 1);
      }
      then();
    };
    const rises = classes.solve(tasks[index], solved);
    if (rises && lower.has(answer)) rising.set(answer, rises);
  };
  if (task.oneByOne) {
    // In the order the plan gives, each class within what those before it left.
    const from = (index: number): void => {
      if (index === plan.open.length || refuted) finish();
      else solveClass(index, () => from(index + 1));
    };
    from(0);
  } else {
    // Every class is asked of the checkpoint before any job starts, within the bounds they leave.
    proof.queue.batch(() =>
      plan.open.forEach((_, index) => solveClass(index, () => --open === 0 && finish())),
    );
  }
  return () => total + pending(-1);
}
