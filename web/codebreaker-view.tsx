/**
 * You break the computer's code, on the board: fill the row, guess, with the coach grading each
 * guess (coach-view.tsx) and your record at the end (stats-view.tsx). The view draws a play
 * object (play.ts) that the page owns, acts on it and hands it back through `onChange`, which
 * redraws and saves; it never starts a game on its own.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { TreeJson } from '../src/tree-json.js';
import { Board } from './board.js';
import { type Coaching, useCoach } from './coach-client.js';
import { CoachPanel, CoachSummary, GradeChip, SECRETS_SHOWN } from './coach-view.js';
import { Palette, Slots, useTyping } from './compose.js';
import { Code, codeName } from './pegs.js';
import { HowToPlay, Status, type ViewProps, useOnScreen } from './play-parts.js';
import type { CodebreakerPlay } from './play.js';
import { Celebration, ShareButton, StatsPanel } from './stats-view.js';
import { type PlayerRecord, withGame, withPar } from './stats.js';
import { strategyTitle } from './strategy-choice.js';
import { useText } from './text/index.js';
import { type Terms, answerRule, answerWords, problemWords } from './words.js';

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
        <Outcome
          game={game}
          terms={terms}
          play={play}
          coaching={coaching}
          record={record}
          onNewGame={onNewGame}
        />
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
          <HintLine play={play} onUse={update} />
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
          {/* Below the buttons: a grade comes from the coach's worker after the guess, and a line
              arriving above them would move them under a finger or a pointer about to press. */}
          <CoachPanel
            rules={rules}
            coaching={coaching}
            remaining={play.session.remaining}
            shown={play.possible(SECRETS_SHOWN)}
          />
          <GiveUp
            onGiveUp={() => {
              const shown = play.giveUp();
              announce(t.play.secretWas(codeName(t, rules, shown)));
              update();
            }}
          />
        </>
      )}
    </section>
  );
}

/** Giving up, asked twice: the secret is shown only when the player says so again. */
function GiveUp({ onGiveUp }: { readonly onGiveUp: () => void }) {
  const t = useText();
  const [confirming, setConfirming] = useState(false);
  return (
    <div class="actions end">
      {confirming ? (
        <fieldset class="confirm">
          <legend>{t.play.giveUpQuestion}</legend>
          <button
            type="button"
            class="danger"
            onClick={() => {
              setConfirming(false);
              onGiveUp();
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
  );
}

/** A finished game: how it ended, the coach's summary, a new game, sharing and the record. */
function Outcome(props: {
  readonly game: Game;
  readonly terms: Terms;
  readonly play: CodebreakerPlay;
  readonly coaching: Coaching;
  readonly record: PlayerRecord;
  readonly onNewGame: () => void;
}) {
  const { game, terms, play, coaching, record, onNewGame } = props;
  const t = useText();
  const { turns, secret } = play;
  const solved = play.session.solved;
  return (
    <div class="outcome" data-testid="outcome">
      <p>
        {solved ? t.play.cracked(turns.length) : t.play.gaveUp(turns.length)}
        {!solved && <Code rules={game.rules} code={secret!} />}
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
  );
}

/** The hint asked for, if any: the strategy's suggestion and a button that plays it. */
function HintLine({ play, onUse }: { readonly play: CodebreakerPlay; readonly onUse: () => void }) {
  const t = useText();
  const hint = play.shownHint;
  if (!hint) return null;
  return (
    <p class="hint" data-testid="hint" data-remaining={hint.remaining}>
      <span>{t.play.suggests(hint.remaining, strategyTitle(t, play.strategy.name))}</span>
      <Code rules={play.game.rules} code={hint.suggestion} />
      <button
        type="button"
        onClick={() => {
          play.useHint();
          onUse();
        }}
      >
        {t.play.useIt}
      </button>
    </p>
  );
}
