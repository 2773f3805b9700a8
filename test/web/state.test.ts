/**
 * The web app's state without a DOM: game menu and its size limit, both play roles played to the
 * end, the analysis the worker runs, the histogram layout and the tree browser, checked against
 * the deliberately simple implementations in test/naive.ts and the published figures.
 */
import { describe, expect, it } from 'vitest';
import { CodebreakerError } from '../../src/errors.js';
import { gameFor } from '../../src/game.js';
import { resolveRules } from '../../src/rules.js';
import { createStrategy } from '../../src/strategies/index.js';
import { type AnalysisMessage, histogramBars, runAnalysis } from '../../web/analysis.js';
import { CodebreakerPlay, CodemakerPlay } from '../../web/play.js';
import {
  GAME_OPTIONS,
  WEB_MAX_CODES,
  customChoice,
  gameForChoice,
  presetChoice,
  symbolStyle,
} from '../../web/settings.js';
import { OPTIMAL, strategyFor, strategyNames } from '../../web/strategy-choice.js';
import { TreeBrowser } from '../../web/tree-browser.js';
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

  it('offers the presets within its limit: not Super Mastermind (32,768 codes)', () => {
    expect(GAME_OPTIONS).toEqual(['mastermind', 'moo', 'hit-and-blow', 'numeron', 'custom']);
  });

  it('plays custom games up to the score-table limit, with their own symbols', () => {
    expect(WEB_MAX_CODES).toBe(8192);
    expect(gameForChoice(custom(5, 6, true)).size).toBe(7776);
    expect(gameForChoice(custom(13, 2, true)).size).toBe(8192);
    const lettered = gameForChoice(custom(3, 4, false, 'ABCD'));
    expect(lettered.codes.make(0)).toBe('ABC');
    expect(lettered.size).toBe(naiveCodes(3, 'ABCD', false).length);
  });

  it.each([
    [custom(5, 8, true), '32,768 codes'],
    [custom(5, 10, false), '30,240 codes'],
    [custom(14, 2, true), '16,384 codes'],
    [custom(20, 36, true), '1.34e+31 codes'],
  ])('refuses %o, whose score table would not fit', (choice, count) => {
    expect(() => gameForChoice(choice)).toThrow(CodebreakerError);
    expect(() => gameForChoice(choice)).toThrow(count);
    expect(() => gameForChoice(choice)).toThrow('at most 8,192 codes');
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

  it('draws Mastermind-like games as pegs, the others as digits', () => {
    expect(symbolStyle(gameForChoice(presetChoice('mastermind')).rules)).toBe('pegs');
    expect(symbolStyle(gameForChoice(presetChoice('moo')).rules)).toBe('digits');
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
    expect(play.warning).toBe('0H0B to 1222 contradicts your answer 1H0B to 1111 (guess 1)');
    expect(play.send()).toBeUndefined();
    expect(play.message).toContain('contradicts');
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
    play.setAnswer(3, 1);
    expect(play.warning).toBe('3H1B cannot occur with 4 pegs');
    expect(play.typeAnswer('2 1')).toBe(true);
    expect(play.answer).toEqual({ hits: 2, blows: 1 });
    expect(play.typeAnswer('two')).toBe(false);
    expect(play.message).toContain("cannot read the answer 'two'");
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
      expect(play.message).toContain('this game answers with hits only');
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
    expect(branches.map((b) => b.feedback)).toEqual(['0H', '1H', '2H', '3H']);
    const guess = game.codes.make(browser.root.guess);
    for (const branch of branches) {
      expect(branch.secrets).toBe(codes.filter((c) => naiveHits(c, guess) === branch.hits).length);
    }
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
        for (const symbol of consistent[0]) play.pick(Number(symbol));
        expect(play.draftText).toBe(consistent[0]);
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

  it('composes a guess without repeats, and refuses codes that break the rules', () => {
    const play = new CodebreakerPlay(game, createStrategy('first-consistent'), 7);
    play.pick(3);
    expect(play.canPick(3)).toBe(false);
    play.pick(3);
    expect(play.draftText).toBe('3···');
    expect(play.send()).toBeUndefined();
    expect(play.message).toBe('choose all 4 symbols first');
    play.pick(1);
    play.clearAt(0);
    play.pick(0);
    expect(play.draftText).toBe('01··');
    expect(play.sendText('1123')).toBeUndefined();
    expect(play.message).toContain("repeats '1'");
    expect(play.turns).toHaveLength(0);
  });

  it('puts the hint in the draft, and giving up reveals the secret', () => {
    const play = new CodebreakerPlay(game, createStrategy('first-consistent'), 11);
    play.hint();
    play.useHint();
    expect(play.draftText).toBe(play.shownHint!.suggestion);
    expect(play.secret).toBeUndefined();
    const secret = play.giveUp();
    expect(play.secret).toBe(secret);
    expect(play.canPick(9)).toBe(false);
    expect(play.session.solved).toBe(false);
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

describe('the histogram chart', () => {
  it('draws bars from one guess to the maximum, heights proportional, none lost', () => {
    const bars = histogramBars([0, 1, 0, 400, 800, 12], 500, 200);
    expect(bars.map((bar) => bar.guesses)).toEqual([1, 2, 3, 4, 5]);
    expect(bars.map((bar) => bar.height)).toEqual([1, 0, 100, 200, 3]);
    for (const bar of bars) expect(bar.y + bar.height).toBe(200);
    for (let i = 1; i < bars.length; i++) {
      expect(bars[i].x).toBeGreaterThanOrEqual(bars[i - 1].x + bars[i - 1].width);
    }
    expect(bars.at(-1)!.x + bars.at(-1)!.width).toBeLessThanOrEqual(500);
    expect(histogramBars([0], 500, 200)).toEqual([]);
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
    expect(new Map(root.branches.map((b) => [b.feedback, b.secrets]))).toEqual(classes);
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
});
