/**
 * The web app's state without a DOM: the game menu and the games beyond the score table, each
 * game's words, both play roles played to the end, saved, restored and handed to another
 * strategy, the URL and the saved state, the analysis the worker runs, the chart layout and the
 * tree browser, checked against the deliberately simple implementations in test/naive.ts and the
 * published figures.
 */
import { describe, expect, it } from 'vitest';
import { CodebreakerError } from '../../src/errors.js';
import { gameFor } from '../../src/game.js';
import { resolveRules } from '../../src/rules.js';
import { createStrategy } from '../../src/strategies/index.js';
import { type AnalysisMessage, groupedBars, runAnalysis } from '../../web/analysis.js';
import { CodebreakerPlay, CodemakerPlay, type Problem } from '../../web/play.js';
import {
  WEB_TABLE_MAX_CODES,
  customChoice,
  fitsTab,
  gameForChoice,
  presetChoice,
  rulesFlags,
  symbolStyle,
} from '../../web/settings.js';
import {
  OPTIMAL,
  openingCodes,
  openingGuess,
  strategyFor,
  strategyNames,
  strategyTitle,
  untabledHeuristic,
} from '../../web/strategy-choice.js';
import { en } from '../../web/text/en.js';
import { languageFrom } from '../../web/text/index.js';
import { ja } from '../../web/text/ja.js';
import { TreeBrowser } from '../../web/tree-browser.js';
import {
  type KeyValueStore,
  SAVED_RULES_MAX,
  STORAGE_KEY,
  defaultView,
  readSaved,
  viewFromQuery,
  viewToQuery,
  withGames,
  writeSaved,
} from '../../web/view-state.js';
import { answerWords, gameWords, problemWords, termsFor } from '../../web/words.js';
import {
  naiveBlackAnswer,
  naiveCodes,
  naiveFirstConsistent,
  naiveHits,
  naiveScore,
  seededRandom,
} from '../naive.js';
import { naiveConsistent } from './naive-play.js';

const custom = (pegs: number, colors: number, repeat: boolean, alphabet = '') => ({
  ...presetChoice('mastermind'),
  game: 'custom' as const,
  pegs,
  colors,
  repeat,
  alphabet,
});

describe('the game menu', () => {
  it.each([
    ['mastermind', 4, '123456', true],
    ['moo', 4, '0123456789', false],
    ['hit-and-blow', 4, '012345', false],
    ['numeron', 3, '0123456789', false],
  ] as const)('%s has every code of its rules', (name, pegs, alphabet, repeat) => {
    const game = gameForChoice(presetChoice(name));
    expect(game.size).toBe(naiveCodes(pegs, alphabet, repeat).length);
    expect(game.rules.alphabet).toBe(alphabet);
  });

  it('plays every game the core enumerates; analysis and trees only where the table fits', () => {
    expect(WEB_TABLE_MAX_CODES).toBe(8192);
    expect(gameForChoice(custom(5, 6, true)).size).toBe(7776);
    expect(fitsTab(gameForChoice(custom(13, 2, true)))).toBe(true);
    const lettered = gameForChoice(custom(3, 4, false, 'ABCD'));
    expect(lettered.codes.make(0)).toBe('ABC');
    expect(lettered.size).toBe(naiveCodes(3, 'ABCD', false).length);
    const superMastermind = gameForChoice(custom(5, 8, true));
    expect(superMastermind.size).toBe(32768);
    expect(fitsTab(superMastermind)).toBe(false);
    expect(gameForChoice(custom(6, 10, true)).size).toBe(1_000_000);
    expect(() => gameForChoice(custom(20, 36, true))).toThrow('enumerates at most 16,777,216');
  });

  it('writes the rules as the command line takes them', () => {
    expect(rulesFlags(gameForChoice(presetChoice('moo')).rules)).toBe('--game moo');
    expect(rulesFlags(gameForChoice(custom(5, 8, true)).rules)).toBe(
      '--pegs 5 --colors 8 --repeat',
    );
    expect(rulesFlags(gameForChoice(custom(3, 4, false, 'ABCD')).rules)).toBe(
      "--pegs 3 --colors 4 --no-repeat --alphabet 'ABCD'",
    );
  });

  it('says what is wrong with rules that are not a game', () => {
    expect(() => gameForChoice(custom(Number.NaN, 6, true))).toThrow(
      'pegs must be a whole number from 1 to 20',
    );
    expect(() => gameForChoice(custom(4, 37, true))).toThrow(
      'colours must be a whole number from 2 to 36',
    );
    expect(() => gameForChoice(custom(4, 3, false))).toThrow('needs at least 4 colours');
    expect(() => gameForChoice(custom(3, 4, true, 'AAB'))).toThrow('exactly 4 symbols');
  });

  it('switching to custom keeps the game shown', () => {
    const rules = gameForChoice(presetChoice('numeron')).rules;
    expect(gameForChoice(customChoice(rules)).rules).toEqual(rules);
  });

  it('draws Mastermind-like games and Hit & Blow as pegs, the digit games as digits', () => {
    expect(symbolStyle(gameForChoice(presetChoice('mastermind')).rules)).toBe('pegs');
    expect(symbolStyle(gameForChoice(presetChoice('hit-and-blow')).rules)).toBe('pegs');
    expect(symbolStyle(gameForChoice(presetChoice('moo')).rules)).toBe('digits');
    expect(symbolStyle(gameForChoice(presetChoice('numeron')).rules)).toBe('digits');
    expect(symbolStyle(gameForChoice(custom(3, 20, true)).rules)).toBe('digits');
  });

  it('offers optimal only where its tree ships', () => {
    expect(strategyNames(false)).not.toContain(OPTIMAL);
    expect(strategyNames(false)).toContain('minimax');
    expect(strategyNames(true).at(-1)).toBe(OPTIMAL);
    const game = gameForChoice(presetChoice('mastermind'));
    expect(() => strategyFor(game, { name: OPTIMAL, seed: 0 })).toThrow('shipped tree');
  });
});

describe('the computer breaks your code', () => {
  const game = gameForChoice(presetChoice('hit-and-blow'));
  const codes = naiveCodes(4, '012345', false);
  const random = seededRandom(6);
  const secrets = Array.from({ length: 12 }, () => codes[Math.floor(random() * codes.length)]);

  it.each(secrets)('finds %s as the seed pages’ player does, answered by counting', (secret) => {
    const play = new CodemakerPlay(game, createStrategy('first-consistent'));
    const turns: [string, string][] = [];
    for (let guess = play.guess; guess !== undefined; guess = play.guess) {
      const [hits, blows] = naiveScore(secret, guess);
      play.setAnswer(hits, blows);
      expect(play.warning).toBeUndefined();
      expect(play.send()).toBeDefined();
      turns.push([guess, `${hits}-${blows}`]);
      expect(play.turns.at(-1)!.remaining).toBe(naiveConsistent(codes, turns).length);
    }
    expect(play.turns.map((turn) => turn.guess)).toEqual(naiveFirstConsistent(codes, secret));
    expect(play.turns.at(-1)!.guess).toBe(secret);
  });

  it('warns at once when an answer contradicts an earlier one, and undo takes it back', () => {
    const play = new CodemakerPlay(
      gameForChoice(presetChoice('mastermind')),
      createStrategy('first-consistent'),
    );
    expect(play.guess).toBe('1111');
    play.setAnswer(1, 0);
    play.send();
    expect(play.guess).toBe('1222');
    // The answer starts at 0H0B, which contradicts, but nothing is said until the user sets it.
    expect(play.answer).toEqual({ hits: 0, blows: 0 });
    expect(play.warning).toBeUndefined();
    play.setAnswer(0, 0);
    const said = (problem: Problem | undefined) =>
      problemWords(en, problem!, play.game, termsFor(en, play.game.rules), play.session.turns);
    expect(play.warning).toMatchObject({ kind: 'conflict', conflict: { turn: 1, alone: true } });
    expect(said(play.warning)).toBe(
      '0 black pegs, 0 white pegs to 1222 contradicts your answer 1 black peg, 0 white pegs to 1111 (guess 1)',
    );
    expect(play.send()).toBeUndefined();
    expect(play.message).toEqual(play.warning);
    expect(play.turns).toHaveLength(1);
    play.undo();
    expect(play.turns).toHaveLength(0);
    expect(play.guess).toBe('1111');
    expect(play.answer).toEqual({ hits: 1, blows: 0 });
  });

  it('says which answers cannot occur, and reads typed answers', () => {
    const play = new CodemakerPlay(
      gameForChoice(presetChoice('mastermind')),
      createStrategy('minimax'),
    );
    const said = (problem: Problem | undefined) =>
      problemWords(en, problem!, play.game, termsFor(en, play.game.rules), play.session.turns);
    play.setAnswer(3, 1);
    expect(play.warning).toEqual({ kind: 'cannot-occur', hits: 3, blows: 1 });
    expect(said(play.warning)).toBe('3 black pegs, 1 white peg cannot happen with 4 pegs');
    expect([play.canOccur(3, 0), play.canOccur(3, 1), play.canOccur(2, 2)]).toEqual([
      true,
      false,
      true,
    ]);
    expect(play.typeAnswer('2 1')).toBe(true);
    expect(play.answer).toEqual({ hits: 2, blows: 1 });
    expect(play.typeAnswer('two')).toBe(false);
    expect(said(play.message)).toBe(
      'cannot read “two”: type the black pegs, then the white pegs, for example 2 1',
    );
  });
});

describe('you break the computer’s code', () => {
  const rules = resolveRules({ game: 'moo' });
  const game = gameFor(rules);
  const codes = naiveCodes(4, '0123456789', false);

  it.each([1, 2, 3, 2026])('game #%i: solved by the first consistent code each time', (seed) => {
    const play = new CodebreakerPlay(game, createStrategy('first-consistent'), seed);
    const turns: [string, string][] = [];
    while (!play.session.over) {
      const consistent = naiveConsistent(codes, turns);
      const hint = play.hint();
      expect(hint.remaining).toBe(consistent.length);
      expect(play.shownHint!.suggestion).toBe(consistent[0]);
      if (turns.length === 0) {
        for (const symbol of consistent[0]) expect(play.row.type(symbol)).toBe(true);
        expect(play.row.text).toBe(consistent[0]);
        play.send();
      } else {
        play.sendText(consistent[0]);
      }
      const last = play.turns.at(-1)!;
      turns.push([last.guess, `${last.hits}-${last.blows}`]);
    }
    const secret = play.secret!;
    expect(play.session.solved).toBe(true);
    expect(play.turns.at(-1)!.guess).toBe(secret);
    for (const [guess, answer] of turns) expect(naiveScore(secret, guess).join('-')).toBe(answer);
    expect(turns.map(([guess]) => guess)).toEqual(naiveFirstConsistent(codes, secret));
  });

  it('fills the row a slot at a time; without repeats a symbol moves; bad codes refused', () => {
    const play = new CodebreakerPlay(game, createStrategy('first-consistent'), 7);
    play.row.place(3);
    expect([play.row.text, play.row.slot]).toEqual(['3···', 1]);
    play.row.select(3);
    play.row.place(5);
    expect([play.row.text, play.row.slot]).toEqual(['3··5', 1]);
    // No repetition: 3 moves from the first slot to the second.
    play.row.place(3);
    expect([play.row.text, play.row.slot]).toEqual(['·3·5', 2]);
    expect(play.send()).toBeUndefined();
    expect(play.message).toEqual({ kind: 'unfilled', empty: 2 });
    expect(problemWords(en, play.message!, game, termsFor(en, rules), [])).toBe(
      'fill the 2 empty slots first',
    );
    expect(play.row.type('x')).toBe(false);
    play.row.type('9');
    expect([play.row.text, play.row.slot]).toEqual(['·395', 0]);
    play.row.backspace();
    expect([play.row.text, play.row.slot]).toEqual(['·395', 0]);
    play.row.moveSlot(1);
    play.row.backspace();
    expect([play.row.text, play.row.slot]).toEqual(['··95', 1]);
    play.row.backspace();
    expect([play.row.text, play.row.slot]).toEqual(['··95', 0]);
    play.row.type('0');
    play.row.type('1');
    expect(play.row.full).toBe(true);
    expect(play.sendText('1123')).toBeUndefined();
    expect(play.message).toEqual({ kind: 'not-a-code', text: '1123' });
    expect(problemWords(en, play.message!, game, termsFor(en, rules), [])).toBe(
      '“1123” is no code of this game: 4 digits from 0 to 9, all different',
    );
    expect(play.turns).toHaveLength(0);
    expect(play.send()!.guess).toBe(game.codes.parse('0195'));
    expect(play.row.text).toBe('····');
  });

  it('puts the hint in the draft, and giving up reveals the secret', () => {
    const play = new CodebreakerPlay(game, createStrategy('first-consistent'), 11);
    play.hint();
    play.useHint();
    expect(play.row.text).toBe(play.shownHint!.suggestion);
    expect(play.secret).toBeUndefined();
    const secret = play.giveUp();
    expect(play.secret).toBe(secret);
    expect(play.session.over).toBe(true);
    play.row.place(9);
    expect(play.send()).toBeUndefined();
    expect(play.session.solved).toBe(false);
  });

  it('a saved game is restored as it was, and a new strategy gives its hints in the same game', () => {
    const play = new CodebreakerPlay(game, createStrategy('first-consistent'), 2026);
    play.sendText('0123');
    play.sendText('4567');
    play.row.type('8');
    const saved = JSON.parse(JSON.stringify(play.saved));
    expect(saved).toEqual({ seed: 2026, guesses: ['0123', '4567'], gaveUp: false, draft: '8···' });
    const back = CodebreakerPlay.restore(game, createStrategy('minimax'), saved);
    expect(back.turns).toEqual(play.turns);
    expect([back.row.text, back.row.slot]).toEqual(['8···', 1]);
    const other = play.withStrategy(createStrategy('minimax'));
    expect(other.turns).toEqual(play.turns);
    expect(other.row.text).toBe('8···');
    expect(other.hint().remaining).toBe(play.hint().remaining);
    expect(other.giveUp()).toBe(play.giveUp());
    const over = CodebreakerPlay.restore(game, createStrategy('minimax'), play.saved);
    expect(over.session.revealed).toBe(true);
    expect(() =>
      CodebreakerPlay.restore(game, createStrategy('minimax'), { ...saved, guesses: ['0012'] }),
    ).toThrow(CodebreakerError);
  });
});

describe('the computer breaks your code, saved and handed to another strategy', () => {
  const game = gameForChoice(presetChoice('mastermind'));

  it('a restored game replays the guesses shown, and goes on with the same strategy', () => {
    const play = new CodemakerPlay(game, createStrategy('minimax'));
    play.setAnswer(1, 0);
    play.send();
    play.setAnswer(0, 2);
    play.send();
    const saved = JSON.parse(JSON.stringify(play.saved));
    expect(saved.turns.map(([guess]: string[]) => guess)).toEqual(['1122', play.turns[1].guess]);
    const back = CodemakerPlay.restore(game, createStrategy('minimax'), saved);
    expect(back.turns).toEqual(play.turns);
    expect(back.guess).toBe(play.guess);
    expect(() =>
      CodemakerPlay.restore(game, createStrategy('minimax'), { turns: [['1122', '3H1B']] }),
    ).toThrow('cannot occur');
  });

  it('a new strategy takes over from the turns so far; undo still replays the old guesses', () => {
    const play = new CodemakerPlay(game, createStrategy('first-consistent'));
    play.setAnswer(1, 0);
    play.send();
    expect(play.guess).toBe('1222');
    const knuth = play.withStrategy(createStrategy('minimax'));
    expect(knuth.since).toBe(1);
    expect(knuth.turns).toEqual(play.turns);
    const fresh = new CodemakerPlay(game, createStrategy('minimax'));
    const state = knuth.session.state;
    expect(knuth.session.guess).toBe(createStrategy('minimax').choose(state));
    expect(knuth.guess).not.toBe(fresh.guess);
    knuth.undo();
    expect(knuth.guess).toBe('1111');
  });
});

describe('games beyond the score table', () => {
  const game = gameForChoice(custom(5, 8, true, '12345678'));
  const codes = naiveCodes(5, '12345678', true);

  it('Super Mastermind: a whole game with hints, candidates kept without a table', () => {
    expect(game.tableFits).toBe(false);
    const strategy = strategyFor(game, { name: 'minimax', seed: 0 });
    const play = new CodebreakerPlay(game, strategy, 42);
    const turns: [string, string][] = [];
    while (!play.session.over) {
      const hint = play.hint();
      const consistent = naiveConsistent(codes, turns);
      expect(hint.remaining).toBe(consistent.length);
      if (strategy.name.endsWith('/possible')) {
        expect(consistent).toContain(play.shownHint!.suggestion);
      }
      play.useHint();
      const turn = play.send()!;
      const last = play.turns.at(-1)!;
      turns.push([last.guess, `${last.hits}-${last.blows}`]);
      expect(turn.remaining).toBe(naiveConsistent(codes, turns).length);
    }
    expect(play.session.solved).toBe(true);
    expect(turns.length).toBeLessThanOrEqual(8);
  });

  it('the heuristics open as published, without their first pass over every pair', () => {
    const mastermind = gameForChoice(presetChoice('mastermind'));
    const openings = (['minimax', 'expected-size', 'entropy', 'most-parts'] as const).map((name) =>
      mastermind.codes.make(openingGuess(mastermind, name)),
    );
    // Knuth 1122, Irving 1123, Neuwirth 1234, Kooi 1123 (README's table).
    expect(openings).toEqual(['1122', '1123', '1234', '1123']);
    const moo = gameForChoice(presetChoice('moo'));
    expect(moo.codes.make(openingGuess(moo, 'entropy'))).toBe('0123');
  });

  it('the openings are one code a partition of the pegs; the largest games score a sample', () => {
    expect(openingCodes(game).map((code) => game.codes.make(code))).toEqual([
      '11111',
      '11112',
      '11122',
      '11123',
      '11223',
      '11234',
      '12345',
    ]);
    const moo = gameForChoice(presetChoice('moo'));
    expect(openingCodes(moo).map((code) => moo.codes.make(code))).toEqual(['0123']);
    const all = new Int32Array(game.size).map((_, i) => i);
    const sampled = untabledHeuristic('most-parts', 10_000);
    expect(openingCodes(game)).toContain(sampled.choose({ game, history: [], candidates: all }));
    expect(sampled.name).toBe('most-parts/sampled');
    expect(strategyTitle(en, sampled.name)).toBe('Most parts (Kooi) (opening scored on a sample)');
    const whole = untabledHeuristic('most-parts');
    expect(whole.choose({ game, history: [], candidates: all })).toBe(
      openingGuess(game, 'most-parts'),
    );
    expect(whole.name).toBe('most-parts');
  });

  it('the heuristic scores every code while within budget, then the possible codes, then none', () => {
    const all = new Int32Array(game.size).map((_, i) => i);
    const opening = untabledHeuristic('minimax').choose({ game, history: [], candidates: all });
    expect(opening).toBe(openingGuess(game, 'minimax'));
    const answer = game.score(opening, game.codes.parse('12345'));
    const left = all.filter((code) => game.score(opening, code) === answer);
    const state = { game, history: [{ guess: opening, answer }], candidates: left };
    const n = left.length;
    const everyBudget = n * n + game.size * n;
    const roomy = untabledHeuristic('minimax', everyBudget);
    expect(roomy.choose(state)).toBe(createStrategy('minimax').choose(state));
    expect(roomy.name).toBe('minimax');
    const possible = untabledHeuristic('minimax', 2 * n * n);
    const chosen = possible.choose(state);
    expect(possible.name).toBe('minimax/possible');
    expect(strategyTitle(en, possible.name)).toBe('Minimax (Knuth), among the possible codes only');
    expect([...left]).toContain(chosen);
    const tight = untabledHeuristic('minimax', 2 * n * n - 1);
    expect(tight.choose(state)).toBe(left[0]);
    expect(tight.name).toBe('minimax/first');
    expect(strategyTitle(en, tight.name)).toContain('the first possible code');
  });
});

describe('each game in its own words', () => {
  it.each([
    [
      'mastermind',
      '2 black pegs, 1 white peg',
      'Mastermind: 4 pegs, 6 colours, colours may repeat',
    ],
    ['moo', '2 bulls, 1 cow', 'Bulls and Cows: 4 digits from 0 to 9, all different'],
    ['hit-and-blow', '2 hits, 1 blow', 'Hit & Blow: 4 pins, 6 colours, all different'],
    ['numeron', '2 EAT, 1 BITE', 'Numer0n: 3 digits from 0 to 9, all different'],
  ] as const)('%s', (name, answer, shape) => {
    const { rules } = gameForChoice(presetChoice(name));
    expect(answerWords(en, termsFor(en, rules), 2, 1)).toBe(answer);
    expect(gameWords(en, rules)).toBe(shape);
  });

  it('custom games: black and white pegs on a peg board, hits and blows otherwise', () => {
    const pegs = gameForChoice(custom(5, 8, true)).rules;
    expect(gameWords(en, pegs)).toBe('Custom game: 5 pegs, 8 colours, colours may repeat');
    expect(answerWords(en, termsFor(en, pegs), 1, 0)).toBe('1 black peg, 0 white pegs');
    const digits = gameForChoice(custom(5, 20, false)).rules;
    expect(answerWords(en, termsFor(en, digits), 0, 1)).toBe('0 hits, 1 blow');
  });
});

describe('in Japanese', () => {
  it.each([
    ['mastermind', '黒ピン 2・白ピン 1', 'マスターマインド: 4 ピン・6 色、重複あり'],
    ['moo', 'ブル 2・カウ 1', 'ブルズ・アンド・カウズ: 0〜9 の数字 4 桁、すべて異なる'],
    ['hit-and-blow', 'ヒット 2・ブロー 1', 'ヒット&ブロー: 4 ピン・6 色、すべて異なる'],
    ['numeron', 'イート 2・バイト 1', 'ヌメロン: 0〜9 の数字 3 桁、すべて異なる'],
  ] as const)('%s in its own words', (name, answer, shape) => {
    const { rules } = gameForChoice(presetChoice(name));
    expect(answerWords(ja, termsFor(ja, rules), 2, 1)).toBe(answer);
    expect(gameWords(ja, rules)).toBe(shape);
  });

  it('the browser’s language picks the page’s, else English', () => {
    expect(languageFrom(['ja-JP', 'en-US'])).toBe('ja');
    expect(languageFrom(['fr-FR', 'ja'])).toBe('ja');
    expect(languageFrom(['en-GB'])).toBe('en');
    expect(languageFrom(['de-DE'])).toBe('en');
    expect(languageFrom([])).toBe('en');
  });

  it('a chosen language is kept, and anything else read back is dropped', () => {
    const store = new Map<string, string>();
    const kv = {
      getItem: (k: string) => store.get(k) ?? null,
      setItem: (k: string, v: string) => void store.set(k, v),
    };
    writeSaved(kv, { theme: 'dark', language: 'ja', games: {} });
    expect(readSaved(kv).language).toBe('ja');
    store.set(STORAGE_KEY, JSON.stringify({ theme: 'dark', language: 'klingon' }));
    expect(readSaved(kv).language).toBeUndefined();
  });

  it('every strategy has a Japanese title', () => {
    for (const name of strategyNames(true)) {
      expect(strategyTitle(ja, name)).not.toBe(name);
      expect(strategyTitle(ja, name)).not.toBe(strategyTitle(en, name));
    }
  });
});

describe('black pegs only', () => {
  const choice = { ...custom(4, 5, true), blackPegs: true };
  const game = gameForChoice(choice);
  const codes = naiveCodes(4, '01234', true);

  it('is a custom choice, and switching to custom from its rules keeps it', () => {
    expect(game.rules).toEqual({
      pegs: 4,
      colors: 5,
      repeat: true,
      alphabet: '01234',
      feedback: 'black',
    });
    expect(customChoice(game.rules).blackPegs).toBe(true);
    expect(gameForChoice(customChoice(game.rules))).toBe(game);
    expect(presetChoice('mastermind').blackPegs).toBe(false);
    expect(gameForChoice({ ...choice, blackPegs: false }).rules.feedback).toBeUndefined();
  });

  it.each(['0000', '4321', '1230'])(
    'the computer finds %s as a naive player counting hits does, answered with hits typed alone',
    (secret) => {
      const play = new CodemakerPlay(game, createStrategy('first-consistent'));
      expect(play.typeAnswer('1H1B')).toBe(false);
      expect(problemWords(en, play.message!, game, termsFor(en, game.rules), [])).toBe(
        'cannot read “1H1B”: type the number of black pegs, for example 2',
      );
      for (let guess = play.guess; guess !== undefined; guess = play.guess) {
        const hits = naiveHits(secret, guess);
        expect(play.typeAnswer(String(hits))).toBe(true);
        expect(play.warning).toBeUndefined();
        expect(play.send()).toBeDefined();
        const last = play.turns.at(-1)!;
        expect([last.answer, last.hits, last.blows]).toEqual([`${hits}H`, hits, 0]);
      }
      expect(play.turns.map((turn) => turn.guess)).toEqual(
        naiveFirstConsistent(codes, secret, naiveBlackAnswer),
      );
    },
  );

  it('the analysis the worker runs counts hits only: the histogram of a naive player', () => {
    const expected = [0];
    for (const secret of codes) {
      const n = naiveFirstConsistent(codes, secret, naiveBlackAnswer).length;
      expected[n] = (expected[n] ?? 0) + 1;
    }
    const messages: AnalysisMessage[] = [];
    runAnalysis({ rules: game.rules, strategy: { name: 'first-consistent', seed: 0 } }, (m) =>
      messages.push(m),
    );
    const last = messages.at(-1)!;
    if (last.kind !== 'done') throw new Error('no result');
    expect(last.summary.histogram).toEqual(Array.from(expected, (n) => n ?? 0));
  });

  it('the tree browser shows answers as hits alone', () => {
    const browser = new TreeBrowser(game, createStrategy('first-consistent'));
    const branches = browser.root.branches;
    expect(branches.map((b) => b.feedback)).toEqual(['0H', '1H', '2H', '3H', '4H']);
    expect(branches.at(-1)!.wins).toBe(true);
    const guess = game.codes.make(browser.root.guess);
    for (const branch of branches.filter((b) => !b.wins)) {
      expect(branch.secrets).toBe(codes.filter((c) => naiveHits(c, guess) === branch.hits).length);
    }
  });
});

describe('the view in the URL, and what is kept across a reload', () => {
  const fallback = defaultView(5);

  it('a link names the game, rules, strategy and tab, and reads back the same', () => {
    const views = [
      { ...fallback, tab: 'analysis' as const },
      {
        choice: custom(5, 8, true, 'ABCDEFGH'),
        strategy: { name: 'random-consistent', seed: 42 },
        tab: 'tree' as const,
      },
      {
        choice: presetChoice('numeron'),
        strategy: { name: 'minimax', seed: 5 },
        tab: 'codemaker' as const,
      },
    ];
    for (const view of views) expect(viewFromQuery(viewToQuery(view), fallback)).toEqual(view);
    expect(viewToQuery(views[0])).toBe('game=mastermind&strategy=optimal&tab=analysis');
  });

  it('a field it cannot read falls back, the others are kept', () => {
    const view = viewFromQuery('?game=bulls-and-cows&tab=nowhere&strategy=<script>', fallback);
    expect(view).toEqual({ ...fallback, choice: presetChoice('moo') });
    expect(viewFromQuery('?game=chess&pegs=x', fallback)).toEqual(fallback);
    expect(viewFromQuery('game=custom&pegs=5', fallback).choice).toMatchObject({
      game: 'custom',
      pegs: 5,
      colors: 6,
    });
  });

  const memory = (): KeyValueStore & { items: Map<string, string> } => {
    const items = new Map<string, string>();
    return {
      items,
      getItem: (key) => items.get(key) ?? null,
      setItem: (key, value) => void items.set(key, value),
    };
  };

  it('keeps the view, the theme and the games of the latest rules', () => {
    const store = memory();
    expect(readSaved(store)).toEqual({ view: undefined, theme: 'system', games: {} });
    let games = {};
    for (let i = 0; i < SAVED_RULES_MAX + 2; i++) {
      games = withGames(games, `rules-${i}`, { codemaker: { turns: [['1122', '1H0B']] } });
    }
    games = withGames(games, 'rules-0', {
      codebreaker: { seed: 3, guesses: ['1234'], gaveUp: false, draft: '1···' },
    });
    writeSaved(store, { view: { ...fallback, tab: 'tree' }, theme: 'dark', games });
    const back = readSaved(store);
    expect(back.view).toEqual({ ...fallback, tab: 'tree' });
    expect(back.theme).toBe('dark');
    expect(Object.keys(back.games)).toHaveLength(SAVED_RULES_MAX);
    expect(Object.keys(back.games).at(-1)).toBe('rules-0');
    expect(back.games['rules-0'].codebreaker).toEqual({
      seed: 3,
      guesses: ['1234'],
      gaveUp: false,
      draft: '1···',
    });
  });

  it('reads garbage as a fresh start, and an unreadable game as no game', () => {
    const store = memory();
    store.setItem(STORAGE_KEY, '{not json');
    expect(readSaved(store).games).toEqual({});
    store.setItem(
      STORAGE_KEY,
      JSON.stringify({
        theme: 'purple',
        view: { query: 'game=moo' },
        games: { a: { codemaker: { turns: [[1, 2]] } }, b: { codebreaker: { seed: 'x' } } },
      }),
    );
    expect(readSaved(store)).toEqual({ view: undefined, theme: 'system', games: {} });
  });
});

describe('the analysis the worker runs', () => {
  const run = (rules: object, name: string) => {
    const messages: AnalysisMessage[] = [];
    runAnalysis({ rules: rules as never, strategy: { name, seed: 0 } }, (message) =>
      messages.push(message),
    );
    return messages;
  };

  it('classic Mastermind, first-consistent: 7471 guesses (Shapiro; the seed pages)', () => {
    const messages = run(resolveRules({ game: 'mastermind' }), 'first-consistent');
    const last = messages.at(-1)!;
    if (last.kind !== 'done') throw new Error(`no result: ${JSON.stringify(last)}`);
    expect(last.summary).toMatchObject({
      secrets: 1296,
      total: 7471,
      average: '5.76466',
      fraction: '7471/1296',
      max: 9,
      worst: ['5654', '6435', '6555', '6556', '6654', '6665'],
    });
    const progress = messages.filter((m) => m.kind === 'progress');
    expect(progress.length).toBeGreaterThan(10);
    const settled = progress.map((m) => (m.kind === 'progress' ? m.settled : -1));
    expect(settled).toEqual([...settled].sort((a, b) => a - b));
    expect(settled.at(-1)).toBe(1296);
  });

  it('a small custom game: the histogram of the seed pages’ player', () => {
    const codes = naiveCodes(3, '0123', true);
    const expected = [0];
    for (const secret of codes) {
      const n = naiveFirstConsistent(codes, secret).length;
      expected[n] = (expected[n] ?? 0) + 1;
    }
    const last = run(resolveRules({ pegs: 3, colors: 4, repeat: true }), 'first-consistent').at(
      -1,
    )!;
    if (last.kind !== 'done') throw new Error('no result');
    expect(last.summary.histogram).toEqual(Array.from(expected, (n) => n ?? 0));
  });

  it('posts bad rules back as an error', () => {
    const messages = run({ pegs: 0, colors: 6, repeat: true, alphabet: '123456' }, 'minimax');
    expect(messages).toEqual([{ kind: 'error', message: expect.stringContaining('pegs') }]);
  });
});

describe('the chart', () => {
  it('draws bars from one guess to the maximum, heights proportional, none lost', () => {
    const bars = groupedBars([[0, 1, 0, 400, 800, 12]], 500, 200);
    expect(bars.map((bar) => bar.guesses)).toEqual([1, 2, 3, 4, 5]);
    expect(bars.map((bar) => bar.height)).toEqual([1, 0, 100, 200, 3]);
    for (const bar of bars) expect(bar.y + bar.height).toBe(200);
    for (let i = 1; i < bars.length; i++) {
      expect(bars[i].x).toBeGreaterThanOrEqual(bars[i - 1].x + bars[i - 1].width);
    }
    expect(bars.at(-1)!.x + bars.at(-1)!.width).toBeLessThanOrEqual(500);
    expect(groupedBars([[0]], 500, 200)).toEqual([]);
  });

  it('puts several strategies side by side, to the largest maximum, on one scale', () => {
    const bars = groupedBars(
      [
        [0, 1, 6, 62, 533, 694],
        [0, 1, 4, 25, 108, 305, 602, 196, 49, 6],
      ],
      900,
      200,
    );
    expect(bars).toHaveLength(18);
    const at5 = bars.filter((bar) => bar.guesses === 5);
    expect(at5.map((bar) => [bar.series, bar.secrets, bar.height])).toEqual([
      [0, 694, 200],
      [1, 305, (305 / 694) * 200],
    ]);
    expect(at5[1].x).toBeCloseTo(at5[0].x + at5[0].width);
    expect(bars.filter((bar) => bar.series === 0 && bar.guesses > 5).map((b) => b.height)).toEqual([
      0, 0, 0, 0,
    ]);
  });
});

describe('the tree browser', () => {
  const game = gameForChoice(presetChoice('hit-and-blow'));
  const codes = naiveCodes(4, '012345', false);

  it('splits the secrets by their answer to each guess, as counting does', () => {
    const browser = new TreeBrowser(game, createStrategy('first-consistent'));
    const root = browser.root;
    expect(game.codes.make(root.guess)).toBe('0123');
    const classes = new Map<string, number>();
    for (const secret of codes) {
      const [hits, blows] = naiveScore(secret, '0123');
      if (hits < 4) classes.set(`${hits}H${blows}B`, (classes.get(`${hits}H${blows}B`) ?? 0) + 1);
    }
    const notWon = root.branches.filter((b) => !b.wins);
    expect(new Map(notWon.map((b) => [b.feedback, b.secrets]))).toEqual(classes);
    // 0123 may be the secret: its winning branch is listed, and the branches add up.
    expect(root.branches.at(-1)).toMatchObject({ feedback: '4H0B', secrets: 1, wins: true });
    expect(root.branches.reduce((sum, b) => sum + b.secrets, 0)).toBe(codes.length);
    const branch = root.branches.find((b) => b.feedback === '1H2B')!;
    const child = browser.node(branch.path);
    const left = naiveConsistent(codes, [['0123', '1-2']]);
    expect([...child.candidates].map((code) => game.codes.make(code))).toEqual(left);
    expect(game.codes.make(child.guess)).toBe(left[0]);
    expect(child.depth).toBe(1);
    const grandchild = browser.node(`${branch.path}.${child.branches[0].answer}`);
    expect(grandchild.depth).toBe(2);
    expect(grandchild.candidates.length).toBe(child.branches[0].secrets);
  });

  it('opens and closes nodes, the root open from the start', () => {
    const browser = new TreeBrowser(game, createStrategy('minimax'));
    expect(browser.isOpen('')).toBe(true);
    const path = browser.root.branches[0].path;
    expect(browser.isOpen(path)).toBe(false);
    browser.toggle(path);
    expect(browser.isOpen(path)).toBe(true);
    browser.toggle(path);
    expect(browser.isOpen(path)).toBe(false);
  });

  it('reveals the path a secret takes, opening every node on the way', () => {
    const browser = new TreeBrowser(game, createStrategy('first-consistent'));
    for (const secret of ['5432', '0123', '1350']) {
      const path = browser.reveal(game.codes.parse(secret))!;
      const guesses = naiveFirstConsistent(codes, secret);
      expect(path === '' ? 1 : path.split('.').length + 1).toBe(guesses.length);
      expect(game.codes.make(browser.node(path).guess)).toBe(secret);
      const steps = path === '' ? [] : path.split('.');
      for (let i = 0; i < steps.length; i++) {
        const at = steps.slice(0, i).join('.');
        expect(browser.isOpen(at)).toBe(true);
        expect(game.codes.make(browser.node(at).guess)).toBe(guesses[i]);
      }
    }
  });
});
