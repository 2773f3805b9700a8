/**
 * The page's side of the coach: one Web Worker (coach-worker.ts) started on first use, and the
 * answers it gave, kept for the page's life by what they are of (rules, secret, guesses), so a
 * redraw, a change of strategy or of tab asks nothing twice. `useCoach` asks for what a game
 * still lacks and redraws when it comes.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { TreeJson } from '../src/tree-json.js';
import type { CoachAnswer, CoachRequest } from './coach.js';
import { rulesKey } from './settings.js';

type Question = Omit<CoachRequest, 'id'>;

let worker: Worker | undefined;
let nextId = 0;
const waiting = new Map<number, (answer: CoachAnswer) => void>();
const answers = new Map<string, CoachAnswer>();
const asked = new Set<string>();

function ask(question: Question): Promise<CoachAnswer> {
  if (!worker) {
    worker = new Worker(new URL('./coach-worker.ts', import.meta.url), { type: 'module' });
    worker.onmessage = (event: MessageEvent<CoachAnswer>) => {
      const done = waiting.get(event.data.id);
      waiting.delete(event.data.id);
      done?.(event.data);
    };
    // A worker that fails (a bug) answers everything it was asked with the failure, and the
    // next question starts a new one: no grade waits for ever.
    worker.onerror = (event) => {
      event.preventDefault();
      worker?.terminate();
      worker = undefined;
      for (const [id, done] of waiting) done({ id, kind: 'error', message: event.message });
      waiting.clear();
    };
  }
  const id = nextId++;
  return new Promise((resolve) => {
    waiting.set(id, resolve);
    worker!.postMessage({ ...question, id } satisfies CoachRequest);
  });
}

/** The key of a question: everything its answer depends on. */
function keyOf(question: Question): string {
  const { rules, secret, before, kind, guess } = question;
  return [rulesKey(rules), secret, kind, before.join(','), guess ?? ''].join('|');
}

/** What the coach says about a game: a grade (or why none) per guess, and par once it is over. */
export interface Coaching {
  /** Per guess, its answer once it has come. */
  readonly grades: readonly (CoachAnswer | undefined)[];
  readonly par: CoachAnswer | undefined;
}

/**
 * The coach's answers on a game: `guesses` against `secret`, and par once `over`. Nothing is
 * asked while `waitForTree` (the shipped tree, which makes grading quick, is on its way).
 */
export function useCoach(
  game: Game,
  tree: TreeJson | undefined,
  waitForTree: boolean,
  secret: string,
  guesses: readonly string[],
  over: boolean,
): Coaching {
  const [, setTick] = useState(0);
  const questions: Question[] = guesses.map((guess, i) => ({
    rules: game.rules,
    tree,
    secret,
    before: guesses.slice(0, i),
    kind: 'grade',
    guess,
  }));
  const parQuestion: Question = { rules: game.rules, tree, secret, before: [], kind: 'par' };
  const keys = questions.map(keyOf);
  const parKey = keyOf(parQuestion);
  useEffect(() => {
    if (waitForTree) return;
    const wanted = over ? [...questions, parQuestion] : questions;
    for (const question of wanted) {
      const key = keyOf(question);
      if (asked.has(key)) continue;
      asked.add(key);
      void ask(question).then((answer) => {
        answers.set(key, answer);
        setTick((tick) => tick + 1);
      });
    }
  });
  return {
    grades: keys.map((key) => answers.get(key)),
    par: over ? answers.get(parKey) : undefined,
  };
}
