/**
 * The head-to-head view (versus.ts): first the player hides a code and picks the difficulty, then
 * both boards: the player's guesses at the computer's code with the row being composed, Numer0n's
 * items with what each side learned, and the computer's guesses at the player's code, answered by
 * the page. The view draws a play object the page owns and hands it back through `onChange`.
 */
import { useEffect, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { ItemAnswer, ItemName } from '../src/items.js';
import { Board } from './board.js';
import { Palette, Slots, useTyping } from './compose.js';
import { codeName } from './pegs.js';
import { HowToPlay, useOnScreen } from './play-parts.js';
import type { TurnView } from './play.js';
import { Celebration, StatsPanel } from './stats-view.js';
import { type PlayerRecord, withVersus } from './stats.js';
import { type Text, useText } from './text/index.js';
import {
  LEVELS,
  type Level,
  type UsedItem,
  type VersusPlay,
  type VersusTurn,
  hasItems,
} from './versus.js';
import { type Terms, answerWords, shapeWords } from './words.js';

/** The turns of one side as the board draws them. */
function boardTurns(turns: readonly VersusTurn[]): TurnView[] {
  return turns.map((turn, i) => ({
    number: i + 1,
    guess: turn.guess,
    hits: turn.hits,
    blows: turn.blows,
    answer: `${turn.hits}H${turn.blows}B`,
    remaining: 0,
  }));
}

/** An item's answer in words: "LOW HIGH LOW", "7 is digit 2", "largest − smallest = 6". */
function itemWords(t: Text, game: Game, answer: ItemAnswer): string {
  const alphabet = [...game.rules.alphabet];
  if (answer.item === 'high-low') {
    return answer.high.map((high) => (high ? t.versus.high : t.versus.low)).join(' ');
  }
  if (answer.item === 'target') {
    const digit = alphabet[answer.symbol];
    return answer.position === null
      ? t.versus.notIn(digit)
      : t.versus.at(digit, answer.position + 1);
  }
  return t.versus.spread(answer.spread);
}

/** What one side learned from its items. */
function ItemLog(props: {
  readonly game: Game;
  readonly who: string;
  readonly items: readonly UsedItem[];
  readonly testId: string;
}) {
  const { game, who, items, testId } = props;
  const t = useText();
  if (items.length === 0) return null;
  return (
    <ul class="item-log" data-testid={testId} aria-label={who}>
      {items.map((used) => (
        <li key={used.answer.item} data-item={used.answer.item}>
          {t.versus.itemUsed(
            used.round,
            t.versus.itemNames[used.answer.item],
            itemWords(t, game, used.answer),
          )}
        </li>
      ))}
    </ul>
  );
}

/** The player's items: each a button while unused; TARGET with its digit. */
function Items(props: {
  readonly game: Game;
  readonly play: VersusPlay;
  readonly update: () => void;
}) {
  const { game, play, update } = props;
  const t = useText();
  const [digit, setDigit] = useState(0);
  const can = play.playerCanUse;
  const use = (item: ItemName) => {
    play.useItem(item === 'target' ? { item, symbol: digit } : { item });
    update();
  };
  return (
    <fieldset class="items" data-testid="items">
      <legend>{t.versus.items}</legend>
      {(['high-low', 'target', 'slash'] as const).map((item) => (
        <span key={item} class="item">
          {item === 'target' && (
            <select
              aria-label={t.versus.targetDigit}
              value={digit}
              disabled={!can.includes('target')}
              onChange={(event) => setDigit(Number(event.currentTarget.value))}
            >
              {[...game.rules.alphabet].map((char, symbol) => (
                <option key={char} value={symbol}>
                  {char}
                </option>
              ))}
            </select>
          )}
          <button type="button" disabled={!can.includes(item)} onClick={() => use(item)}>
            {t.versus.itemNames[item]}
          </button>
        </span>
      ))}
    </fieldset>
  );
}

/** Head to head: choose a code, then guess in turns with the computer. */
export function VersusView(props: {
  readonly game: Game;
  readonly terms: Terms;
  readonly play: VersusPlay;
  readonly active: boolean;
  readonly onChange: (play: VersusPlay) => void;
  readonly onNewGame: (level: Level) => void;
  readonly announce: (text: string) => void;
  /** The player's record for these rules, and how to count a finished game in it. */
  readonly record: PlayerRecord;
  readonly onRecord: (update: (record: PlayerRecord) => PlayerRecord) => void;
}) {
  const { game, terms, play, active, onChange, onNewGame, announce, record, onRecord } = props;
  const t = useText();
  const { rules } = game;
  const update = () => onChange(play);
  const outcome = play.outcome;
  const choosing = outcome === 'choosing';
  const playing = outcome === 'playing';
  const rounds = play.playerTurns.length;
  const paletteRef = useOnScreen<HTMLFieldSetElement>(rounds);
  useEffect(() => {
    onRecord((before) => withVersus(before, play.seed, outcome));
  }, [outcome, play.seed, onRecord]);

  const send = () => {
    if (choosing) {
      play.start();
    } else if (play.guess()) {
      const mine = play.playerTurns.at(-1)!;
      const theirs = play.computerTurns.at(-1)!;
      const said = (turn: VersusTurn) =>
        `${codeName(t, rules, turn.guess)}, ${answerWords(t, terms, turn.hits, turn.blows)}`;
      announce(t.versus.round(said(mine), said(theirs)));
    }
    update();
  };
  const composing = choosing || playing;
  const focusSlot = useTyping(active, () => (composing ? play.row : undefined), send, update);

  const row = composing && (
    <>
      <Slots
        game={game}
        terms={terms}
        draft={play.row}
        label={
          choosing
            ? t.versus.secretLabel(terms.symbol[0])
            : t.versus.guessLabel(play.round, terms.symbol[0])
        }
        focusSlot={focusSlot}
        changed={update}
        testId={choosing ? 'secret-draft' : 'draft'}
      />
      <button
        type="button"
        class="primary send"
        disabled={!play.row.full}
        onClick={send}
        data-testid={choosing ? 'start' : 'send-guess'}
      >
        {choosing ? t.versus.start : t.play.guess}
      </button>
    </>
  );

  const palette = composing && (
    <Palette game={game} terms={terms} draft={play.row} changed={update} paletteRef={paletteRef} />
  );

  return (
    <section class="card play" data-testid="versus" aria-label={t.versus.label}>
      <HowToPlay>
        {t.versus.rules(shapeWords(t, rules, terms))}
        {hasItems(game) && ` ${t.versus.itemRules}`}
      </HowToPlay>
      {choosing ? (
        <>
          <fieldset class="levels">
            <legend>{t.versus.level}</legend>
            {LEVELS.map((level) => (
              <label key={level} class="check">
                <input
                  type="radio"
                  name="level"
                  checked={play.level === level}
                  onChange={() => onNewGame(level)}
                />
                <span>{t.versus.levels[level]}</span>
              </label>
            ))}
          </fieldset>
          <h2>{t.versus.chooseSecret}</h2>
          <div class="board" style={{ '--pegs': game.pegs }}>
            <div class="board-row current">{row}</div>
          </div>
          {palette}
          <div class="actions">
            <button
              type="button"
              onClick={() => {
                play.randomSecret();
                update();
              }}
            >
              {t.versus.random}
            </button>
          </div>
        </>
      ) : (
        <>
          <h2>{t.versus.yourBoard}</h2>
          <Board
            game={game}
            terms={terms}
            turns={boardTurns(play.playerTurns)}
            secret={play.revealed}
            secretLabel={t.versus.theirSecret}
            current={playing ? row : undefined}
          />
          {playing && palette}
          {outcome !== 'playing' && (
            <div class="outcome" data-testid="outcome" data-outcome={outcome}>
              <p>{t.versus[outcome as 'won' | 'lost' | 'draw'](rounds)}</p>
              {outcome === 'won' && <Celebration />}
              <div class="actions">
                <button type="button" class="primary" onClick={() => onNewGame(play.level)}>
                  {t.versus.newGame}
                </button>
              </div>
              <StatsPanel record={record} />
            </div>
          )}
          {hasItems(game) && playing && <Items game={game} play={play} update={update} />}
          <ItemLog
            game={game}
            who={t.versus.youUsed}
            items={play.playerItems}
            testId="player-items"
          />
          <h2>{t.versus.computerBoard}</h2>
          <ItemLog
            game={game}
            who={t.versus.computerUsed}
            items={play.computerItems}
            testId="computer-items"
          />
          <div data-testid="computer-board">
            <Board
              game={game}
              terms={terms}
              turns={boardTurns(play.computerTurns)}
              secret={play.playerSecret}
              secretLabel={t.versus.yourSecret}
            />
          </div>
        </>
      )}
    </section>
  );
}
