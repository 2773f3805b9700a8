/**
 * What the page shows, kept where it survives: the view (game, rules, strategy, tab) in the URL's
 * query, so a link opens the same view, and the view, the theme and the games in progress in
 * localStorage, so a reload loses nothing. Everything read back is checked and anything wrong is
 * dropped, field by field: a hand-edited link or an old save never breaks the page.
 *
 * Plain functions over strings and a `Storage`-like object, no DOM: the tests drive them.
 */
import { presetByName } from '../src/rules.js';
import type { SavedCodebreaker, SavedCodemaker } from './play.js';
import { type GameChoice, presetChoice } from './settings.js';
import { OPTIMAL, type StrategyChoice } from './strategy-choice.js';
import { LANGUAGES, type Language } from './text/index.js';
import { LEVELS, type SavedVersus } from './versus.js';

/** The page's tabs, in order: you break the code, the computer does, head to head, analysis, tree. */
export const TABS = ['codebreaker', 'codemaker', 'versus', 'analysis', 'tree'] as const;
export type Tab = (typeof TABS)[number];

/** The themes: the system's (prefers-color-scheme), or one chosen. */
export const THEMES = ['system', 'light', 'dark'] as const;
export type Theme = (typeof THEMES)[number];

/** What a link names. */
export interface View {
  readonly choice: GameChoice;
  readonly strategy: StrategyChoice;
  readonly tab: Tab;
}

/** The view of a first visit. */
export function defaultView(seed: number): View {
  return {
    choice: presetChoice('mastermind'),
    strategy: { name: OPTIMAL, seed },
    tab: 'codebreaker',
  };
}

function wholeNumber(text: string | null): number | undefined {
  return text !== null && /^\d{1,9}$/.test(text) ? Number(text) : undefined;
}

/**
 * The view a query names (`?game=moo&strategy=minimax&tab=analysis`; custom rules as
 * `game=custom&pegs=5&colors=8&repeat=1&symbols=…`), each field missing or unreadable taken from
 * `fallback`. The strategy is checked by the page, which knows which ones the game offers.
 */
export function viewFromQuery(query: string, fallback: View): View {
  const params = new URLSearchParams(query);
  let choice = fallback.choice;
  const game = params.get('game');
  if (game === 'custom') {
    const repeat = params.get('repeat');
    choice = {
      game: 'custom',
      pegs: wholeNumber(params.get('pegs')) ?? fallback.choice.pegs,
      colors: wholeNumber(params.get('colors')) ?? fallback.choice.colors,
      repeat: repeat === null ? fallback.choice.repeat : repeat === '1' || repeat === 'true',
      alphabet: params.get('symbols') ?? '',
      blackPegs: params.get('feedback') === 'black',
    };
  } else if (game !== null) {
    try {
      choice = presetChoice(presetByName(game));
    } catch {
      // An unknown game: the fallback's.
    }
  }
  const name = params.get('strategy');
  const seed = wholeNumber(params.get('seed'));
  const strategy = {
    name: name !== null && /^[a-z-]{1,40}$/.test(name) ? name : fallback.strategy.name,
    seed: seed ?? fallback.strategy.seed,
  };
  const tab = params.get('tab');
  return {
    choice,
    strategy,
    tab: (TABS as readonly string[]).includes(tab ?? '') ? (tab as Tab) : fallback.tab,
  };
}

/** The query of a view, without the `?`; the inverse of `viewFromQuery`. */
export function viewToQuery(view: View): string {
  const params = new URLSearchParams();
  const { choice, strategy, tab } = view;
  params.set('game', choice.game);
  if (choice.game === 'custom') {
    params.set('pegs', `${choice.pegs}`);
    params.set('colors', `${choice.colors}`);
    params.set('repeat', choice.repeat ? '1' : '0');
    if (choice.alphabet !== '') params.set('symbols', choice.alphabet);
    if (choice.blackPegs) params.set('feedback', 'black');
  }
  params.set('strategy', strategy.name);
  if (strategy.name === 'random-consistent') params.set('seed', `${strategy.seed}`);
  params.set('tab', tab);
  return params.toString();
}

/** The games in progress of one game's rules. */
export interface SavedGames {
  readonly codemaker?: SavedCodemaker;
  readonly codebreaker?: SavedCodebreaker;
  readonly versus?: SavedVersus;
}

/** Everything the page keeps in localStorage. */
export interface Saved {
  readonly view?: View;
  readonly theme: Theme;
  /** The language the player chose; undefined: the browser's. */
  readonly language?: Language;
  /** Games in progress by rules (`rulesKey`), the most recent last. */
  readonly games: Readonly<Record<string, SavedGames>>;
}

/** The localStorage key. */
export const STORAGE_KEY = 'codebreaker/v1';
/** How many games' rules keep their games in progress. */
export const SAVED_RULES_MAX = 8;

/** The part of `Storage` used here. */
export interface KeyValueStore {
  getItem(key: string): string | null;
  setItem(key: string, value: string): void;
}

const isString = (value: unknown): value is string => typeof value === 'string';

function readCodemaker(value: unknown): SavedCodemaker | undefined {
  const turns = (value as { turns?: unknown } | null)?.turns;
  if (!Array.isArray(turns)) return undefined;
  const ok = turns.every(
    (turn) => Array.isArray(turn) && turn.length === 2 && turn.every(isString),
  );
  return ok ? { turns: turns as [string, string][] } : undefined;
}

function readCodebreaker(value: unknown): SavedCodebreaker | undefined {
  const game = value as Partial<Record<keyof SavedCodebreaker, unknown>> | null;
  if (!game || !Number.isSafeInteger(game.seed) || !Array.isArray(game.guesses)) return undefined;
  if (!game.guesses.every(isString)) return undefined;
  return {
    seed: game.seed as number,
    guesses: game.guesses,
    gaveUp: game.gaveUp === true,
    draft: isString(game.draft) ? game.draft : '',
  };
}

const isItem = (question: unknown): boolean => {
  const q = question as { item?: unknown; symbol?: unknown } | null;
  if (q?.item === 'target') return Number.isSafeInteger(q.symbol);
  return q?.item === 'high-low' || q?.item === 'slash';
};

function readVersus(value: unknown): SavedVersus | undefined {
  const game = value as Partial<Record<keyof SavedVersus, unknown>> | null;
  if (!game || !Number.isSafeInteger(game.seed) || !isString(game.secret)) return undefined;
  if (!(LEVELS as readonly unknown[]).includes(game.level) || !Array.isArray(game.events)) {
    return undefined;
  }
  const events = game.events as unknown[];
  const ok = events.every((event) => {
    const e = event as {
      side?: unknown;
      kind?: unknown;
      code?: unknown;
      question?: unknown;
    } | null;
    if (e?.side !== 'player' && e?.side !== 'computer') return false;
    return e.kind === 'guess' ? isString(e.code) : e.kind === 'item' && isItem(e.question);
  });
  return ok ? (game as SavedVersus) : undefined;
}

function readView(value: unknown): View | undefined {
  const view = value as { query?: unknown; seed?: unknown } | null;
  if (!view || !isString(view.query)) return undefined;
  const params = new URLSearchParams(view.query);
  if (!params.has('game') || !params.has('strategy') || !params.has('tab')) return undefined;
  const seed = Number.isSafeInteger(view.seed) ? (view.seed as number) : 0;
  return viewFromQuery(view.query, defaultView(seed));
}

/** What `store` holds, or a fresh start where it holds nothing readable. */
export function readSaved(store: KeyValueStore): Saved {
  let doc: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(store.getItem(STORAGE_KEY) ?? '{}');
    if (parsed && typeof parsed === 'object') doc = parsed as Record<string, unknown>;
  } catch {
    // Not JSON: start afresh.
  }
  const theme = (THEMES as readonly unknown[]).includes(doc.theme)
    ? (doc.theme as Theme)
    : 'system';
  const games: Record<string, SavedGames> = {};
  const stored = doc.games && typeof doc.games === 'object' ? doc.games : {};
  for (const [key, value] of Object.entries(stored as Record<string, unknown>)) {
    const entry = value as { codemaker?: unknown; codebreaker?: unknown; versus?: unknown } | null;
    const codemaker = readCodemaker(entry?.codemaker);
    const codebreaker = readCodebreaker(entry?.codebreaker);
    const versus = readVersus(entry?.versus);
    if (codemaker || codebreaker || versus) games[key] = { codemaker, codebreaker, versus };
  }
  const language = (LANGUAGES as readonly unknown[]).includes(doc.language)
    ? (doc.language as Language)
    : undefined;
  return { view: readView(doc.view), theme, language, games };
}

/** Writes `saved` to `store`, keeping the games of the `SAVED_RULES_MAX` latest rules. */
export function writeSaved(store: KeyValueStore, saved: Saved): void {
  const keys = Object.keys(saved.games).slice(-SAVED_RULES_MAX);
  const doc = {
    view: saved.view && { query: viewToQuery(saved.view), seed: saved.view.strategy.seed },
    theme: saved.theme,
    language: saved.language,
    games: Object.fromEntries(keys.map((key) => [key, saved.games[key]])),
  };
  try {
    store.setItem(STORAGE_KEY, JSON.stringify(doc));
  } catch {
    // Storage full or refused (private mode): the page works on without it.
  }
}

/** `games` with `key`'s entry replaced and moved last (the most recent). */
export function withGames(
  games: Readonly<Record<string, SavedGames>>,
  key: string,
  entry: SavedGames,
): Record<string, SavedGames> {
  const { [key]: _, ...others } = games;
  return { ...others, [key]: entry };
}
