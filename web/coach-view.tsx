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
import { type Text, useText } from './text/index.js';

/** How many of the secrets still possible the list shows. */
export const SECRETS_SHOWN = 100;

/** Who graded: the exact search, or the heuristic named. */
function gradedBy(t: Text, grade: CoachGrade): string {
  return grade.by === 'optimal' ? t.coach.optimalPlay : strategyTitle(t, grade.by);
}

/** The short grade beside a guess: "optimal", or "−0.53" guesses lost. */
export function GradeChip({ answer }: { readonly answer: CoachAnswer | undefined }) {
  const t = useText();
  if (answer === undefined) {
    return (
      <span class="grade pending" aria-label={t.coach.grading}>
        …
      </span>
    );
  }
  if (answer.kind !== 'grade') return null;
  const { loss, by } = answer.grade;
  const best = loss === 0;
  const optimal = by === 'optimal';
  const said = best
    ? optimal
      ? t.coach.optimal
      : t.coach.bestBy(strategyTitle(t, by))
    : t.coach.lost(loss);
  return (
    <span
      class={`grade ${best ? 'best' : loss < 0.25 ? 'close' : 'lost'}`}
      data-testid="grade"
      data-loss={loss}
      data-by={by}
      title={said}
      aria-label={said}
    >
      {best ? (optimal ? t.coach.optimal : t.coach.best) : `−${t.figure(loss)}`}
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
  const t = useText();
  if (answer.kind === 'ungraded') {
    return (
      <p class="muted" data-testid="coach-line">
        {t.coach.ungraded(number, answer.limit)}
      </p>
    );
  }
  if (answer.kind !== 'grade') return null;
  const grade = answer.grade;
  const heuristic = grade.by !== 'optimal';
  return (
    <p class="coach-line" data-testid="coach-line">
      <strong>{t.coach.turn(number)}</strong>
      {grade.loss === 0 ? (
        t.coach.wasBest(heuristic ? gradedBy(t, grade) : undefined, grade.expected, grade.left)
      ) : (
        <>
          {t.coach.lostAgainst(grade.loss)}
          <Code rules={rules} code={grade.best} />
          {t.coach.bestNeeds(grade.bestExpected, grade.expected, grade.left, grade.bestLeft)}
        </>
      )}
      {heuristic && <span class="muted">{t.coach.gradedBy(gradedBy(t, grade))}</span>}
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
  const t = useText();
  const last = coaching.grades.length;
  const answer = coaching.grades.at(-1);
  return (
    <div class="coach" data-testid="coach">
      {answer && <GradeLine rules={rules} number={last} answer={answer} />}
      {last > 0 && (
        <details class="possible" data-testid="possible">
          <summary>{t.coach.stillPossible(remaining)}</summary>
          <ul class="codes">
            {shown.map((code) => (
              <li key={code}>
                <Code rules={rules} code={code} />
              </li>
            ))}
          </ul>
          {remaining > shown.length && (
            <p class="muted">{t.coach.andMore(remaining - shown.length)}</p>
          )}
        </details>
      )}
    </div>
  );
}

/** After a solved game: the guesses taken, what best play needs for this secret, guesses lost. */
export function CoachSummary(props: { readonly coaching: Coaching; readonly guesses: number }) {
  const { coaching, guesses } = props;
  const t = useText();
  const grades = coaching.grades.flatMap((answer) =>
    answer?.kind === 'grade' ? [answer.grade] : [],
  );
  const lost = grades.reduce((sum, grade) => sum + grade.loss, 0);
  const par = coaching.par;
  return (
    <p class="coach-summary" data-testid="coach-summary" data-lost={lost}>
      {par?.kind === 'par' && (
        <span data-testid="par" data-guesses={par.guesses}>
          {t.coach.par(
            par.by === 'optimal' ? t.coach.theOptimal : strategyTitle(t, par.by),
            par.guesses,
            guesses,
          )}
        </span>
      )}
      {grades.length > 0 && (lost === 0 ? t.coach.allBest : t.coach.lostInAll(lost))}
    </p>
  );
}
