/**
 * The page: the game and strategy menus, and five views over them, each in its tab panel
 * (panels.tsx): you break the code, the computer breaks yours, head to head, the analysis, the
 * strategy tree.
 *
 * The page owns the games in progress (hooks/use-plays.ts), one per role and per game's rules.
 * The view (game, rules, strategy, tab) is mirrored in the URL, so a link opens the same view;
 * the view, the theme and the games in progress are saved in localStorage after every move, so
 * a reload loses nothing (view-state.ts, hooks/use-saved.ts).
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { CodebreakerError } from '../src/errors.js';
import type { Game } from '../src/game.js';
import type { Strategy } from '../src/strategy.js';
import { usePlays } from './hooks/use-plays.js';
import { useSaved } from './hooks/use-saved.js';
import { useShippedTrees } from './hooks/use-shipped-trees.js';
import { useStats } from './hooks/use-stats.js';
import { type Shown, TabPanel } from './panels.js';
import { roomy } from './play-parts.js';
import { Settings } from './settings-view.js';
import { FieldError, type GameChoice, gameForChoice, rulesKey } from './settings.js';
import {
  OPTIMAL,
  bestStrategy,
  freshSeed,
  strategyFor,
  strategyNames,
  strategyTitle,
} from './strategy-choice.js';
import { Tabs } from './tabs.js';
import { type Language, TextContext, languageFrom, textFor } from './text/index.js';
import type { TreeFocus } from './tree-view.js';
import {
  TABS,
  type Tab,
  type Theme,
  type View,
  defaultView,
  viewFromQuery,
  viewToQuery,
} from './view-state.js';
import { gameWords, termsFor } from './words.js';

/** The whole page. */
export function App() {
  const savedState = useSaved();
  const { saved, save } = savedState;
  const [view, setView] = useState<View>(() =>
    viewFromQuery(window.location.search, saved.current.view ?? defaultView(freshSeed())),
  );
  const [theme, setTheme] = useState<Theme>(saved.current.theme);
  const [language, setLanguage] = useState<Language>(
    () => saved.current.language ?? languageFrom(navigator.languages ?? [navigator.language]),
  );
  const t = textFor(language);
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set([view.tab]));
  const [announcement, setAnnouncement] = useState('');
  const [treeFocus, setTreeFocus] = useState<TreeFocus>();
  const { choice, tab } = view;

  let game: Game | undefined;
  let refusal: string | undefined;
  try {
    game = gameForChoice(choice);
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    refusal =
      error instanceof FieldError
        ? t.settings.fieldRange(error.field, error.min, error.max)
        : error.message;
  }
  const key = game && rulesKey(game.rules);
  const { shipped, loaded, loadError, clearError } = useShippedTrees(game);
  const names = strategyNames(shipped !== undefined);
  const name = names.includes(view.strategy.name) ? view.strategy.name : bestStrategy(names);
  const chosen = useMemo(() => ({ name, seed: view.strategy.seed }), [name, view.strategy.seed]);

  const strategy = useMemo<Strategy | undefined>(
    () =>
      game && (name !== OPTIMAL || loaded) ? strategyFor(game, chosen, loaded?.tree) : undefined,
    [game, chosen, name, loaded],
  );

  // The view in the URL and in storage; the theme on the root element.
  useEffect(() => {
    const query = `?${viewToQuery({ ...view, strategy: chosen })}`;
    if (window.location.search !== query) window.history.replaceState(null, '', query);
    save({ view: { ...view, strategy: chosen } });
  }, [view, chosen, save]);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
    save({ theme });
  }, [theme, save]);
  useEffect(() => {
    document.documentElement.lang = t.lang;
  }, [t]);
  const chooseLanguage = (chosen: Language) => {
    setLanguage(chosen);
    save({ language: chosen });
  };

  const { current, changed, replace } = usePlays(
    { game, strategy, key, tab, tree: loaded?.tree },
    savedState,
  );

  const open = (next: Tab) => {
    setView((before) => ({ ...before, tab: next }));
    setVisited((tabs) => new Set([...tabs, next]));
  };
  const setChoice = (next: GameChoice) => {
    clearError();
    setView((before) => ({ ...before, choice: next }));
  };
  const openInTree = (strategyName: string, secret: string) => {
    setTreeFocus({ strategy: strategyName, secret, at: Date.now() });
    open('tree');
  };
  const terms = game && termsFor(t, game.rules);
  const { record, onRecord } = useStats(key);
  const shown: Shown | undefined =
    game && key !== undefined && terms
      ? { game, key, terms, strategy, names, chosen, shipped, loaded }
      : undefined;
  // Folded on a phone, where a game needs the whole screen; open where there is room.
  const [wide] = useState(roomy);

  return (
    <TextContext.Provider value={t}>
      <div class="page">
        <header class="top">
          <h1>{t.page.title}</h1>
          <p class="muted">{t.page.tagline}</p>
        </header>
        <main>
          <details class="settings-fold" open={wide} data-testid="settings">
            <summary>
              <span class="summary-title">{terms?.title ?? t.page.settings}</span>
              <span class="summary-detail">{strategyTitle(t, name)}</span>
              <span class="summary-action">{t.page.settings}</span>
            </summary>
            <Settings
              choice={choice}
              game={game}
              onChoice={setChoice}
              names={names}
              strategy={chosen}
              onStrategy={(next) => setView((before) => ({ ...before, strategy: next }))}
              theme={theme}
              onTheme={setTheme}
              language={language}
              onLanguage={chooseLanguage}
            />
          </details>
          <p class="rules" data-testid="rules">
            {game ? t.page.rulesLine(gameWords(t, game.rules), game.rules.alphabet, game.size) : ''}
          </p>
          {refusal && (
            <p class="error" role="alert" data-testid="refusal">
              {refusal}
            </p>
          )}
          {loadError && (
            <p class="error">{t.page.treeUnavailable(loadError.game, loadError.why)}</p>
          )}
          <Tabs
            label={t.page.views}
            tabs={TABS.map((id) => [id, t.tabs[id]] as const)}
            selected={tab}
            onSelect={open}
          />
          {TABS.map((id) => (
            <TabPanel
              key={id}
              id={id}
              tab={tab}
              opened={visited.has(id)}
              shown={shown}
              plays={{ current, changed, replace, record, onRecord }}
              announce={setAnnouncement}
              treeFocus={treeFocus}
              onOpenSecret={openInTree}
            />
          ))}
          <div class="visually-hidden" aria-live="polite" data-testid="announcer">
            {announcement}
          </div>
        </main>
        <footer class="muted">{t.page.footer}</footer>
      </div>
    </TextContext.Provider>
  );
}
