/**
 * The two play views on the board: you break the computer's code, with the coach grading each
 * guess (coach-view.tsx) and your record at the end (stats-view.tsx), and the computer breaks
 * yours. The views draw a play object (play.ts) that the page owns, act on it and hand it back
 * through `onChange`, which redraws and saves; they never start a game on their own.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { TreeJson } from '../src/tree-json.js';
import { Board } from './board.js';
import { useCoach } from './coach-client.js';
import { CoachPanel, CoachSummary, GradeChip, SECRETS_SHOWN } from './coach-view.js';
import { Palette, Slots, useTyping } from './compose.js';
import { Answer, Code, codeName, positions } from './pegs.js';
import type { CodebreakerPlay, CodemakerPlay } from './play.js';
import { Celebration, ShareButton, StatsPanel } from './stats-view.js';
import { type PlayerRecord, withGame, withPar } from './stats.js';
import { strategyTitle } from './strategy-choice.js';
import { useText } from './text/index.js';
import { type Terms, answerRule, answerWords, problemWords } from './words.js';

/** What both views get from the page. */
interface ViewProps<Play> {
  readonly game: Game;
  readonly terms: Terms;
  readonly play: Play;
  /** The play changed in place, or was replaced: redraw and save. */
  readonly onChange: (play: Play) => void;
  /** Says something to screen readers (the page's live region). */
  readonly announce: (text: string) => void;
}

/** One status line: the latest warning or refusal only, never a stack of old ones. */
function Status({ text, kind }: { readonly text: string | undefined; readonly kind: string }) {
  if (!text) return null;
  return (
    <p class={kind} role="alert" data-testid="status">
      {text}
    </p>
  );
}

/**
 * A ref whose element is scrolled into view, as little as needed, whenever `key` changes after
 * the first render: the controls of the turn in play stay on the screen as rows are added.
 */
export function useOnScreen<T extends HTMLElement>(key: unknown) {
  const ref = useRef<T>(null);
  const last = useRef(key);
  useEffect(() => {
    if (last.current === key) return;
    last.current = key;
    ref.current?.scrollIntoView({ block: 'nearest' });
  });
  return ref;
}

/** A word with its first letter in capitals, where the script has them: "Bulls". */
function capital(word: string): string {
  return word.charAt(0).toUpperCase() + word.slice(1);
}

/** Whether the screen has room to show everything open (a desktop, a tablet). */
export function roomy(): boolean {
  return window.matchMedia?.('(min-width: 640px)').matches ?? true;
}

/** The rules of a view in a paragraph, folded on a phone, where the game needs the screen. */
export function HowToPlay({ children }: { readonly children: ComponentChildren }) {
  const [open] = useState(roomy);
  const t = useText();
  return (
    <details class="how" open={open}>
      <summary>{t.play.howToPlay}</summary>
      <p class="lead">{children}</p>
    </details>
  );
}

/** You break the computer's code: fill the row (slot then symbol, drag, or type), then guess. */
export function CodebreakerView(
  props: ViewProps<CodebreakerPlay> & {
    readonly active: boolean;
    readonly onNewGame: () => void;
    /** The game's shipped optimal tree, for the coach; `treePending` while it loads. */
    readonly tree: TreeJson | undefined;
    readonly treePending: boolean;
    /** The player's record for these rules, and how to count a finished game in it. */
    readonly record: PlayerRecord;
    readonly onRecord: (update: (record: PlayerRecord) => PlayerRecord) => void;
  },
) {
  const { game, terms, play, onChange, announce, active, onNewGame, tree, treePending } = props;
  const { record, onRecord } = props;
  const t = useText();
  const { rules } = game;
  const [confirming, setConfirming] = useState(false);
  const update = () => onChange(play);
  const { turns, secret } = play;
  const over = play.session.over;
  const paletteRef = useOnScreen<HTMLFieldSetElement>(turns.length);
  const coaching = useCoach(
    game,
    tree,
    treePending,
    play.hiddenSecret,
    turns.map((turn) => turn.guess),
    play.session.solved,
  );

  // A finished game counts once in the record (by its seed), and its par once it is known.
  const solved = play.session.solved;
  useEffect(() => {
    if (over) onRecord((before) => withGame(before, play.seed, solved, turns.length));
  }, [over, solved, play.seed, turns.length, onRecord]);
  const par = coaching.par;
  useEffect(() => {
    if (solved && par?.kind === 'par') {
      onRecord((before) => withPar(before, play.seed, turns.length, par.guesses));
    }
  }, [solved, par, play.seed, turns.length, onRecord]);

  const send = () => {
    const turn = play.send();
    if (turn) {
      const last = play.turns.at(-1)!;
      const said = t.play.saidTurn(
        last.number,
        codeName(t, rules, last.guess),
        answerWords(t, terms, last.hits, last.blows),
      );
      announce(play.session.solved ? `${said} ${t.play.cracked(last.number)}` : said);
    }
    update();
  };
  const focusSlot = useTyping(
    active,
    () => (play.session.over ? undefined : play.row),
    send,
    update,
  );

  const hint = play.shownHint;
  const current = over ? undefined : (
    <>
      <Slots
        game={game}
        terms={terms}
        draft={play.row}
        label={t.play.slotsLabel(turns.length + 1, terms.symbol[0])}
        focusSlot={focusSlot}
        changed={update}
      />
      <button
        type="button"
        class="primary send"
        disabled={!play.row.full}
        onClick={send}
        data-testid="send-guess"
      >
        {t.play.guess}
      </button>
    </>
  );

  return (
    <section class="card play" data-testid="codebreaker" aria-label={t.play.codebreakerLabel}>
      <HowToPlay>
        {t.play.codebreakerRules(answerRule(t, rules, terms))}{' '}
        {t.play.codebreakerHow(terms.symbol[0], terms.symbol[1])}
      </HowToPlay>
      <Board
        game={game}
        terms={terms}
        turns={turns}
        secret={secret}
        secretLabel={t.board.secret}
        current={current}
        extra={(turn) => <GradeChip answer={coaching.grades[turn.number - 1]} />}
      />
      {over ? (
        <div class="outcome" data-testid="outcome">
          <p>
            {play.session.solved ? t.play.cracked(turns.length) : t.play.gaveUp(turns.length)}
            {!play.session.solved && <Code rules={rules} code={secret!} />}
          </p>
          {solved && <Celebration />}
          {solved && <CoachSummary coaching={coaching} guesses={turns.length} />}
          <div class="actions">
            <button type="button" class="primary" onClick={onNewGame}>
              {t.play.newGame}
            </button>
            <ShareButton title={terms.title} pegs={game.pegs} answers={turns} solved={solved} />
          </div>
          <StatsPanel record={record} />
        </div>
      ) : (
        <>
          <Palette
            game={game}
            terms={terms}
            draft={play.row}
            changed={update}
            paletteRef={paletteRef}
          />
          <Status
            text={play.message && problemWords(t, play.message, game, terms, play.session.turns)}
            kind="error"
          />
          <CoachPanel
            rules={rules}
            coaching={coaching}
            remaining={play.session.remaining}
            shown={play.possible(SECRETS_SHOWN)}
          />
          {hint && (
            <p class="hint" data-testid="hint" data-remaining={hint.remaining}>
              <span>{t.play.suggests(hint.remaining, strategyTitle(t, play.strategy.name))}</span>
              <Code rules={rules} code={hint.suggestion} />
              <button
                type="button"
                onClick={() => {
                  play.useHint();
                  update();
                }}
              >
                {t.play.useIt}
              </button>
            </p>
          )}
          <div class="actions">
            <button
              type="button"
              onClick={() => {
                play.hint();
                update();
              }}
            >
              {t.play.hint}
            </button>
            <button
              type="button"
              onClick={() => {
                play.row.clear();
                update();
              }}
            >
              {t.play.clearRow}
            </button>
          </div>
          <div class="actions end">
            {confirming ? (
              <fieldset class="confirm">
                <legend>{t.play.giveUpQuestion}</legend>
                <button
                  type="button"
                  class="danger"
                  onClick={() => {
                    const shown = play.giveUp();
                    setConfirming(false);
                    announce(t.play.secretWas(codeName(t, rules, shown)));
                    update();
                  }}
                >
                  {t.play.showIt}
                </button>
                <button type="button" onClick={() => setConfirming(false)}>
                  {t.play.keepPlaying}
                </button>
              </fieldset>
            ) : (
              <button type="button" class="quiet" onClick={() => setConfirming(true)}>
                {t.play.giveUp}
              </button>
            )}
          </div>
        </>
      )}
    </section>
  );
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
