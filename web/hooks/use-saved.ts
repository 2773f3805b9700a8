/**
 * What the page keeps in localStorage (view-state.ts's `Saved`): read once, and written whole
 * each time a part of it changes. The page works on without storage where the browser refuses it.
 */
import { useCallback, useMemo, useRef } from 'preact/hooks';
import { type Saved, readSaved, writeSaved } from '../view-state.js';

/** localStorage, or nothing where the browser refuses it. */
export function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** What the page saved, and how to save a part of it anew. */
export interface SavedState {
  /** What was saved last (read once when the page opens). */
  readonly saved: Readonly<{ current: Saved }>;
  /** Replaces `part` of it and writes it all. */
  save(part: Partial<Saved>): void;
}

/** The page's saved state. */
export function useSaved(): SavedState {
  const saved = useRef<Saved>(readSaved(storage() ?? { getItem: () => null, setItem() {} }));
  // The same function for the page's life, so that effects that save need not run again.
  const save = useCallback((part: Partial<Saved>): void => {
    saved.current = { ...saved.current, ...part };
    const store = storage();
    if (store) writeSaved(store, saved.current);
  }, []);
  return useMemo(() => ({ saved, save }), [save]);
}
