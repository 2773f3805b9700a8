/** The two play views: the computer breaks your code, and you break the computer's. */
import { useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { Strategy } from '../src/strategy.js';
import { Answer, Code, Peg, positions } from './pegs.js';
import { CodebreakerPlay, CodemakerPlay, type TurnView } from './play.js';
import { freshSeed } from './strategy-choice.js';

/** A function that redraws the component after its state object changed in place. */
function useRedraw(): () => void {
  const [, setTick] = useState(0);
  return () => setTick((tick) => tick + 1);
}

/** The turns so far as a table; `remaining` adds the secrets still possible after each. */
function Turns({
  game,
  turns,
  remaining,
}: { readonly game: Game; readonly turns: TurnView[]; readonly remaining: boolean }) {
  if (turns.length === 0) return null;
  return (
    <table class="turns" data-testid="turns">
      <thead>
        <tr>
          <th>#</th>
          <th>guess</th>
          <th>answer</th>
          {remaining && <th>secrets left</th>}
        </tr>
      </thead>
      <tbody>
        {turns.map((turn) => (
          <tr key={turn.number} data-guess={turn.guess} data-answer={turn.answer}>
            <td class="number">{turn.number}</td>
            <td>
              <Code rules={game.rules} code={turn.guess} />
            </td>
            <td>
              <Answer
                pegs={game.pegs}
                hits={turn.hits}
                blows={turn.blows}
                hitsOnly={game.feedback === 'black'}
              />
            </td>
            {remaining && <td class="number">{turn.remaining}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** A row of number buttons, 0 to `max`, one of them chosen. */
function NumberPicker(props: {
  readonly label: string;
  readonly explanation: string;
  readonly value: number;
  readonly max: number;
  readonly allowed: (n: number) => boolean;
  readonly onPick: (n: number) => void;
}) {
  const { label, explanation, value, max, allowed, onPick } = props;
  return (
    <fieldset class="picker">
      <legend>
        {label} <small>{explanation}</small>
      </legend>
      {positions(max + 1).map((n) => (
        <button
          key={n}
          type="button"
          aria-label={`${n} ${label.toLowerCase()}`}
          aria-pressed={n === value}
          disabled={!allowed(n)}
          onClick={() => onPick(n)}
        >
          {n}
        </button>
      ))}
    </fieldset>
  );
}

function rulesText(game: Game): string {
  const { pegs, alphabet, repeat } = game.rules;
  return `${pegs} symbols from ${alphabet}, ${repeat ? 'repeats allowed' : 'all different'}`;
}

/** The computer guesses; the user answers each guess with hits and blows. */
export function CodemakerView({
  game,
  strategy,
}: { readonly game: Game; readonly strategy: Strategy }) {
  const [play, setPlay] = useState(() => new CodemakerPlay(game, strategy));
  const [typed, setTyped] = useState('');
  const redraw = useRedraw();
  const act = (action: () => void) => () => {
    action();
    redraw();
  };
  const { guess, turns, warning, answer } = play;
  const { hits, blows } = answer;
  const pegs = game.pegs;
  const hitsOnly = game.feedback === 'black';
  const undoButton = (
    <button type="button" disabled={turns.length === 0} onClick={act(() => play.undo())}>
      Undo last answer
    </button>
  );
  return (
    <section class="card" data-testid="codemaker">
      <p class="lead">
        Think of a secret code ({rulesText(game)}) and keep it to yourself. The computer guesses;
        {hitsOnly
          ? ' answer each guess with its hits alone (black pegs: right symbol, right place).'
          : ' answer each guess with its hits (right symbol, right place) and blows (right symbol, wrong place).'}
      </p>
      <Turns game={game} turns={turns} remaining />
      {guess === undefined ? (
        <div class="outcome" data-testid="outcome">
          <p>
            Your secret is <Code rules={game.rules} code={turns.at(-1)!.guess} />: found in{' '}
            <strong>{turns.length}</strong> {turns.length === 1 ? 'guess' : 'guesses'}.
          </p>
          <div class="actions">
            {undoButton}
            <button
              type="button"
              class="primary"
              onClick={() => setPlay(new CodemakerPlay(game, strategy))}
            >
              Play again
            </button>
          </div>
        </div>
      ) : (
        <div class="current">
          <div class="guess-row">
            <span class="label">Guess {turns.length + 1}</span>
            <span data-testid="computer-guess" data-code={guess}>
              <Code rules={game.rules} code={guess} />
            </span>
          </div>
          <NumberPicker
            label="Hits"
            explanation="right symbol, right place"
            value={hits}
            max={pegs}
            allowed={() => true}
            onPick={(n) => act(() => play.setAnswer(n, Math.min(blows, pegs - n)))()}
          />
          {!hitsOnly && (
            <NumberPicker
              label="Blows"
              explanation="right symbol, wrong place"
              value={blows}
              max={pegs}
              allowed={(n) => hits + n <= pegs}
              onPick={(n) => act(() => play.setAnswer(hits, n))()}
            />
          )}
          <form
            class="typed"
            onSubmit={(event) => {
              event.preventDefault();
              if (play.typeAnswer(typed) && !play.warning && play.send()) setTyped('');
              redraw();
            }}
          >
            <label>
              or type it{' '}
              <input
                value={typed}
                placeholder={hitsOnly ? '2' : '2H1B'}
                aria-label="Type the answer"
                onInput={(event) => setTyped(event.currentTarget.value)}
              />
            </label>
          </form>
          {warning && (
            <p class="warning" role="alert" data-testid="warning">
              {warning}.
              {turns.length > 0 ? ' Change this answer, or take an earlier one back.' : ''}
            </p>
          )}
          {play.message && (
            <p class="error" role="alert">
              {play.message}
            </p>
          )}
          <div class="actions">
            <button
              type="button"
              class="primary"
              disabled={warning !== undefined}
              onClick={act(() => play.send())}
            >
              Answer {hitsOnly ? `${hits}H` : `${hits}H${blows}B`}
            </button>
            {undoButton}
          </div>
        </div>
      )}
    </section>
  );
}

/** The user guesses the computer's secret, with hints on demand. */
export function CodebreakerView({
  game,
  strategy,
}: { readonly game: Game; readonly strategy: Strategy }) {
  const [play, setPlay] = useState(() => new CodebreakerPlay(game, strategy, freshSeed()));
  const [typed, setTyped] = useState('');
  const redraw = useRedraw();
  const act = (action: () => void) => () => {
    action();
    redraw();
  };
  const { rules } = game;
  const { turns, secret } = play;
  const hint = play.shownHint;
  const alphabet = [...rules.alphabet];
  const newGame = (
    <button type="button" onClick={() => setPlay(new CodebreakerPlay(game, strategy, freshSeed()))}>
      New secret
    </button>
  );
  return (
    <section class="card" data-testid="codebreaker">
      <p class="lead">
        The computer has picked a secret code ({rulesText(game)}; game #{play.seed}). Break it: each
        answer counts
        {game.feedback === 'black'
          ? ' hits alone (black pegs: right symbol, right place).'
          : ' hits (right symbol, right place) and blows (right symbol, wrong place).'}
      </p>
      <Turns game={game} turns={turns} remaining={false} />
      {secret !== undefined ? (
        <div class="outcome" data-testid="outcome">
          <p>
            {play.session.solved ? 'Cracked it! ' : 'The secret was '}
            <Code rules={rules} code={secret} />
            {play.session.solved
              ? ` in ${turns.length} ${turns.length === 1 ? 'guess' : 'guesses'}.`
              : '.'}
          </p>
          <div class="actions">{newGame}</div>
        </div>
      ) : (
        <div class="current">
          <div class="guess-row">
            <span class="label">Guess {turns.length + 1}</span>
            <span class="draft" data-testid="draft" data-code={play.draftText}>
              {positions(rules.pegs).map((position) => {
                const symbol = play.draft[position];
                return (
                  <button
                    key={position}
                    type="button"
                    class="slot"
                    aria-label={
                      symbol === undefined
                        ? `position ${position + 1}, empty`
                        : `position ${position + 1}: ${alphabet[symbol]}, click to clear`
                    }
                    onClick={act(() => play.clearAt(position))}
                  >
                    <Peg rules={rules} symbol={symbol} />
                  </button>
                );
              })}
            </span>
          </div>
          <fieldset class="palette" aria-label="symbols">
            {alphabet.map((char, symbol) => (
              <button
                key={char}
                type="button"
                class="slot"
                aria-label={`symbol ${char}`}
                disabled={!play.canPick(symbol)}
                onClick={act(() => play.pick(symbol))}
              >
                <Peg rules={rules} symbol={symbol} />
              </button>
            ))}
          </fieldset>
          <div class="actions">
            <button
              type="button"
              class="primary"
              disabled={play.draft.includes(undefined)}
              onClick={act(() => play.send())}
            >
              Guess
            </button>
            <button type="button" onClick={act(() => play.clear())}>
              Clear
            </button>
            <form
              class="typed"
              onSubmit={(event) => {
                event.preventDefault();
                if (play.sendText(typed)) setTyped('');
                redraw();
              }}
            >
              <label>
                or type a guess{' '}
                <input
                  value={typed}
                  placeholder={alphabet.slice(0, rules.pegs).join('')}
                  aria-label="Type a guess"
                  onInput={(event) => setTyped(event.currentTarget.value)}
                />
              </label>
            </form>
          </div>
          {play.message && (
            <p class="error" role="alert">
              {play.message}
            </p>
          )}
          {hint && (
            <p class="hint" data-testid="hint" data-remaining={hint.remaining}>
              {hint.remaining} {hint.remaining === 1 ? 'secret remains' : 'secrets remain'};{' '}
              {strategy.name} would guess <Code rules={rules} code={hint.suggestion} />{' '}
              <button type="button" onClick={act(() => play.useHint())}>
                Use it
              </button>
            </p>
          )}
          <div class="actions">
            <button type="button" onClick={act(() => play.hint())}>
              Hint
            </button>
            <button type="button" onClick={act(() => play.giveUp())}>
              Give up
            </button>
            {newGame}
          </div>
        </div>
      )}
    </section>
  );
}
