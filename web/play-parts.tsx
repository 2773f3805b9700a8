/**
 * What the play views share: the props the page gives each, the status line, the rules folded
 * on a phone, and keeping the turn in play on the screen.
 */
import type { ComponentChildren } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import { useText } from './text/index.js';
import type { Terms } from './words.js';

/** What both views get from the page. */
export interface ViewProps<Play> {
  readonly game: Game;
  readonly terms: Terms;
  readonly play: Play;
  /** The play changed in place, or was replaced: redraw and save. */
  readonly onChange: (play: Play) => void;
  /** Says something to screen readers (the page's live region). */
  readonly announce: (text: string) => void;
}

/** One status line: the latest warning or refusal only, never a stack of old ones. */
export function Status({
  text,
  kind,
}: { readonly text: string | undefined; readonly kind: string }) {
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
