/**
 * Head-to-head games (web/versus.ts) played to the end without a page: every answer the page
 * gives, to either side, is the one plain counting gives; both sides always guess as often; the
 * outcome follows who cracked the other's code; Numer0n's items answer as a brute-force reading
 * of the code says, once each and one a round; the computer's guesses fit everything it learned,
 * items included; and a saved game comes back as it was.
 */
import { describe, expect, it } from 'vitest';
import { gameFor } from '../../src/game.js';
import type { ItemAnswer } from '../../src/items.js';
import { resolveRules } from '../../src/rules.js';
import { LEVELS, type Level, VersusPlay, chooseItem } from '../../web/versus.js';
import { naiveCodes, naiveScore } from '../naive.js';
import { naiveConsistent } from './naive-play.js';

/** What an item's answer says, read off the code by hand. */
function naiveItem(secret: string, answer: ItemAnswer): boolean {
  const digits = [...secret].map(Number);
  if (answer.item === 'high-low') return answer.high.every((high, i) => high === digits[i] >= 5);
  if (answer.item === 'target') {
    const at = digits.indexOf(answer.symbol);
    return (at < 0 ? null : at) === answer.position;
  }
  return Math.max(...digits) - Math.min(...digits) === answer.spread;
}

/** Plays a whole game: the player types `secret`, then guesses the first code fitting its answers. */
function playOut(name: string, level: Level, seed: number, secret: string, items = false) {
  const game = gameFor(resolveRules({ game: name }));
  const codes = naiveCodes(game.pegs, game.rules.alphabet, game.rules.repeat);
  const play = new VersusPlay(game, level, seed);
  expect(play.outcome).toBe('choosing');
  for (const char of secret) play.row.type(char);
  expect(play.start()).toBe(true);
  expect(play.playerSecret).toBe(secret);
  while (play.outcome === 'playing') {
    if (items && play.playerCanUse.length > 0) {
      const [item] = play.playerCanUse;
      const answer = play.useItem(item === 'target' ? { item, symbol: 7 } : { item })!;
      expect(play.playerCanUse).toEqual([]);
      expect(play.useItem({ item: 'slash' })).toBeUndefined();
      expect(answer).toEqual(play.playerItems.at(-1)!.answer);
    }
    const turns = play.playerTurns.map((t): [string, string] => [t.guess, `${t.hits}-${t.blows}`]);
    const known = play.playerItems.map((used) => used.answer);
    const next = naiveConsistent(codes, turns).find((code) =>
      known.every((a) => naiveItem(code, a)),
    )!;
    for (const char of next) play.row.type(char);
    expect(play.guess()).toBe(true);
    expect(play.playerTurns.length).toBe(play.computerTurns.length);
  }
  return { game, codes, play };
}

describe('head to head', () => {
  it.each(LEVELS)('Hit & Blow at %s: plain answers, equal turns, the right outcome', (level) => {
    for (const seed of [1, 2, 3]) {
      const { play } = playOut('hit-and-blow', level, seed, '5301');
      const computer = play.revealed!;
      for (const turn of play.playerTurns) {
        expect([turn.hits, turn.blows]).toEqual(naiveScore(computer, turn.guess));
      }
      for (const turn of play.computerTurns) {
        expect([turn.hits, turn.blows]).toEqual(naiveScore('5301', turn.guess));
      }
      const playerDone = play.playerTurns.at(-1)!.guess === computer;
      const computerDone = play.computerTurns.at(-1)!.guess === '5301';
      const expected = playerDone && computerDone ? 'draw' : playerDone ? 'won' : 'lost';
      expect(play.outcome).toBe(expected);
    }
  });

  it('easy plays possible codes only; a draw is possible when both crack it in the same round', () => {
    const outcomes = new Set<string>();
    for (let seed = 0; seed < 40; seed++) {
      const { play, codes } = playOut('hit-and-blow', 'easy', seed, '0123');
      const turns: [string, string][] = [];
      for (const turn of play.computerTurns) {
        expect(naiveConsistent(codes, turns)).toContain(turn.guess);
        turns.push([turn.guess, `${turn.hits}-${turn.blows}`]);
      }
      outcomes.add(play.outcome);
    }
    expect([...outcomes].sort()).toEqual(['draw', 'lost', 'won']);
  });

  it('Numer0n: items answer as the code says, once each; the computer uses them and its guesses fit', () => {
    for (const level of LEVELS) {
      const { play, codes } = playOut('numeron', level, 7, '048', true);
      const computer = play.revealed!;
      for (const used of play.playerItems) expect(naiveItem(computer, used.answer)).toBe(true);
      const names = play.playerItems.map((used) => used.answer.item);
      expect(new Set(names).size).toBe(names.length);
      // The computer used an item in the first round: HIGH & LOW halves 720 codes many times.
      expect(play.computerItems[0]?.round).toBe(1);
      for (const used of play.computerItems) expect(naiveItem('048', used.answer)).toBe(true);
      // Every guess of the computer fits every answer it had before it, items included.
      if (level === 'easy') {
        const turns: [string, string][] = [];
        play.computerTurns.forEach((turn, i) => {
          const known = play.computerItems.filter((used) => used.round <= i + 1);
          const fitting = naiveConsistent(codes, turns).filter((code) =>
            known.every((used) => naiveItem(code, used.answer)),
          );
          expect(fitting).toContain(turn.guess);
          turns.push([turn.guess, `${turn.hits}-${turn.blows}`]);
        });
      }
    }
  });

  it('the computer uses an item only when it expects it to halve the codes it considers', () => {
    const game = gameFor(resolveRules({ game: 'numeron' }));
    const all = new Int32Array(game.size).map((_, i) => i);
    expect(chooseItem(game, all, ['high-low', 'target', 'slash'])?.item).toBe('high-low');
    // SLASH cannot help where every code has the same spread.
    const spread = (code: number) => {
      const symbols = [...game.codes.symbolsOf(code)];
      return Math.max(...symbols) - Math.min(...symbols);
    };
    const wide = all.filter((code) => spread(code) === 9);
    expect(wide.length).toBeGreaterThan(2);
    expect(chooseItem(game, wide, ['slash'])).toBeUndefined();
    expect(chooseItem(game, wide, ['slash', 'high-low'])?.item).toBe('high-low');
    expect(chooseItem(game, all.subarray(0, 2), ['high-low'])).toBeUndefined();
  });

  it('a saved game comes back as it was, and plays on', () => {
    const game = gameFor(resolveRules({ game: 'numeron' }));
    const play = new VersusPlay(game, 'normal', 11);
    play.randomSecret();
    expect(play.start()).toBe(true);
    play.useItem({ item: 'target', symbol: 3 });
    for (const char of '012') play.row.type(char);
    play.guess();
    expect(play.outcome).toBe('playing');
    const saved = JSON.parse(JSON.stringify(play.saved));
    const back = VersusPlay.restore(game, saved);
    expect(back.playerTurns).toEqual(play.playerTurns);
    expect(back.computerTurns).toEqual(play.computerTurns);
    expect(back.playerItems).toEqual(play.playerItems);
    expect(back.computerItems).toEqual(play.computerItems);
    expect(back.saved).toEqual(saved);
    for (const char of '678') back.row.type(char);
    expect(back.guess()).toBe(true);
  });
});
