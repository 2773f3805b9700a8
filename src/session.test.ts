import { describe, expect, it } from 'vitest';
import { naiveCodes, naiveScore, seededRandom } from '../test/naive.js';
import { CodebreakerError } from './errors.js';
import { type Feedback, canOccur, makeFeedback } from './feedback.js';
import { type Game, gameFor } from './game.js';
import { resolveRules } from './rules.js';
import {
  CodebreakerSession,
  CodemakerSession,
  ContradictionError,
  type PlayedTurn,
  secretFromSeed,
} from './session.js';
import { createStrategy } from './strategies/index.js';

/** A turn written as strings, for the naive checks. */
interface TextTurn {
  guess: string;
  answer: string;
}

function naiveAnswer(secret: string, guess: string): string {
  const [hits, blows] = naiveScore(secret, guess);
  return makeFeedback({ hits, blows });
}

function feedbackOf(secret: string, guess: string): Feedback {
  const [hits, blows] = naiveScore(secret, guess);
  return { hits, blows };
}

function codesOf(game: Game): string[] {
  const { pegs, alphabet, repeat } = game.rules;
  return naiveCodes(pegs, alphabet, repeat);
}

/** The codes that give every answer of `turns`, by brute force. */
function naiveFilter(codes: string[], turns: readonly TextTurn[]): string[] {
  return codes.filter((code) => turns.every((t) => naiveAnswer(code, t.guess) === t.answer));
}

function textTurns(game: Game, turns: readonly PlayedTurn[]): TextTurn[] {
  return turns.map((t) => ({
    guess: game.codes.make(t.guess),
    answer: answerText(game, t.answer),
  }));
}

function answerText(game: Game, answer: number): string {
  return makeFeedback(decode(game.pegs, answer));
}

/** Answer index → (hits, blows), by walking the order the feedback module documents. */
function decode(pegs: number, answer: number): Feedback {
  let index = 0;
  for (let hits = 0; hits <= pegs; hits++) {
    for (let blows = 0; hits + blows <= pegs; blows++) {
      if (index === answer) return { hits, blows };
      index++;
    }
  }
  throw new Error(`no answer ${answer}`);
}

/** Everything a UI could render from a codemaker session, copied. */
function snapshot(session: CodemakerSession) {
  return {
    turns: session.turns.map((t) => ({ ...t })),
    candidates: Array.from(session.candidates),
    remaining: session.remaining,
    solved: session.solved,
    guess: session.guess,
  };
}

describe('CodemakerSession', () => {
  const moo = gameFor(resolveRules({ game: 'moo' }));

  it.each([
    ['1357', '0123 0-2, 1045 1-1, 1256 2-0, 1274 1-1, 1357 4-0'],
    [
      '9431',
      '0123 0-2, 1045 0-2, 2354 0-2, 3406 1-1, 3561 1-1, 6502 0-0, 7431 3-0, 8431 3-0, 9431 4-0',
    ],
  ])('plays the seed pages’ game for %s when answered truthfully', (secret, transcript) => {
    const session = new CodemakerSession(moo, createStrategy('first-consistent'));
    const codes = codesOf(moo);
    const played: string[] = [];
    while (!session.solved) {
      const guess = moo.codes.make(session.guess!);
      const feedback = feedbackOf(secret, guess);
      const turn = session.answer(feedback);
      played.push(`${guess} ${feedback.hits}-${feedback.blows}`);
      expect(turn.remaining).toBe(naiveFilter(codes, textTurns(moo, session.turns)).length);
    }
    expect(played.join(', ')).toBe(transcript);
    expect(session.guess).toBeUndefined();
    expect(session.remaining).toBe(1);
    expect(moo.codes.make(session.candidates[0])).toBe(secret);
  });

  it('undo restores exactly the state before each answer', () => {
    const session = new CodemakerSession(moo, createStrategy('first-consistent'));
    expect(session.undo()).toBeUndefined();
    const before = [snapshot(session)];
    while (!session.solved) {
      const answered = session.answer(feedbackOf('5293', moo.codes.make(session.guess!)));
      expect(session.undo()).toEqual(answered);
      expect(snapshot(session)).toEqual(before.at(-1));
      session.answer(feedbackOf('5293', moo.codes.make(session.guess!)));
      before.push(snapshot(session));
    }
    expect(session.turns).toHaveLength(9);
    for (let i = before.length - 2; i >= 0; i--) {
      session.undo();
      expect(snapshot(session)).toEqual(before[i]);
    }
  });

  it('refuses an answer the rules never allow, leaving the state alone', () => {
    const session = new CodemakerSession(moo, createStrategy('first-consistent'));
    const state = snapshot(session);
    expect(() => session.answer({ hits: 3, blows: 1 })).toThrow(CodebreakerError);
    expect(() => session.answer({ hits: 0, blows: 5 })).toThrow(/cannot occur/);
    expect(snapshot(session)).toEqual(state);
  });

  it('in a black-peg game, refuses an answer with blows and one with too many hits', () => {
    const game = gameFor(resolveRules({ game: 'mastermind', feedback: 'black' }));
    const session = new CodemakerSession(game, createStrategy('first-consistent'));
    const state = snapshot(session);
    expect(() => session.answer({ hits: 1, blows: 1 })).toThrow(
      'the answer 1H1B has blows, but this game answers with hits only',
    );
    expect(() => session.answer({ hits: 5, blows: 0 })).toThrow('the answer 5H cannot occur');
    expect(snapshot(session)).toEqual(state);
    const turn = session.answer({ hits: 1, blows: 0 });
    expect([turn.answer, game.answerText(turn.answer)]).toEqual([1, '1H']);
  });

  /** The earliest k with turns 1..k and the new answer leaving no code; whether turn k alone does. */
  function naiveConflict(codes: string[], turns: TextTurn[], last: TextTurn) {
    for (let k = 0; k <= turns.length; k++) {
      if (naiveFilter(codes, [last, ...turns.slice(0, k)]).length === 0) {
        const alone = k <= 1 || naiveFilter(codes, [last, turns[k - 1]]).length === 0;
        return { turn: k, alone };
      }
    }
    return undefined;
  }

  it.each([
    ['mastermind', { game: 'mastermind', pegs: 3, colors: 4 }],
    ['hit-and-blow', { game: 'hit-and-blow', pegs: 3, colors: 5 }],
  ])('names the earliest conflicting turn as brute force does (%s)', (_, rules) => {
    const game = gameFor(resolveRules(rules));
    const codes = codesOf(game);
    const random = seededRandom(2024);
    const answers: Feedback[] = [];
    for (let hits = 0; hits <= game.pegs; hits++) {
      for (let blows = 0; hits + blows <= game.pegs; blows++) {
        if (canOccur(game.rules, { hits, blows })) answers.push({ hits, blows });
      }
    }
    const seen = { none: 0, impossible: 0, alone: 0, together: 0 };
    for (let round = 0; round < 250; round++) {
      const strategy = createStrategy('random-consistent', { seed: round });
      const session = new CodemakerSession(game, strategy);
      const secret = codes[Math.floor(random() * codes.length)];
      const turns = 1 + Math.floor(random() * 4);
      for (let t = 0; t < turns && !session.solved; t++) {
        session.answer(feedbackOf(secret, game.codes.make(session.guess!)));
      }
      if (session.solved) session.undo();
      const guess = game.codes.make(session.guess!);
      const feedback = answers[Math.floor(random() * answers.length)];
      const history = textTurns(game, session.turns);
      const last = { guess, answer: makeFeedback(feedback) };
      const expected = naiveConflict(codes, history, last);
      const conflict = session.conflict(feedback);
      const state = snapshot(session);
      if (expected === undefined) {
        seen.none++;
        expect(conflict).toBeUndefined();
        expect(session.answer(feedback).remaining).toBe(
          naiveFilter(codes, [...history, last]).length,
        );
        continue;
      }
      expect(conflict).toMatchObject({ ...expected, guess: session.guess });
      let thrown: unknown;
      try {
        session.answer(feedback);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(ContradictionError);
      expect((thrown as ContradictionError).conflict).toEqual(conflict);
      expect(snapshot(session)).toEqual(state);
      const message = (thrown as Error).message;
      if (expected.turn === 0) {
        seen.impossible++;
        expect(message).toBe(
          `${last.answer} to ${guess} is impossible: no secret gives that answer to ${guess}`,
        );
      } else {
        const earlier = history[expected.turn - 1];
        if (expected.alone) seen.alone++;
        else seen.together++;
        expect(message).toBe(
          `${last.answer} to ${guess} contradicts your answer ${earlier.answer} to ${earlier.guess} (guess ${expected.turn})${expected.alone ? '' : ', given your answers before it'}`,
        );
      }
    }
    // Every kind of outcome was exercised, so none of the checks above went untested. Without
    // repetition all guesses are alike up to renaming symbols, so an answer the rules allow
    // always has a secret: only repetition makes an answer impossible for one guess alone.
    expect(seen.none && seen.alone && seen.together).toBeGreaterThan(0);
    expect(seen.impossible > 0).toBe(game.rules.repeat);
  });
});

describe('CodebreakerSession', () => {
  const game = gameFor(resolveRules({ game: 'hit-and-blow' }));
  const codes = codesOf(game);

  it('plays a whole game: the seeded secret answers every guess and is revealed when solved', () => {
    const seed = 11;
    const session = new CodebreakerSession(
      game,
      createStrategy('first-consistent'),
      secretFromSeed(game, seed),
    );
    const history: TextTurn[] = [];
    while (!session.over) {
      expect(session.secret).toBeUndefined();
      const guess = naiveFilter(codes, history)[0];
      const turn = session.guess(game.codes.parse(guess));
      history.push({ guess, answer: answerText(game, turn.answer) });
      expect(turn.remaining).toBe(naiveFilter(codes, history).length);
      expect(turn.consistent).toBe(true);
    }
    expect(session.solved).toBe(true);
    expect(session.revealed).toBe(false);
    const secret = game.codes.make(session.secret!);
    expect(history.at(-1)).toEqual({ guess: secret, answer: '4H0B' });
    for (const turn of history) expect(naiveAnswer(secret, turn.guess)).toBe(turn.answer);
    expect(() => session.guess(0)).toThrow(/over/);
  });

  it('hint counts the secrets left as a naive filter does and suggests the strategy’s guess', () => {
    const random = seededRandom(7);
    for (let seed = 0; seed < 20; seed++) {
      const session = new CodebreakerSession(
        game,
        createStrategy('first-consistent'),
        secretFromSeed(game, seed),
      );
      const history: TextTurn[] = [];
      for (let t = 0; t < 4 && !session.over; t++) {
        const left = naiveFilter(codes, history);
        const hint = session.hint();
        expect(hint.remaining).toBe(left.length);
        expect(game.codes.make(hint.suggestion)).toBe(left[0]);
        const guess = codes[Math.floor(random() * codes.length)];
        const turn = session.guess(game.codes.parse(guess));
        expect(turn.consistent).toBe(left.includes(guess));
        history.push({ guess, answer: answerText(game, turn.answer) });
      }
    }
  });

  it('give up reveals the seeded secret, the one behind every answer', () => {
    const random = seededRandom(99);
    for (const seed of [0, 1, 42, 2 ** 32 + 5, 123456789012345]) {
      const session = new CodebreakerSession(
        game,
        createStrategy('first-consistent'),
        secretFromSeed(game, seed),
      );
      const guesses = [0, 1, 2].map(() => codes[Math.floor(random() * codes.length)]);
      const answers = guesses.map((g) =>
        answerText(game, session.guess(game.codes.parse(g)).answer),
      );
      if (session.solved) continue;
      expect(session.secret).toBeUndefined();
      const secret = game.codes.make(session.giveUp());
      expect(session.revealed && session.over).toBe(true);
      expect(game.codes.make(session.secret!)).toBe(secret);
      guesses.forEach((g, i) => expect(naiveAnswer(secret, g)).toBe(answers[i]));
      const again = new CodebreakerSession(
        game,
        createStrategy('first-consistent'),
        secretFromSeed(game, seed),
      );
      expect(game.codes.make(again.giveUp())).toBe(secret);
    }
  });

  it('a seed picks any secret: every code of a small game comes up', () => {
    const small = gameFor(resolveRules({ pegs: 2, colors: 5, repeat: false }));
    const hit = new Set<number>();
    for (let seed = 0; seed < 1000; seed++) {
      const secret = secretFromSeed(small, seed);
      expect(secret).toBe(secretFromSeed(small, seed));
      hit.add(secret);
    }
    expect([...hit].sort((a, b) => a - b)).toEqual(Array.from({ length: small.size }, (_, i) => i));
  });
});
