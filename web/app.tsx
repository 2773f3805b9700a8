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
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import { CodebreakerError } from '../src/errors.js';
import type { Game } from '../src/game.js';
import type { Strategy } from '../src/strategy.js';
import { type Tree, type TreeJson, treeFromJson } from '../src/tree.js';
import { AnalysisView } from './analysis-view.js';
import { CodebreakerView, CodemakerView, roomy } from './play-views.js';
import { CodebreakerPlay, CodemakerPlay } from './play.js';
import {
  GAME_OPTIONS,
  type GameChoice,
  type GameOption,
  customChoice,
  fitsTab,
  gameForChoice,
  gameTitle,
  presetChoice,
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
import {
  OPTIMAL,
  type StrategyChoice,
  bestStrategy,
  freshSeed,
  strategyFor,
  strategyNames,
  strategyTitle,
} from './strategy-choice.js';
import { Tabs, panelId, tabId } from './tabs.js';
import { type TreeFocus, TreeView } from './tree-view.js';
import {
  type Saved,
  type SavedGames,
  TABS,
  THEMES,
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

const TAB_TITLES: Readonly<Record<Tab, string>> = {
  codebreaker: 'You guess',
  codemaker: 'Computer guesses',
  analysis: 'Analysis',
  tree: 'Strategy tree',
};

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

/** A labelled number field; `onValue` gets NaN while the field holds no whole number. */
function WholeNumber(props: {
  readonly label: string;
  readonly min: number;
  readonly value: number;
  readonly onValue: (value: number) => void;
}) {
  const { label, min, value, onValue } = props;
  return (
    <label class="field">
      <span>{label}</span>
      <input
        type="number"
        aria-label={label}
        inputMode="numeric"
        min={min}
        value={Number.isNaN(value) ? '' : value}
        onInput={(event) => {
          const text = event.currentTarget.value;
          onValue(/^\d+$/.test(text) ? Number(text) : Number.NaN);
        }}
      />
    </label>
  );
}

/** The menus: a preset or custom rules, the strategy, and the theme. */
function Settings(props: {
  readonly choice: GameChoice;
  readonly game: Game | undefined;
  readonly onChoice: (choice: GameChoice) => void;
  readonly names: readonly string[];
  readonly strategy: StrategyChoice;
  readonly onStrategy: (choice: StrategyChoice) => void;
  readonly theme: Theme;
  readonly onTheme: (theme: Theme) => void;
}) {
  const { choice, game, onChoice, names, strategy, onStrategy, theme, onTheme } = props;
  const pickGame = (option: GameOption) => {
    if (option !== 'custom') onChoice(presetChoice(option));
    else onChoice(game ? customChoice(game.rules) : { ...choice, game: 'custom' });
  };
  return (
    <form class="settings" onSubmit={(event) => event.preventDefault()}>
      <label class="field">
        <span>Game</span>
        <select
          aria-label="Game"
          value={choice.game}
          onChange={(event) => pickGame(event.currentTarget.value as GameOption)}
        >
          {GAME_OPTIONS.map((option) => (
            <option key={option} value={option}>
              {gameTitle(option)}
            </option>
          ))}
        </select>
      </label>
      <label class="field">
        <span>Strategy</span>
        <select
          aria-label="Strategy"
          value={strategy.name}
          onChange={(event) => onStrategy({ ...strategy, name: event.currentTarget.value })}
        >
          {names.map((name) => (
            <option key={name} value={name}>
              {strategyTitle(name)}
            </option>
          ))}
        </select>
      </label>
      {strategy.name === 'random-consistent' && (
        <WholeNumber
          label="Seed"
          min={0}
          value={strategy.seed}
          onValue={(seed) => {
            if (!Number.isNaN(seed)) onStrategy({ ...strategy, seed });
          }}
        />
      )}
      {choice.game === 'custom' && (
        <fieldset class="custom">
          <legend>Custom rules</legend>
          <WholeNumber
            label="Pegs"
            min={1}
            value={choice.pegs}
            onValue={(pegs) => onChoice({ ...choice, pegs })}
          />
          <WholeNumber
            label="Colours"
            min={2}
            value={choice.colors}
            onValue={(colors) => onChoice({ ...choice, colors, alphabet: '' })}
          />
          <label class="check">
            <input
              type="checkbox"
              checked={choice.repeat}
              onChange={(event) => onChoice({ ...choice, repeat: event.currentTarget.checked })}
            />
            <span>Repetition</span>
          </label>
          <label class="check" title="black-peg Mastermind: each answer counts black pegs alone">
            <input
              type="checkbox"
              checked={choice.blackPegs}
              onChange={(event) => onChoice({ ...choice, blackPegs: event.currentTarget.checked })}
            />
            <span>Black pegs only</span>
          </label>
          <label class="field">
            <span>Symbols</span>
            <input
              class="alphabet"
              aria-label="Symbols"
              placeholder="0-9 a-z"
              value={choice.alphabet}
              onInput={(event) => onChoice({ ...choice, alphabet: event.currentTarget.value })}
            />
          </label>
        </fieldset>
      )}
      <label class="field theme">
        <span>Theme</span>
        <select
          aria-label="Theme"
          value={theme}
          onChange={(event) => onTheme(event.currentTarget.value as Theme)}
        >
          {THEMES.map((name) => (
            <option key={name} value={name}>
              {name === 'system' ? 'As the system' : name === 'light' ? 'Light' : 'Dark'}
            </option>
          ))}
        </select>
      </label>
    </form>
  );
}

/** The games in progress of one game's rules. */
interface Plays {
  codemaker?: CodemakerPlay;
  codebreaker?: CodebreakerPlay;
}

/** Where a view cannot run in the page: what to run instead. */
function TooLarge(props: { readonly game: Game; readonly what: string; readonly command: string }) {
  const { game, what, command } = props;
  return (
    <section class="card" data-testid="too-large">
      <p class="lead">
        {what} needs the score table of every pair of codes, and this game has{' '}
        {game.size.toLocaleString('en-US')} codes: too many for a browser tab (the page builds it
        for up to 8,192). Both play tabs play it in full. The command line does this on your
        machine:
      </p>
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
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set([view.tab]));
  const [manifest, setManifest] = useState<TreeManifest>({ trees: [] });
  const [trees, setTrees] = useState<Readonly<Record<string, LoadedTree>>>({});
  const [loadError, setLoadError] = useState<string>();
  const [announcement, setAnnouncement] = useState('');
  const [treeFocus, setTreeFocus] = useState<TreeFocus>();
  const [, setTick] = useState(0);
  const plays = useRef(new Map<string, Plays>());
  const { choice, tab } = view;

  useEffect(() => {
    fetchJson(TREES_PATH + MANIFEST_FILE)
      .then((doc) => setManifest(readManifest(doc)))
      .catch((error: Error) => setLoadError(`the shipped trees are unavailable: ${error.message}`));
  }, []);

  let game: Game | undefined;
  let refusal: string | undefined;
  try {
    game = gameForChoice(choice);
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    refusal = error.message;
  }
  const key = game && rulesKey(game.rules);
  const shipped = game && shippedTreeFor(manifest, game.rules);
  const names = strategyNames(shipped?.strategy === OPTIMAL);
  const name = names.includes(view.strategy.name) ? view.strategy.name : bestStrategy(names);
  const loaded = shipped && trees[shipped.file];
  const chosen = useMemo(() => ({ name, seed: view.strategy.seed }), [name, view.strategy.seed]);

  useEffect(() => {
    if (!shipped || loaded) return;
    fetchJson(TREES_PATH + shipped.file)
      .then((doc) => {
        const json = doc as TreeJson;
        setTrees((known) => ({ ...known, [shipped.file]: { json, tree: treeFromJson(json) } }));
      })
      .catch((error: Error) => setLoadError(`the tree ${shipped.file}: ${error.message}`));
  }, [shipped, loaded]);

  const strategy = useMemo<Strategy | undefined>(
    () =>
      game && (name !== OPTIMAL || loaded) ? strategyFor(game, chosen, loaded?.tree) : undefined,
    [game, chosen, name, loaded],
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

  /** Saves the games in progress of the current rules. */
  const save = () => {
    if (!key) return;
    const now = plays.current.get(key) ?? {};
    const entry: SavedGames = {
      codemaker: now.codemaker?.saved,
      codebreaker: now.codebreaker?.saved,
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
  const terms = game && termsFor(game.rules);
  // Folded on a phone, where a game needs the whole screen; open where there is room.
  const [wide] = useState(roomy);

  return (
    <div class="page">
      <header class="top">
        <h1>codebreaker</h1>
        <p class="muted">Mastermind, Bulls and Cows, Hit &amp; Blow, Numer0n and their family.</p>
      </header>
      <main>
        <details class="settings-fold" open={wide} data-testid="settings">
          <summary>
            <span class="summary-title">{terms?.title ?? 'Settings'}</span>
            <span class="summary-detail">{strategyTitle(name)}</span>
            <span class="summary-action">Settings</span>
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
          />
        </details>
        <p class="rules" data-testid="rules">
          {game
            ? `${gameWords(game.rules)} · symbols ${game.rules.alphabet} · ${game.size.toLocaleString('en-US')} codes`
            : ''}
        </p>
        {refusal && (
          <p class="error" role="alert" data-testid="refusal">
            {refusal}
          </p>
        )}
        {loadError && <p class="error">{loadError}</p>}
        <Tabs
          label="Views"
          tabs={TABS.map((id) => [id, TAB_TITLES[id]] as const)}
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
            {game && !strategy && visited.has(id) && <p class="muted">Loading the optimal tree…</p>}
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
                    onChange={changed}
                    announce={setAnnouncement}
                    onNewGame={() =>
                      replace({ codebreaker: new CodebreakerPlay(game, strategy, freshSeed()) })
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
                      what="The analysis over every secret"
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
                      what="The strategy tree"
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
      <footer class="muted">
        Runs entirely in this page, served from your own machine: no network, no external fonts.
      </footer>
    </div>
  );
}
