/**
 * The computer breaks your code, on the board: it guesses, you answer each guess (buttons or
 * typed), and it says so when an answer cannot be true. The view draws a play object (play.ts)
 * that the page owns, acts on it and hands it back through `onChange`.
 */
import { useState } from 'preact/hooks';
import { Board } from './board.js';
import { Answer, Code, codeName, positions } from './pegs.js';
import { HowToPlay, Status, type ViewProps, useOnScreen } from './play-parts.js';
import type { CodemakerPlay } from './play.js';
import { strategyTitle } from './strategy-choice.js';
import { useText } from './text/index.js';
import { answerRule, problemWords } from './words.js';

/** A word with its first letter in capitals, where the script has them: "Bulls". */
function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** A row of number buttons, 0 to `max`, one of them chosen. */
function NumberPicker(props: {
  readonly label: string;
  readonly explanation: string;
  readonly noun: readonly [string, string];
  readonly value: number;
  readonly max: number;
  readonly allowed: (n: number) => boolean;
  readonly onPick: (n: number) => void;
}) {
  const { label, explanation, noun, value, max, allowed, onPick } = props;
  const t = useText();
  return (
    <fieldset class="picker">
      <legend>
        {label} <small>{explanation}</small>
      </legend>
      <div class="picker-buttons">
        {positions(max + 1).map((n) => (
          <button
            key={n}
            type="button"
            aria-label={t.count(n, noun)}
            aria-pressed={n === value}
            disabled={!allowed(n)}
            onClick={() => onPick(n)}
          >
            {n}
          </button>
        ))}
      </div>
    </fieldset>
  );
}

/** The computer guesses; you answer each guess in the game's terms. */
export function CodemakerView(
  props: ViewProps<CodemakerPlay> & { readonly onNewGame: () => void },
) {
  const { game, terms, play, onChange, announce, onNewGame } = props;
  const t = useText();
  const [typed, setTyped] = useState('');
  const { rules } = game;
  const { guess, turns, warning, answer } = play;
  const { hits, blows } = answer;
  const pegs = game.pegs;
  const update = () => onChange(play);
  const send = () => {
    if (play.send()) {
      const next = play.guess;
      announce(
        next === undefined
          ? t.play.foundYours(play.turns.length)
          : t.play.nextGuess(play.turns.length + 1, codeName(t, rules, next)),
      );
    }
    update();
  };
  // The answer typed, if any, is the one sent, whichever way it is sent; unreadable, it is said.
  const sendTyped = () => {
    if (typed.trim() !== '' && !play.typeAnswer(typed)) {
      update();
      return;
    }
    setTyped('');
    if (!play.warning) send();
    else update();
  };
  const sendRef = useOnScreen<HTMLButtonElement>(turns.length);
  const undo = (
    <button
      type="button"
      disabled={turns.length === 0}
      onClick={() => {
        play.undo();
        update();
      }}
    >
      {t.play.takeBack}
    </button>
  );
  const title = strategyTitle(t, play.strategy.name);
  const current =
    guess === undefined ? undefined : (
      <>
        <span data-testid="computer-guess" data-code={guess}>
          <Code rules={rules} code={guess} />
        </span>
        <span class="row-question" aria-hidden="true">
          ?
        </span>
      </>
    );
  return (
    <section class="card play" data-testid="codemaker" aria-label={t.play.codemakerLabel}>
      <HowToPlay>{t.play.codemakerRules(answerRule(t, rules, terms))}</HowToPlay>
      {play.since > 0 && guess !== undefined && (
        <p class="muted">{t.play.tookOver(title, play.since)}</p>
      )}
      <Board
        game={game}
        terms={terms}
        turns={turns}
        secret={guess === undefined ? turns.at(-1)?.guess : undefined}
        secretLabel={t.board.yourSecret}
        current={current}
        remaining
      />
      {guess === undefined ? (
        <div class="outcome" data-testid="outcome">
          <p>{t.play.foundYours(turns.length)}</p>
          <div class="actions">
            <button type="button" class="primary" onClick={onNewGame}>
              {t.play.playAgain}
            </button>
            {undo}
          </div>
        </div>
      ) : (
        <div class="answer-panel">
          <div class="pickers" data-testid="palette">
            <NumberPicker
              label={capital(terms.hit[1])}
              explanation={terms.hitMeans}
              noun={terms.hit}
              value={hits}
              max={pegs}
              allowed={() => true}
              onPick={(n) => {
                let b = blows;
                while (b > 0 && !play.canOccur(n, b)) b--;
                play.setAnswer(n, b);
                setTyped('');
                update();
              }}
            />
            {!terms.hitsOnly && (
              <NumberPicker
                label={capital(terms.blow[1])}
                explanation={terms.blowMeans}
                noun={terms.blow}
                value={blows}
                max={pegs}
                allowed={(n) => play.canOccur(hits, n)}
                onPick={(n) => {
                  play.setAnswer(hits, n);
                  setTyped('');
                  update();
                }}
              />
            )}
          </div>
          <Status
            kind="warning"
            text={
              warning
                ? t.problems.warning(
                    problemWords(t, warning, game, terms, play.session.turns),
                    turns.length > 0,
                  )
                : play.message && problemWords(t, play.message, game, terms, play.session.turns)
            }
          />
          <div class="actions">
            {/* The button that sends the turn, by the same hook in both roles (send-guess). */}
            <span class="send-turn" data-testid="send-guess">
              <button
                type="button"
                class="primary"
                disabled={warning !== undefined}
                onClick={sendTyped}
                data-testid="send-answer"
                ref={sendRef}
              >
                {t.play.answer}{' '}
                <Answer rules={rules} terms={terms} hits={hits} blows={blows} words />
              </button>
            </span>
            {undo}
          </div>
          <form
            class="typed"
            onSubmit={(event) => {
              event.preventDefault();
              sendTyped();
            }}
          >
            <label>
              {t.play.orTypeIt}{' '}
              <input
                value={typed}
                placeholder="2 1"
                aria-label={t.play.typeLabel(terms.hit[1], terms.blow[1])}
                onInput={(event) => {
                  // The pickers follow what is typed as soon as it reads as an answer.
                  const text = event.currentTarget.value;
                  setTyped(text);
                  const read = play.readAnswer(text);
                  if (read) {
                    play.setAnswer(read.hits, read.blows);
                    update();
                  }
                }}
              />
            </label>
          </form>
        </div>
      )}
    </section>
  );
}
