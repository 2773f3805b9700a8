/**
 * The page: the game and strategy menus, and four views over them (you break the code, the
 * computer breaks yours, the analysis, the strategy tree).
 *
 * The page owns the games in progress, one per role and per game's rules, so switching tabs,
 * strategies or games loses none: a change of strategy hands the game to the new strategy. The
 * view (game, rules, strategy, tab) is mirrored in the URL, so a link opens the same view; the
 * view, the theme and the games in progress are saved in localStorage after every move, so a
 * reload loses nothing (view-state.ts).
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { CodebreakerError } from '../src/errors.js';
import type { Game } from '../src/game.js';
import type { Strategy } from '../src/strategy.js';
import { type TreeJson, treeFromJson } from '../src/tree-json.js';
import type { Tree } from '../src/tree.js';
import { AnalysisView } from './analysis-view.js';
import { CodebreakerView, CodemakerView, roomy } from './play-views.js';
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
  MANIFEST_FILE,
  TREES_PATH,
  type TreeManifest,
  readManifest,
  shippedTreeFor,
} from './shipped-trees.js';
import { type PlayerRecord, type Stats, emptyRecord, readStats, writeStats } from './stats.js';
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
  type Saved,
  type SavedGames,
  TABS,
  type Tab,
  type Theme,
  type View,
  defaultView,
  readSaved,
  viewFromQuery,
  viewToQuery,
  withGames,
  writeSaved,
} from './view-state.js';
import { gameWords, termsFor } from './words.js';

/** A shipped tree, as fetched (for the worker) and as read (for the page). */
interface LoadedTree {
  readonly json: TreeJson;
  readonly tree: Tree;
}

async function fetchJson(path: string): Promise<unknown> {
  const response = await fetch(path);
  if (!response.ok) throw new Error(`${path}: ${response.status} ${response.statusText}`);
  return response.json();
}

/** localStorage, or nothing where the browser refuses it. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

/** The games in progress of one game's rules. */
interface Plays {
  codemaker?: CodemakerPlay;
  codebreaker?: CodebreakerPlay;
  versus?: VersusPlay;
}

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
  const saved = useRef<Saved>(readSaved(storage() ?? { getItem: () => null, setItem() {} }));
  const [view, setView] = useState<View>(() =>
    viewFromQuery(window.location.search, saved.current.view ?? defaultView(freshSeed())),
  );
  const [theme, setTheme] = useState<Theme>(saved.current.theme);
  const [language, setLanguage] = useState<Language>(
    () => saved.current.language ?? languageFrom(navigator.languages ?? [navigator.language]),
  );
  const t = textFor(language);
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set([view.tab]));
  // Undefined until the list of shipped trees has come (or failed): which strategies a game
  // offers, and so which one plays, waits for it, so a game never starts under one and flips.
  const [manifest, setManifest] = useState<TreeManifest>();
  const [trees, setTrees] = useState<Readonly<Record<string, LoadedTree>>>({});
  const [loadError, setLoadError] = useState<{ readonly file?: string; readonly why: string }>();
  const [announcement, setAnnouncement] = useState('');
  const [treeFocus, setTreeFocus] = useState<TreeFocus>();
  const [, setTick] = useState(0);
  const plays = useRef(new Map<string, Plays>());
  const [stats, setStats] = useState<Stats>(() => (storage() ? readStats(storage()!) : {}));
  const { choice, tab } = view;

  useEffect(() => {
    fetchJson(TREES_PATH + MANIFEST_FILE)
      .then((doc) => setManifest(readManifest(doc)))
      .catch((error: Error) => {
        setManifest({ trees: [] });
        setLoadError({ why: error.message });
      });
  }, []);

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
  const shipped = game && manifest && shippedTreeFor(manifest, game.rules);
  const names = strategyNames(shipped?.strategy === OPTIMAL);
  const name =
    !manifest || names.includes(view.strategy.name) ? view.strategy.name : bestStrategy(names);
  const loaded = shipped && trees[shipped.file];
  const chosen = useMemo(() => ({ name, seed: view.strategy.seed }), [name, view.strategy.seed]);

  useEffect(() => {
    if (!shipped || loaded) return;
    fetchJson(TREES_PATH + shipped.file)
      .then((doc) => {
        const json = doc as TreeJson;
        setTrees((known) => ({ ...known, [shipped.file]: { json, tree: treeFromJson(json) } }));
      })
      .catch((error: Error) => setLoadError({ file: shipped.file, why: error.message }));
  }, [shipped, loaded]);

  const strategy = useMemo<Strategy | undefined>(
    () =>
      game && manifest && (name !== OPTIMAL || loaded)
        ? strategyFor(game, chosen, loaded?.tree)
        : undefined,
    [game, manifest, chosen, name, loaded],
  );

  // The view in the URL and in storage; the theme on the root element.
  useEffect(() => {
    const query = `?${viewToQuery({ ...view, strategy: chosen })}`;
    if (window.location.search !== query) window.history.replaceState(null, '', query);
    saved.current = { ...saved.current, view: { ...view, strategy: chosen } };
    const store = storage();
    if (store) writeSaved(store, saved.current);
  }, [view, chosen]);
  useEffect(() => {
    const root = document.documentElement;
    if (theme === 'system') delete root.dataset.theme;
    else root.dataset.theme = theme;
    saved.current = { ...saved.current, theme };
    const store = storage();
    if (store) writeSaved(store, saved.current);
  }, [theme]);
  useEffect(() => {
    document.documentElement.lang = t.lang;
  }, [t]);
  const chooseLanguage = (chosen: Language) => {
    setLanguage(chosen);
    saved.current = { ...saved.current, language: chosen };
    const store = storage();
    if (store) writeSaved(store, saved.current);
  };

  /** Saves the games in progress of the current rules. */
  const save = () => {
    if (!key) return;
    const now = plays.current.get(key) ?? {};
    const entry: SavedGames = {
      codemaker: now.codemaker?.saved,
      codebreaker: now.codebreaker?.saved,
      versus: now.versus?.saved,
    };
    saved.current = { ...saved.current, games: withGames(saved.current.games, key, entry) };
    const store = storage();
    if (store) writeSaved(store, saved.current);
  };

  /** The games of the current rules, restored or started, and played by the current strategy. */
  const playsNow = (): Plays => {
    if (!game || !strategy || !key) return {};
    let now = plays.current.get(key);
    if (!now) {
      now = {};
      const stored = saved.current.games[key];
      try {
        if (stored?.codemaker)
          now.codemaker = CodemakerPlay.restore(game, strategy, stored.codemaker);
      } catch (error) {
        if (!(error instanceof CodebreakerError)) throw error;
      }
      try {
        if (stored?.versus) now.versus = VersusPlay.restore(game, stored.versus, loaded?.tree);
      } catch (error) {
        if (!(error instanceof CodebreakerError)) throw error;
      }
      try {
        if (stored?.codebreaker) {
          now.codebreaker = CodebreakerPlay.restore(game, strategy, stored.codebreaker);
        }
      } catch (error) {
        if (!(error instanceof CodebreakerError)) throw error;
      }
      plays.current.set(key, now);
    }
    if (tab === 'codemaker' || now.codemaker) {
      now.codemaker =
        now.codemaker === undefined
          ? new CodemakerPlay(game, strategy)
          : now.codemaker.strategy === strategy
            ? now.codemaker
            : now.codemaker.withStrategy(strategy);
    }
    if (tab === 'versus' && !now.versus) {
      now.versus = new VersusPlay(game, 'normal', freshSeed(), loaded?.tree);
    }
    if (tab === 'codebreaker' || now.codebreaker) {
      now.codebreaker =
        now.codebreaker === undefined
          ? new CodebreakerPlay(game, strategy, freshSeed())
          : now.codebreaker.strategy === strategy
            ? now.codebreaker
            : now.codebreaker.withStrategy(strategy);
    }
    return now;
  };
  const current = playsNow();
  const changed = () => {
    save();
    setTick((tick) => tick + 1);
  };
  const replace = (next: Plays) => {
    if (!key) return;
    plays.current.set(key, { ...plays.current.get(key), ...next });
    changed();
  };

  const open = (next: Tab) => {
    setView((before) => ({ ...before, tab: next }));
    setVisited((tabs) => new Set([...tabs, next]));
  };
  const setChoice = (next: GameChoice) => {
    setLoadError(undefined);
    setView((before) => ({ ...before, choice: next }));
  };
  const openInTree = (strategyName: string, secret: string) => {
    setTreeFocus({ strategy: strategyName, secret, at: Date.now() });
    open('tree');
  };
  const terms = game && termsFor(t, game.rules);
  const record = (key && stats[key]) || emptyRecord();
  // Counts a finished game in the record of the current rules, and keeps it.
  const onRecord = useCallback(
    (update: (before: PlayerRecord) => PlayerRecord) => {
      if (!key) return;
      setStats((before) => {
        const now = before[key] ?? emptyRecord();
        const next = update(now);
        if (next === now) return before;
        const all = { ...before, [key]: next };
        const store = storage();
        if (store) writeStats(store, all);
        return all;
      });
    },
    [key],
  );
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
            <p class="error">
              {loadError.file
                ? t.page.treeUnavailable(loadError.file, loadError.why)
                : t.page.treesUnavailable(loadError.why)}
            </p>
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
