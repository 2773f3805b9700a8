/**
 * Deliberately simple second implementations, written from the definitions, that the fast core
 * is checked against. Nothing here shares code with src/.
 */

/** Every code of the rules as strings, in lexicographic order over the alphabet, by brute force. */
export function naiveCodes(pegs: number, alphabet: string, repeat: boolean): string[] {
  let codes = [''];
  for (let i = 0; i < pegs; i++) {
    const longer: string[] = [];
    for (const prefix of codes) {
      for (const symbol of alphabet) {
        if (!repeat && prefix.includes(symbol)) continue;
        longer.push(prefix + symbol);
      }
    }
    codes = longer;
  }
  return codes;
}

/**
 * Hits and blows by counting, as a player pairs pegs: each symbol of the secret takes an equal
 * symbol of the guess not taken yet, so the pairs are the hits and blows together (the thesis's
 * sum over the symbols of the lesser of their two counts), and the hits are those in place.
 */
export function naiveScore(secret: string, guess: string): [number, number] {
  let hits = 0;
  for (let i = 0; i < secret.length; i++) if (secret[i] === guess[i]) hits++;
  let pairs = 0;
  const untaken = [...guess];
  for (const symbol of secret) {
    const at = untaken.indexOf(symbol);
    if (at < 0) continue;
    pairs++;
    untaken.splice(at, 1);
  }
  return [hits, pairs - hits];
}

/** Black pegs alone (black-peg Mastermind): the positions where secret and guess agree. */
export function naiveHits(secret: string, guess: string): number {
  let hits = 0;
  for (let i = 0; i < secret.length; i++) if (secret[i] === guess[i]) hits++;
  return hits;
}

/** How a naive player answers a guess: hits and blows as `2-1`, or with black pegs only `2`. */
export type NaiveAnswer = (secret: string, guess: string) => string;

/** Hits and blows, `2-1`. */
export const naiveFullAnswer: NaiveAnswer = (secret, guess) => naiveScore(secret, guess).join('-');

/** The hits alone, `2`. */
export const naiveBlackAnswer: NaiveAnswer = (secret, guess) => String(naiveHits(secret, guess));

/** `answerOf`, remembering each pair's answer (for the searches that ask for it again and again). */
export function remembered(answerOf: NaiveAnswer): NaiveAnswer {
  const known = new Map<string, string>();
  return (secret, guess) => {
    const key = `${secret} ${guess}`;
    let answer = known.get(key);
    if (answer === undefined) {
      answer = answerOf(secret, guess);
      known.set(key, answer);
    }
    return answer;
  };
}

/** Whether the guesses give every code its own row of answers, scored by counting. */
export function naiveIdentifies(
  codes: string[],
  guesses: string[],
  answerOf: NaiveAnswer = naiveFullAnswer,
): boolean {
  const rows = new Set(codes.map((secret) => guesses.map((g) => answerOf(secret, g)).join('|')));
  return rows.size === codes.length;
}

/**
 * The seed pages' generate-and-test player: for each guess, scan every code in order and take
 * the first one consistent with every earlier answer. Returns the guesses played.
 */
export function naiveFirstConsistent(
  codes: string[],
  secret: string,
  answerOf: NaiveAnswer = naiveFullAnswer,
): string[] {
  const guesses: string[] = [];
  const answers: string[] = [];
  for (;;) {
    const guess = codes.find((code) => guesses.every((g, i) => answerOf(code, g) === answers[i]));
    if (guess === undefined) throw new Error('no consistent code');
    guesses.push(guess);
    answers.push(answerOf(secret, guess));
    if (guess === secret) return guesses;
  }
}

/**
 * A plain exhaustive solver: the least (total, max) over every guess at every set of secrets,
 * memoised on the set, within `depth` guesses; no bounds, no symmetry, nothing clever. Undefined
 * when no strategy keeps to `depth`.
 */
export function naiveOptimal(
  codes: string[],
  depth: number,
  consistentOnly: boolean,
  answerOf: NaiveAnswer = naiveFullAnswer,
): [number, number] | undefined {
  const best = naiveSearch(codes, depth, consistentOnly, answerOf, false);
  return best && [best[1], best[2]];
}

/**
 * The same for the crush objective: within `depth` guesses, the fewest secrets that need all of
 * them, then the least total. Returns [secrets at the last guess, total].
 */
export function naiveCrush(
  codes: string[],
  depth: number,
  consistentOnly: boolean,
  answerOf: NaiveAnswer = naiveFullAnswer,
): [number, number] | undefined {
  const best = naiveSearch(codes, depth, consistentOnly, answerOf, true);
  return best && [best[0], best[1]];
}

/**
 * The least (secrets at the last guess if `crush`, else 0; total; max), compared in that order;
 * `counted` answers each pair, once.
 */
function naiveSearch(
  codes: string[],
  depth: number,
  consistentOnly: boolean,
  counted: NaiveAnswer,
  crush: boolean,
): [number, number, number] | undefined {
  type Cost = [number, number, number];
  const answerOf = remembered(counted);
  const solved = answerOf(codes[0], codes[0]);
  const memo = new Map<string, Cost | undefined>();
  const better = (a: Cost, b: Cost): boolean =>
    a[0] !== b[0] ? a[0] < b[0] : a[1] !== b[1] ? a[1] < b[1] : a[2] < b[2];
  const solve = (secrets: string[], left: number): Cost | undefined => {
    if (left <= 0) return undefined;
    if (secrets.length === 1) return [crush && left === 1 ? 1 : 0, 1, 1];
    // Every guess tried leaves classes smaller than `secrets` (a guess that splits nothing is
    // skipped), so a budget above |secrets| + 1 never runs out nor reaches its last guess: such
    // budgets all give the same answer, and share one entry.
    const key = `${Math.min(left, secrets.length + 1)}:${secrets.join(',')}`;
    if (memo.has(key)) return memo.get(key);
    let best: Cost | undefined;
    for (const guess of consistentOnly ? secrets : codes) {
      const classes = new Map<string, string[]>();
      for (const s of secrets) {
        const answer = answerOf(s, guess);
        classes.set(answer, [...(classes.get(answer) ?? []), s]);
      }
      if (classes.size === 1 && !secrets.includes(guess)) continue;
      // The guess itself, if it is the secret, is found now: at the last guess if left is 1.
      const cost: Cost = [
        crush && left === 1 && secrets.includes(guess) ? 1 : 0,
        secrets.length,
        1,
      ];
      let feasible = true;
      for (const [answer, members] of classes) {
        if (answer === solved) continue;
        const sub = solve(members, left - 1);
        if (!sub) {
          feasible = false;
          break;
        }
        cost[0] += sub[0];
        cost[1] += sub[1];
        cost[2] = Math.max(cost[2], sub[2] + 1);
      }
      if (feasible && (!best || better(cost, best))) best = cost;
    }
    memo.set(key, best);
    return best;
  };
  return solve(codes, depth);
}

/**
 * The least worst case by `naiveOptimal` (the fewest guesses that always suffice), with the least
 * (total, max) at it.
 */
export function naiveLeastWorstCase(
  codes: string[],
  answerOf: NaiveAnswer = naiveFullAnswer,
): [depth: number, total: number, max: number] {
  for (let depth = 1; ; depth++) {
    const found = naiveOptimal(codes, depth, false, answerOf);
    if (found) return [depth, ...found];
  }
}

/**
 * The counting bound on the total of any strategy for `secrets` secrets, from its definition:
 * guess d solves at most (P − 1)^(d − 1) of them, P the answers that can occur; fill depths
 * 1, 2, 3, … in order.
 */
export function countingBound(secrets: number, answers: number): number {
  let total = 0;
  let left = secrets;
  for (let depth = 1, room = 1; left > 0; depth++, room *= answers - 1) {
    total += depth * Math.min(left, room);
    left -= Math.min(left, room);
  }
  return total;
}

/**
 * The counting bound when a guess's answers are of two kinds. With hits and blows, the secrets
 * whose hits + blows is the number of pegs have the guess's colours, and every later guess gets
 * one same sum from all of them, so at most `narrowWidth` answers; besides all hits, a guess gets
 * at most `wide` answers of the other kind and `narrow` of this one. Fill depths 1, 2, 3, … with
 * as many guesses as each can have.
 */
export function typedCountingBound(
  secrets: number,
  wide: number,
  narrow: number,
  narrowWidth: number,
): number {
  let total = 0;
  let left = secrets;
  let wideGuesses = 1;
  let narrowGuesses = 0;
  for (let depth = 1; left > 0; depth++) {
    const solved = Math.min(left, wideGuesses + narrowGuesses);
    total += depth * solved;
    left -= solved;
    narrowGuesses = wideGuesses * narrow + narrowGuesses * narrowWidth;
    wideGuesses *= wide;
  }
  return total;
}

/** The answers that can occur with `pegs` pegs and repetition: h + b ≤ pegs, but not (pegs − 1, 1). */
export function answersWithRepetition(pegs: number): number {
  return ((pegs + 1) * (pegs + 2)) / 2 - 1;
}

/**
 * A lower bound one level down: the least over the first guesses `firsts` of the number of
 * secrets plus the bounds of the classes each guess makes (the all-hits class aside), by
 * `classBound` from a class's size and its answer's hits and blows.
 */
export function oneLevelBound(
  codes: string[],
  firsts: string[],
  classBound: (size: number, hits: number, blows: number) => number,
): number {
  let least = Number.POSITIVE_INFINITY;
  for (const first of firsts) {
    const sizes = new Map<string, number>();
    for (const secret of codes) {
      const answer = naiveScore(secret, first).join('-');
      if (answer !== `${first.length}-0`) sizes.set(answer, (sizes.get(answer) ?? 0) + 1);
    }
    let bound = codes.length;
    for (const [answer, size] of sizes) {
      const [hits, blows] = answer.split('-').map(Number);
      bound += classBound(size, hits, blows);
    }
    least = Math.min(least, bound);
  }
  return least;
}

/** A small seeded generator for repeatable random tests (mulberry32). */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * For each code of `codes` played first at the secrets `secrets`, the total guesses they then
 * need with the least total after it (the guess counted for every secret): a plain memoised
 * recursion over every guess, nothing clever. Infinity for a guess that tells nothing.
 */
export function naiveTotalsAfter(
  codes: string[],
  secrets: string[],
  answerOf: NaiveAnswer = naiveFullAnswer,
): Map<string, number> {
  const solved = answerOf(codes[0], codes[0]);
  const memo = new Map<string, number>();
  const after = (set: string[], guess: string): number => {
    const classes = new Map<string, string[]>();
    for (const secret of set) {
      const answer = answerOf(secret, guess);
      classes.set(answer, [...(classes.get(answer) ?? []), secret]);
    }
    if (classes.size === 1 && !set.includes(guess)) return Number.POSITIVE_INFINITY;
    let total = set.length;
    for (const [answer, members] of classes) if (answer !== solved) total += least(members);
    return total;
  };
  const least = (set: string[]): number => {
    if (set.length === 1) return 1;
    const key = set.join(',');
    const known = memo.get(key);
    if (known !== undefined) return known;
    let best = Number.POSITIVE_INFINITY;
    for (const guess of codes) best = Math.min(best, after(set, guess));
    memo.set(key, best);
    return best;
  };
  return new Map(codes.map((guess) => [guess, after(secrets, guess)]));
}
