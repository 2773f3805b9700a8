/**
 * The page: the game and strategy menus, and four views over them (the computer breaks your
 * code, you break its code, the analysis, the strategy tree). A view is built when its tab is
 * first opened and kept while the game and strategy stay the same, so switching tabs keeps a
 * game in progress; changing the game or the strategy starts every view afresh.
 */
import { useEffect, useMemo, useState } from 'preact/hooks';
import { CodebreakerError } from '../src/errors.js';
import type { Game } from '../src/game.js';
import { describeRules } from '../src/rules.js';
import { type Tree, type TreeJson, treeFromJson } from '../src/tree.js';
import { AnalysisView } from './analysis-view.js';
import { CodebreakerView, CodemakerView } from './play-views.js';
import {
  GAME_OPTIONS,
  type GameChoice,
  type GameOption,
  customChoice,
  gameForChoice,
  gameTitle,
  presetChoice,
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
  STRATEGY_TITLES,
  type StrategyChoice,
  freshSeed,
  strategyFor,
  strategyNames,
} from './strategy-choice.js';
import { TreeView } from './tree-view.js';

const TABS = [
  ['codemaker', 'Computer breaks your code'],
  ['codebreaker', 'You break the code'],
  ['analysis', 'Analysis'],
  ['tree', 'Strategy tree'],
] as const;
type Tab = (typeof TABS)[number][0];

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

/** A labelled number field; `onValue` gets NaN while the field holds no whole number. */
function WholeNumber(props: {
  readonly label: string;
  readonly min: number;
  readonly value: number;
  readonly onValue: (value: number) => void;
}) {
  const { label, min, value, onValue } = props;
  return (
    <label>
      {label.toLowerCase()}{' '}
      <input
        type="number"
        min={min}
        aria-label={label}
        value={Number.isNaN(value) ? '' : value}
        onInput={(event) => {
          const text = event.currentTarget.value;
          onValue(/^\d+$/.test(text) ? Number(text) : Number.NaN);
        }}
      />
    </label>
  );
}

/** The game menus: a preset or custom rules, and the strategy. */
function Settings(props: {
  readonly choice: GameChoice;
  readonly game: Game | undefined;
  readonly onChoice: (choice: GameChoice) => void;
  readonly names: readonly string[];
  readonly strategy: StrategyChoice;
  readonly onStrategy: (choice: StrategyChoice) => void;
}) {
  const { choice, game, onChoice, names, strategy, onStrategy } = props;
  const pickGame = (option: GameOption) => {
    if (option !== 'custom') onChoice(presetChoice(option));
    else onChoice(game ? customChoice(game.rules) : { ...choice, game: 'custom' });
  };
  return (
    <form class="settings" onSubmit={(event) => event.preventDefault()}>
      <label>
        Game{' '}
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
      {choice.game === 'custom' && (
        <>
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
          <label>
            <input
              type="checkbox"
              aria-label="Repetition"
              checked={choice.repeat}
              onChange={(event) => onChoice({ ...choice, repeat: event.currentTarget.checked })}
            />{' '}
            repetition
          </label>
          <label title="black-peg Mastermind: each answer counts hits, not blows">
            <input
              type="checkbox"
              aria-label="Hits only"
              checked={choice.blackPegs}
              onChange={(event) => onChoice({ ...choice, blackPegs: event.currentTarget.checked })}
            />{' '}
            hits only
          </label>
          <label>
            symbols{' '}
            <input
              class="alphabet"
              aria-label="Symbols"
              placeholder="0-9 a-z"
              value={choice.alphabet}
              onInput={(event) => onChoice({ ...choice, alphabet: event.currentTarget.value })}
            />
          </label>
        </>
      )}
      <label>
        Strategy{' '}
        <select
          aria-label="Strategy"
          value={strategy.name}
          onChange={(event) => onStrategy({ ...strategy, name: event.currentTarget.value })}
        >
          {names.map((name) => (
            <option key={name} value={name}>
              {STRATEGY_TITLES[name] ?? name}
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
    </form>
  );
}

/** The whole page. */
export function App() {
  const [choice, setChoice] = useState<GameChoice>(() => presetChoice('mastermind'));
  const [strategyChoice, setStrategyChoice] = useState<StrategyChoice>(() => ({
    name: 'first-consistent',
    seed: freshSeed(),
  }));
  const [tab, setTab] = useState<Tab>('codemaker');
  const [visited, setVisited] = useState<ReadonlySet<Tab>>(() => new Set(['codemaker']));
  const [manifest, setManifest] = useState<TreeManifest>({ trees: [] });
  const [trees, setTrees] = useState<Readonly<Record<string, LoadedTree>>>({});
  const [loadError, setLoadError] = useState<string>();

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
  const shipped = game && shippedTreeFor(manifest, game.rules);
  const names = strategyNames(shipped?.strategy === OPTIMAL);
  const name = names.includes(strategyChoice.name) ? strategyChoice.name : names[0];
  const loaded = shipped && trees[shipped.file];
  const wantTree = shipped !== undefined && (name === OPTIMAL || visited.has('tree'));

  useEffect(() => {
    if (!wantTree || loaded) return;
    fetchJson(TREES_PATH + shipped.file)
      .then((doc) => {
        const json = doc as TreeJson;
        setTrees((known) => ({ ...known, [shipped.file]: { json, tree: treeFromJson(json) } }));
      })
      .catch((error: Error) => setLoadError(`the tree ${shipped.file}: ${error.message}`));
  }, [wantTree, loaded, shipped]);

  const chosen = useMemo(() => ({ name, seed: strategyChoice.seed }), [name, strategyChoice.seed]);
  const strategy = useMemo(
    () =>
      game && (name !== OPTIMAL || loaded) ? strategyFor(game, chosen, loaded?.tree) : undefined,
    [game, chosen, name, loaded],
  );
  const open = (next: Tab) => {
    setTab(next);
    setVisited((tabs) => new Set([...tabs, next]));
  };
  const viewKey =
    game && `${describeRules(game.rules)}/${game.rules.alphabet}/${name}/${chosen.seed}`;

  return (
    <div class="page">
      <header>
        <h1>codebreaker</h1>
        <p>Mastermind, Bulls and Cows, Hit &amp; Blow, Numer0n and their whole family.</p>
      </header>
      <Settings
        choice={choice}
        game={game}
        onChoice={setChoice}
        names={names}
        strategy={{ ...strategyChoice, name }}
        onStrategy={setStrategyChoice}
      />
      <p class="rules" data-testid="rules">
        {game
          ? `${describeRules(game.rules)} · symbols ${game.rules.alphabet} · ${game.size.toLocaleString('en-US')} codes`
          : ''}
      </p>
      {refusal && (
        <p class="error" role="alert" data-testid="refusal">
          {refusal}
        </p>
      )}
      {loadError && <p class="error">{loadError}</p>}
      <nav class="tabs" role="tablist">
        {TABS.map(([id, title]) => (
          <button
            key={id}
            type="button"
            role="tab"
            aria-selected={tab === id}
            onClick={() => open(id)}
          >
            {title}
          </button>
        ))}
      </nav>
      {game && !strategy && <p class="muted">Loading the optimal tree…</p>}
      {game && strategy && (
        <main key={viewKey}>
          {TABS.map(([id]) =>
            visited.has(id) ? (
              <div key={id} hidden={tab !== id}>
                {id === 'codemaker' && <CodemakerView game={game} strategy={strategy} />}
                {id === 'codebreaker' && <CodebreakerView game={game} strategy={strategy} />}
                {id === 'analysis' && (
                  <AnalysisView
                    game={game}
                    choice={chosen}
                    tree={name === OPTIMAL ? loaded?.json : undefined}
                  />
                )}
                {id === 'tree' && (
                  <TreeView
                    game={game}
                    strategy={strategy}
                    shipped={shipped}
                    shippedTree={loaded?.tree}
                  />
                )}
              </div>
            ) : null,
          )}
        </main>
      )}
      <footer class="muted">
        Runs entirely in this page, served from your own machine: no network, no external fonts.
      </footer>
    </div>
  );
}
