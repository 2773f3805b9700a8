/**
 * The player's record (web/stats.ts): each game counts once, however often it is reported;
 * streaks, the guesses of each win and the guesses above par add up as a hand count does; a
 * broken store reads as no games; the shared result gives the answers' key pegs and nothing else.
 */
import { describe, expect, it } from 'vitest';
import {
  STATS_KEY,
  emptyRecord,
  readStats,
  shareText,
  withGame,
  withPar,
  withVersus,
  writeStats,
} from '../../web/stats.js';

/** A store in memory. */
function memory() {
  const map = new Map<string, string>();
  return {
    map,
    getItem: (key: string) => map.get(key) ?? null,
    setItem: (key: string, value: string) => void map.set(key, value),
  };
}

describe('the record', () => {
  it('counts wins, losses, streaks and the guesses of each win, each game once', () => {
    const games: [seed: number, solved: boolean, guesses: number][] = [
      [1, true, 5],
      [2, true, 4],
      [2, true, 4], // the same game reported again
      [3, false, 7],
      [4, true, 5],
      [5, true, 6],
      [6, true, 5],
    ];
    let record = emptyRecord();
    for (const [seed, solved, guesses] of games) record = withGame(record, seed, solved, guesses);
    expect(record.played).toBe(6);
    expect(record.won).toBe(5);
    expect([record.streak, record.bestStreak]).toEqual([3, 3]);
    expect(record.distribution).toEqual({ 4: 1, 5: 3, 6: 1 });
    record = withPar(record, 1, 5, 4);
    record = withPar(record, 1, 5, 4);
    record = withPar(record, 2, 4, 4);
    expect([record.parGames, record.overPar]).toEqual([2, 1]);
  });

  it('head to head counts apart from the games guessed alone, each once', () => {
    let record = withGame(emptyRecord(), 9, true, 5);
    for (const outcome of ['won', 'won', 'lost', 'playing'] as const) {
      record = withVersus(record, 9, outcome);
    }
    record = withVersus(record, 10, 'draw');
    expect(record.versus).toEqual({ won: 1, lost: 0, draw: 1 });
    expect(record.played).toBe(1);
  });

  it('is kept in the store, and what cannot be read counts as nothing', () => {
    const store = memory();
    const stats = { a: withGame(emptyRecord(), 1, true, 3) };
    writeStats(store, stats);
    expect(readStats(store)).toEqual(stats);
    store.map.set(STATS_KEY, '{"a":{"played":-4,"won":"x","distribution":{"3":2,"y":1}}}');
    expect(readStats(store).a).toEqual({ ...emptyRecord(), distribution: { 3: 2 } });
    store.map.set(STATS_KEY, 'not json');
    expect(readStats(store)).toEqual({});
  });

  it('shares the answers as key pegs, the guesses taken, no codes', () => {
    const answers = [
      { hits: 0, blows: 2 },
      { hits: 1, blows: 1 },
      { hits: 4, blows: 0 },
    ];
    expect(shareText('Mastermind', 4, answers, true)).toBe(
      ['codebreaker · Mastermind · 3', '⚪⚪➖➖', '⚫⚪➖➖', '⚫⚫⚫⚫'].join('\n'),
    );
    expect(shareText('Mastermind', 4, answers.slice(0, 2), false).split('\n')[0]).toBe(
      'codebreaker · Mastermind · X',
    );
  });
});
