/**
 * The coach on the board: beside each guess its grade against the best guess from the same
 * position ("optimal", or the guesses lost on average), under the board the latest grade in
 * full and the secrets still possible, and at the end of a game what best play needs for that
 * secret. The grades come from coach-client.ts; this draws them.
 */
import type { Rules } from '../src/rules.js';
import type { Coaching } from './coach-client.js';
import type { CoachAnswer, CoachGrade } from './coach.js';
import { Code } from './pegs.js';
import { strategyTitle } from './strategy-choice.js';

/** How many of the secrets still possible the list shows. */
export const SECRETS_SHOWN = 100;

/** A number of guesses to two decimals: "0.53". */
function guessesFigure(n: number): string {
  return n.toFixed(2);
}

function plural(n: number, one: string, many: string): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? one : many}`;
}

/** Who graded: the exact search, or the heuristic named. */
function gradedBy(grade: CoachGrade): string {
  return grade.by === 'optimal' ? 'optimal play' : strategyTitle(grade.by);
}

/** The short grade beside a guess: "optimal", or "−0.53" guesses lost. */
export function GradeChip({ answer }: { readonly answer: CoachAnswer | undefined }) {
  if (answer === undefined) {
    return (
      <span class="grade pending" aria-label="grading">
        …
      </span>
    );
  }
  if (answer.kind !== 'grade') return null;
  const { loss, by } = answer.grade;
  const best = loss === 0;
  const said = best
    ? by === 'optimal'
      ? 'optimal'
      : `best by ${strategyTitle(by)}`
    : `${guessesFigure(loss)} guesses lost`;
  return (
    <span
      class={`grade ${best ? 'best' : loss < 0.25 ? 'close' : 'lost'}`}
      data-testid="grade"
      data-loss={loss}
      data-by={by}
      title={said}
      aria-label={said}
    >
      {best ? (by === 'optimal' ? 'optimal' : 'best') : `−${guessesFigure(loss)}`}
    </span>
  );
}

/** The latest grade in a sentence, with the best guess drawn. */
function GradeLine(props: {
  readonly rules: Rules;
  readonly number: number;
  readonly answer: CoachAnswer;
}) {
  const { rules, number, answer } = props;
  if (answer.kind === 'ungraded') {
    return (
      <p class="muted" data-testid="coach-line">
        Guess {number} is not graded: grading starts when at most {answer.limit} secrets are left in
        a game this large.
      </p>
    );
  }
  if (answer.kind !== 'grade') return null;
  const grade = answer.grade;
  const by = gradedBy(grade);
  const heuristic = grade.by !== 'optimal';
  return (
    <p class="coach-line" data-testid="coach-line">
      <strong>Guess {number}: </strong>
      {grade.loss === 0 ? (
        <>
          {heuristic ? `as good as the best guess ${by} finds` : 'optimal'}. From here it needs{' '}
          {guessesFigure(grade.expected)} guesses on average; it left{' '}
          {plural(grade.left, 'secret', 'secrets')}.
        </>
      ) : (
        <>
          {guessesFigure(grade.loss)} guesses lost on average. The best was{' '}
          <Code rules={rules} code={grade.best} />: from here it needs{' '}
          {guessesFigure(grade.bestExpected)} guesses on average, yours{' '}
          {guessesFigure(grade.expected)}. Yours left {plural(grade.left, 'secret', 'secrets')}, the
          best would have left {grade.bestLeft}.
        </>
      )}
      {heuristic && (
        <span class="muted"> Graded by {by}: the exact search takes too long from here.</span>
      )}
    </p>
  );
}

/** Under the board while the game goes on: the latest grade and the secrets still possible. */
export function CoachPanel(props: {
  readonly rules: Rules;
  readonly coaching: Coaching;
  /** How many secrets are still possible. */
  readonly remaining: number;
  /** The first `SECRETS_SHOWN` of them, written out, in code order. */
  readonly shown: readonly string[];
}) {
  const { rules, coaching, remaining, shown } = props;
  const last = coaching.grades.length;
  const answer = coaching.grades.at(-1);
  return (
    <div class="coach" data-testid="coach">
      {answer && <GradeLine rules={rules} number={last} answer={answer} />}
      {last > 0 && (
        <details class="possible" data-testid="possible">
          <summary>
            {remaining === 1
              ? 'Only 1 secret is still possible'
              : `${remaining.toLocaleString('en-US')} secrets are still possible`}
          </summary>
          <ul class="codes">
            {shown.map((code) => (
              <li key={code}>
                <Code rules={rules} code={code} />
              </li>
            ))}
          </ul>
          {remaining > shown.length && (
            <p class="muted">and {(remaining - shown.length).toLocaleString('en-US')} more</p>
          )}
        </details>
      )}
    </div>
  );
}

/** After a solved game: the guesses taken, what best play needs for this secret, guesses lost. */
export function CoachSummary(props: { readonly coaching: Coaching; readonly guesses: number }) {
  const { coaching, guesses } = props;
  const grades = coaching.grades.flatMap((answer) =>
    answer?.kind === 'grade' ? [answer.grade] : [],
  );
  const lost = grades.reduce((sum, grade) => sum + grade.loss, 0);
  const par = coaching.par;
  return (
    <p class="coach-summary" data-testid="coach-summary" data-lost={lost}>
      {par?.kind === 'par' && (
        <span data-testid="par" data-guesses={par.guesses}>
          {par.by === 'optimal' ? 'The optimal strategy' : strategyTitle(par.by)} needs{' '}
          {plural(par.guesses, 'guess', 'guesses')} for this secret; you took {guesses}.{' '}
        </span>
      )}
      {grades.length > 0 &&
        (lost === 0
          ? 'Every guess was a best guess.'
          : `Your guesses lost ${guessesFigure(lost)} guesses on average in all.`)}
    </p>
  );
}
