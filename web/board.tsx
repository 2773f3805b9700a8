/**
 * The game board both roles play on: the hidden secret on top (revealed when the game ends), a
 * fixed number of rows, each guess with its answer, the row in play highlighted, and the rows
 * still to play as empty holes. A game that runs past the last row gets one more row at a time.
 */
import type { ComponentChildren } from 'preact';
import type { Game } from '../src/game.js';
import { Answer, Code, Peg, positions } from './pegs.js';
import type { TurnView } from './play.js';
import { useText } from './text/index.js';
import type { Terms } from './words.js';

/** The rows of a board: ten, as on the classic boards; twelve for games beyond the table. */
export function boardRows(game: Game): number {
  return game.tableFits ? 10 : 12;
}

/** The secret's row: shields while the game goes on, the code once it is over. */
function SecretRow(props: {
  readonly game: Game;
  readonly secret: string | undefined;
  readonly label: string;
}) {
  const { game, secret, label } = props;
  const t = useText();
  return (
    <div class="board-row secret-row" data-testid="secret" data-code={secret}>
      <span class="row-label">{label}</span>
      {secret === undefined ? (
        <span class="code shields" role="img" aria-label={t.board.hidden}>
          {positions(game.pegs).map((position) => (
            <span key={position} class="symbol shield" aria-hidden="true">
              ?
            </span>
          ))}
        </span>
      ) : (
        <Code rules={game.rules} code={secret} />
      )}
    </div>
  );
}

/** A board: the secret row, the played rows, the row in play (`current`) and the empty rows. */
export function Board(props: {
  readonly game: Game;
  readonly terms: Terms;
  readonly turns: readonly TurnView[];
  /** The secret, written out, once it may be shown. */
  readonly secret: string | undefined;
  readonly secretLabel: string;
  /** The row in play, without its number; none once the game is over. */
  readonly current?: ComponentChildren;
  /** Show the secrets still possible after each turn. */
  readonly remaining?: boolean;
  /** What else a played row shows at its end (the coach's grade). */
  readonly extra?: (turn: TurnView) => ComponentChildren;
}) {
  const { game, terms, turns, secret, secretLabel, current, remaining = false, extra } = props;
  const { rules } = game;
  const t = useText();
  const used = turns.length + (current ? 1 : 0);
  const rows = Math.max(boardRows(game), used);
  return (
    <div class="board" style={{ '--pegs': game.pegs }} data-testid="board">
      <SecretRow game={game} secret={secret} label={secretLabel} />
      <ol class="rows" aria-label={t.board.guesses}>
        {turns.map((turn) => (
          <li
            key={turn.number}
            class="board-row played"
            data-testid="turn"
            data-guess={turn.guess}
            data-answer={turn.answer}
          >
            <span class="row-number">{turn.number}</span>
            <Code rules={rules} code={turn.guess} />
            <Answer rules={rules} terms={terms} hits={turn.hits} blows={turn.blows} />
            {remaining && (
              <span class="row-remaining" title={t.board.leftTitle}>
                {turn.hits === game.pegs ? t.board.solved : t.board.left(turn.remaining)}
              </span>
            )}
            {extra?.(turn)}
          </li>
        ))}
        {current && (
          <li class="board-row current" aria-current="step" data-testid="current-row">
            <span class="row-number">{turns.length + 1}</span>
            {current}
          </li>
        )}
        {positions(rows - used).map((i) => (
          <li key={`empty-${i}`} class="board-row empty" aria-hidden="true">
            <span class="row-number">{used + i + 1}</span>
            <span class="code holes">
              {positions(game.pegs).map((position) => (
                <Peg key={position} rules={rules} symbol={undefined} />
              ))}
            </span>
          </li>
        ))}
      </ol>
    </div>
  );
}
