/**
 * Composing a code on the board (draft.ts): the slots of the row, the palette below the board,
 * and the keyboard. A slot is chosen, then a symbol; a symbol can be dragged onto a slot (pointer
 * events: mouse, pen and touch); or the keys type into the row wherever the focus is but in a
 * field, Backspace erases and Enter sends. Used by "You guess" and by both rows of a
 * head-to-head game.
 */
import type { RefObject } from 'preact';
import { useEffect, useLayoutEffect, useRef } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { Draft } from './draft.js';
import { Peg, positions, symbolName } from './pegs.js';
import { PEG_COLOURS, symbolStyle } from './settings.js';
import { useText } from './text/index.js';
import type { Terms } from './words.js';

/** Whether a key press was aimed at a field that takes text, where typed keys belong to it. */
function inField(target: EventTarget | null): boolean {
  return (
    target instanceof HTMLElement &&
    target.closest(
      'input:not([type="radio"]):not([type="checkbox"]), select, textarea, [contenteditable="true"]',
    ) !== null
  );
}

/**
 * The keyboard types into `draft()` while `active`: symbols, Backspace, and Enter for `send`
 * (on a button, Enter presses that button). One listener, laid out with the view so a key
 * pressed as soon as the row shows is not lost, which reads the latest render's arguments.
 * Returns the flag that asks the slots to keep the focus on the selected slot.
 */
export function useTyping(
  active: boolean,
  draft: () => Draft | undefined,
  send: () => void,
  changed: () => void,
) {
  const focusSlot = useRef(false);
  const keys = useRef<(event: KeyboardEvent) => void>();
  keys.current = (event: KeyboardEvent) => {
    if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return;
    const row = draft();
    if (inField(event.target) || !row) return;
    const onSlot = event.target instanceof HTMLElement && event.target.dataset.slot !== undefined;
    if (event.key === 'Enter') {
      if (!onSlot && event.target instanceof HTMLElement && event.target.closest('button, a')) {
        return;
      }
      send();
    } else if (event.key === 'Backspace' || event.key === 'Delete') {
      row.backspace();
      changed();
    } else if (event.key.length === 1 && !event.repeat) {
      const typed =
        row.type(event.key) ||
        row.type(event.key.toLowerCase()) ||
        row.type(event.key.toUpperCase());
      if (!typed) return;
      changed();
    } else {
      return;
    }
    focusSlot.current = onSlot;
    event.preventDefault();
  };
  useLayoutEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => keys.current?.(event);
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [active]);
  return focusSlot;
}

/** The slots of the row being composed, one tab stop, moved between by the arrow keys. */
export function Slots(props: {
  readonly game: Game;
  readonly terms: Terms;
  readonly draft: Draft;
  /** What the row is, for screen readers: "Guess 3: choose a slot, then a colour". */
  readonly label: string;
  readonly focusSlot: { current: boolean };
  readonly changed: () => void;
  readonly testId?: string;
}) {
  const { game, terms, draft, label, focusSlot, changed, testId = 'draft' } = props;
  const t = useText();
  const { rules } = game;
  const ref = useRef<HTMLDivElement>(null);
  // Keep the focus on the selected slot when it moves while a slot has the focus.
  useEffect(() => {
    if (!focusSlot.current) return;
    focusSlot.current = false;
    ref.current?.querySelector<HTMLElement>(`[data-slot="${draft.slot}"]`)?.focus();
  });
  const onKeyDown = (event: KeyboardEvent) => {
    const moves: Record<string, number> = {
      ArrowLeft: -1,
      ArrowRight: 1,
      ArrowUp: -1,
      ArrowDown: 1,
    };
    if (event.key in moves) draft.moveSlot(moves[event.key]);
    else if (event.key === 'Home') draft.select(0);
    else if (event.key === 'End') draft.select(game.pegs - 1);
    else return;
    event.preventDefault();
    focusSlot.current = true;
    changed();
  };
  return (
    <div
      class="slots"
      role="radiogroup"
      aria-label={label}
      ref={ref}
      data-testid={testId}
      data-code={draft.text}
      onKeyDown={onKeyDown}
    >
      {positions(game.pegs).map((position) => {
        const symbol = draft.symbols[position];
        const selected = position === draft.slot;
        return (
          <button
            key={position}
            type="button"
            // biome-ignore lint/a11y/useSemanticElements: a slot is a button that selects where the next symbol goes; as a radio it takes the arrow keys and is one tab stop
            role="radio"
            class={`slot${selected ? ' selected' : ''}`}
            aria-checked={selected}
            tabIndex={selected ? 0 : -1}
            data-slot={position}
            aria-label={t.play.slotLabel(
              terms.position[0],
              position + 1,
              symbol === undefined ? undefined : symbolName(t, rules, symbol),
            )}
            onClick={() => {
              if (selected && symbol !== undefined) draft.clearAt(position);
              else draft.select(position);
              changed();
            }}
          >
            <Peg rules={rules} symbol={symbol} />
          </button>
        );
      })}
    </div>
  );
}

/** A symbol being dragged from the palette to a slot. */
interface Drag {
  readonly symbol: number;
  readonly x: number;
  readonly y: number;
  ghost?: HTMLElement;
}

/** Every symbol of the game, to put in the chosen slot or drag onto one. */
export function Palette(props: {
  readonly game: Game;
  readonly terms: Terms;
  readonly draft: Draft;
  readonly changed: () => void;
  readonly paletteRef?: RefObject<HTMLFieldSetElement>;
}) {
  const { game, terms, draft, changed, paletteRef } = props;
  const t = useText();
  const { rules } = game;
  const alphabet = [...rules.alphabet];
  const drag = useRef<Drag>();
  const dragged = useRef(false);
  const startDrag = (event: PointerEvent, symbol: number) => {
    if (event.button !== 0) return;
    drag.current = { symbol, x: event.clientX, y: event.clientY };
    dragged.current = false;
    (event.currentTarget as HTMLElement).setPointerCapture?.(event.pointerId);
  };
  const moveDrag = (event: PointerEvent) => {
    const now = drag.current;
    if (!now) return;
    if (!now.ghost) {
      if (Math.hypot(event.clientX - now.x, event.clientY - now.y) < 8) return;
      const ghost = document.createElement('span');
      ghost.className = `drag-ghost symbol ${symbolStyle(rules)}`;
      ghost.textContent = alphabet[now.symbol];
      if (symbolStyle(rules) === 'pegs') ghost.style.background = PEG_COLOURS[now.symbol];
      document.body.append(ghost);
      now.ghost = ghost;
    }
    now.ghost.style.left = `${event.clientX}px`;
    now.ghost.style.top = `${event.clientY}px`;
  };
  const endDrag = (event: PointerEvent) => {
    const now = drag.current;
    drag.current = undefined;
    if (!now?.ghost) return;
    now.ghost.remove();
    dragged.current = true;
    const target = document.elementFromPoint(event.clientX, event.clientY);
    const slot = target instanceof HTMLElement ? target.closest<HTMLElement>('[data-slot]') : null;
    if (slot) {
      draft.place(now.symbol, Number(slot.dataset.slot));
      changed();
    }
  };
  const cancelDrag = () => {
    drag.current?.ghost?.remove();
    drag.current = undefined;
  };
  return (
    <fieldset class="palette" data-testid="palette" ref={paletteRef}>
      <legend class="visually-hidden">{t.play.paletteLegend(terms.symbol[1])}</legend>
      {alphabet.map((char, symbol) => (
        <button
          key={char}
          type="button"
          class={`pick${draft.used(symbol) && !rules.repeat ? ' used' : ''}`}
          aria-label={symbolName(t, rules, symbol)}
          data-symbol={char}
          onPointerDown={(event) => startDrag(event, symbol)}
          onPointerMove={moveDrag}
          onPointerUp={endDrag}
          onPointerCancel={cancelDrag}
          onClick={(event) => {
            // Tapped or clicked: the focus leaves the button, so Enter sends after it.
            if (event.detail > 0) event.currentTarget.blur();
            if (dragged.current) {
              dragged.current = false;
              return;
            }
            draft.place(symbol);
            changed();
          }}
        >
          <Peg rules={rules} symbol={symbol} />
        </button>
      ))}
    </fieldset>
  );
}
