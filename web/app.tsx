/**
 * The page: the game and strategy menus, and four views over them (you break the code, the
 * computer breaks yours, the analysis, the strategy tree).
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
import { AnalysisView } from './analysis-view.js';
import { CodebreakerView } from './codebreaker-view.js';
import { CodemakerView } from './codemaker-view.js';
import { usePlays } from './hooks/use-plays.js';
import { useSaved } from './hooks/use-saved.js';
import { useShippedTrees } from './hooks/use-shipped-trees.js';
import { useStats } from './hooks/use-stats.js';
import { roomy } from './play-parts.js';
import { CodebreakerPlay, CodemakerPlay } from './play.js';
import { Settings } from './settings-view.js';
import {
  FieldError,
  type GameChoice,
  fitsTab,
  gameForChoice,
  rulesFlags,
  rulesKey,
} from './settings.js';
import {
  OPTIMAL,
  bestStrategy,
  freshSeed,
  strategyFor,
  strategyNames,
  strategyTitle,
} from './strategy-choice.js';
import { Tabs, panelId, tabId } from './tabs.js';
import { type Language, TextContext, languageFrom, textFor, useText } from './text/index.js';
import { type TreeFocus, TreeView } from './tree-view.js';
import { VersusView } from './versus-view.js';
import { VersusPlay } from './versus.js';
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

/** Where a view cannot run in the page: what to run instead. */
function TooLarge(props: {
  readonly game: Game;
  readonly what: 'analysis' | 'tree';
  readonly command: string;
}) {
  const { game, what, command } = props;
  const t = useText();
  return (
    <section class="card" data-testid="too-large">
      <p class="lead">{t.page.tooLarge(what, game.size)}</p>
      <pre class="command">
        <code>{command}</code>
      </pre>
    </section>
  );
}

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
            <div
              key={id}
              id={panelId(id)}
              role="tabpanel"
              aria-labelledby={tabId(id)}
              hidden={tab !== id}
            >
              {game && !strategy && visited.has(id) && <p class="muted">{t.page.loadingOptimal}</p>}
              {game && strategy && terms && visited.has(id) && (
                <>
                  {id === 'codebreaker' && current.codebreaker && (
                    <CodebreakerView
                      game={game}
                      terms={terms}
                      play={current.codebreaker}
                      active={tab === 'codebreaker'}
                      tree={loaded?.json}
                      treePending={shipped !== undefined && loaded === undefined}
                      record={record}
                      onRecord={onRecord}
                      onChange={changed}
                      announce={setAnnouncement}
                      onNewGame={() =>
                        replace({ codebreaker: new CodebreakerPlay(game, strategy, freshSeed()) })
                      }
                    />
                  )}
                  {id === 'versus' && current.versus && (
                    <VersusView
                      game={game}
                      terms={terms}
                      play={current.versus}
                      active={tab === 'versus'}
                      record={record}
                      onRecord={onRecord}
                      onChange={changed}
                      announce={setAnnouncement}
                      onNewGame={(level) =>
                        replace({ versus: new VersusPlay(game, level, freshSeed(), loaded?.tree) })
                      }
                    />
                  )}
                  {id === 'codemaker' && current.codemaker && (
                    <CodemakerView
                      game={game}
                      terms={terms}
                      play={current.codemaker}
                      onChange={changed}
                      announce={setAnnouncement}
                      onNewGame={() => replace({ codemaker: new CodemakerPlay(game, strategy) })}
                    />
                  )}
                  {id === 'analysis' &&
                    (fitsTab(game) ? (
                      <AnalysisView
                        key={key}
                        game={game}
                        names={names}
                        chosen={chosen}
                        tree={loaded?.json}
                        onOpenSecret={openInTree}
                      />
                    ) : (
                      <TooLarge
                        game={game}
                        what="analysis"
                        command={`npx codebreaker analyze ${rulesFlags(game.rules)} --strategy ${name}`}
                      />
                    ))}
                  {id === 'tree' &&
                    (fitsTab(game) ? (
                      <TreeView
                        key={key}
                        game={game}
                        names={names}
                        chosen={chosen}
                        shipped={shipped}
                        shippedTree={loaded?.tree}
                        focus={treeFocus}
                      />
                    ) : (
                      <TooLarge
                        game={game}
                        what="tree"
                        command={`npx codebreaker tree ${rulesFlags(game.rules)} --strategy ${name} --format svg --out tree.svg`}
                      />
                    ))}
                </>
              )}
            </div>
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
