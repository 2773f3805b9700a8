import type { Outcome } from './versus.js';
/**
 * The player's record, kept in the browser per game's rules: games played and won, the current
 * and best streak of wins, how many guesses each win took, and how far above the optimal
 * strategy's guesses for the same secret (par, from the coach); and the head-to-head results.
 * Each game counts once, whatever redraws or reloads follow: games are known by their seed.
 *
 * Plain functions over a `Storage`-like object, no DOM: the tests drive them.
 */
import type { KeyValueStore } from './view-state.js';

/** One game's rules' record. */
export interface PlayerRecord {
  readonly played: number;
  readonly won: number;
  readonly streak: number;
  readonly bestStreak: number;
  /** `distribution[g]`: wins in g guesses. */
  readonly distribution: Readonly<Record<number, number>>;
  /** Wins whose par is known, and their guesses above par in all. */
  readonly parGames: number;
  readonly overPar: number;
  /** Head to head: won, lost, drawn. */
  readonly versus: { readonly won: number; readonly lost: number; readonly draw: number };
  /** The seeds of the games counted lately, and of those whose par is counted. */
  readonly seeds: readonly number[];
  readonly parSeeds: readonly number[];
}

/** The localStorage key. */
export const STATS_KEY = 'codebreaker/stats/v1';
/** How many recent seeds are kept to count each game once. */
const SEEDS_KEPT = 200;

/** A record of no games. */
export function emptyRecord(): PlayerRecord {
  return {
    played: 0,
    won: 0,
    streak: 0,
    bestStreak: 0,
    distribution: {},
    parGames: 0,
    overPar: 0,
    versus: { won: 0, lost: 0, draw: 0 },
    seeds: [],
    parSeeds: [],
  };
}

const count = (value: unknown): number =>
  Number.isSafeInteger(value) && (value as number) >= 0 ? (value as number) : 0;

const seeds = (value: unknown): number[] =>
  Array.isArray(value) ? value.filter((seed) => Number.isSafeInteger(seed)) : [];

/** A record read back, every field checked: anything unreadable counts as nothing. */
function readRecord(value: unknown): PlayerRecord {
  const doc = (value && typeof value === 'object' ? value : {}) as Record<string, unknown>;
  const distribution: Record<number, number> = {};
  if (doc.distribution && typeof doc.distribution === 'object') {
    for (const [guesses, n] of Object.entries(doc.distribution)) {
      if (/^\d{1,3}$/.test(guesses) && count(n) > 0) distribution[Number(guesses)] = count(n);
    }
  }
  const versus = (doc.versus && typeof doc.versus === 'object' ? doc.versus : {}) as Record<
    string,
    unknown
  >;
  return {
    played: count(doc.played),
    won: count(doc.won),
    streak: count(doc.streak),
    bestStreak: count(doc.bestStreak),
    distribution,
    parGames: count(doc.parGames),
    overPar: Number.isFinite(doc.overPar) ? (doc.overPar as number) : 0,
    versus: { won: count(versus.won), lost: count(versus.lost), draw: count(versus.draw) },
    seeds: seeds(doc.seeds),
    parSeeds: seeds(doc.parSeeds),
  };
}

/** Every game's record, by rules key (`rulesKey`). */
export type Stats = Readonly<Record<string, PlayerRecord>>;

export function readStats(store: KeyValueStore): Stats {
  try {
    const doc: unknown = JSON.parse(store.getItem(STATS_KEY) ?? '{}');
    if (!doc || typeof doc !== 'object') return {};
    return Object.fromEntries(Object.entries(doc).map(([key, value]) => [key, readRecord(value)]));
  } catch {
    return {};
  }
}

export function writeStats(store: KeyValueStore, stats: Stats): void {
  try {
    store.setItem(STATS_KEY, JSON.stringify(stats));
  } catch {
    // Storage full or refused: the page works on without it.
  }
}

const remember = (list: readonly number[], seed: number) => [...list, seed].slice(-SEEDS_KEPT);

/** `record` with a game of "You guess" counted: solved in `guesses`, or given up. */
export function withGame(
  record: PlayerRecord,
  seed: number,
  solved: boolean,
  guesses: number,
): PlayerRecord {
  if (record.seeds.includes(seed)) return record;
  const streak = solved ? record.streak + 1 : 0;
  return {
    ...record,
    played: record.played + 1,
    won: record.won + (solved ? 1 : 0),
    streak,
    bestStreak: Math.max(record.bestStreak, streak),
    distribution: solved
      ? { ...record.distribution, [guesses]: (record.distribution[guesses] ?? 0) + 1 }
      : record.distribution,
    seeds: remember(record.seeds, seed),
  };
}

/** `record` with the par of a won game counted: the optimal strategy's guesses for its secret. */
export function withPar(
  record: PlayerRecord,
  seed: number,
  guesses: number,
  par: number,
): PlayerRecord {
  if (record.parSeeds.includes(seed)) return record;
  return {
    ...record,
    parGames: record.parGames + 1,
    overPar: record.overPar + (guesses - par),
    parSeeds: remember(record.parSeeds, seed),
  };
}

/** `record` with a head-to-head game counted. */
export function withVersus(record: PlayerRecord, seed: number, outcome: Outcome): PlayerRecord {
  // Head-to-head games are known by −1 − seed, apart from the games of "You guess".
  const id = -1 - seed;
  if (
    record.seeds.includes(id) ||
    (outcome !== 'won' && outcome !== 'lost' && outcome !== 'draw')
  ) {
    return record;
  }
  return {
    ...record,
    versus: { ...record.versus, [outcome]: record.versus[outcome] + 1 },
    seeds: remember(record.seeds, id),
  };
}

/** The key pegs of one answer as emoji: ⚫ a hit, ⚪ a blow, ➖ neither. */
export function emojiRow(pegs: number, hits: number, blows: number): string {
  return '⚫'.repeat(hits) + '⚪'.repeat(blows) + '➖'.repeat(Math.max(0, pegs - hits - blows));
}

/**
 * A result to share that gives nothing away: the game, the guesses taken (X when given up),
 * then each answer's key pegs, one row a guess.
 */
export function shareText(
  title: string,
  pegs: number,
  answers: readonly { readonly hits: number; readonly blows: number }[],
  solved: boolean,
): string {
  const head = `codebreaker · ${title} · ${solved ? answers.length : 'X'}`;
  return [head, ...answers.map(({ hits, blows }) => emojiRow(pegs, hits, blows))].join('\n');
}
