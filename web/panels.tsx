/**
 * The page's five views, each in its tab panel: one component that knows which view a tab
 * shows and what each view is given, so that the page (app.tsx) only chooses the game and tab.
 */
import type { Game } from '../src/game.js';
import type { Strategy } from '../src/strategy.js';
import { AnalysisView } from './analysis-view.js';
import { CodebreakerView } from './codebreaker-view.js';
import { CodemakerView } from './codemaker-view.js';
import type { Plays } from './hooks/use-plays.js';
import type { LoadedTree } from './hooks/use-shipped-trees.js';
import { CodebreakerPlay, CodemakerPlay } from './play.js';
import { fitsTab, rulesFlags } from './settings.js';
import type { ShippedTree } from './shipped-trees.js';
import type { PlayerRecord } from './stats.js';
import { type StrategyChoice, freshSeed } from './strategy-choice.js';
import { panelId, tabId } from './tabs.js';
import { useText } from './text/index.js';
import { type TreeFocus, TreeView } from './tree-view.js';
import { VersusView } from './versus-view.js';
import { VersusPlay } from './versus.js';
import type { Tab } from './view-state.js';
import type { Terms } from './words.js';

/** The game the page shows and what plays it: every view's input. */
export interface Shown {
  readonly game: Game;
  /** The rules' key (`rulesKey`). */
  readonly key: string;
  readonly terms: Terms;
  /** The strategy chosen, built; undefined while the optimal strategy's tree loads. */
  readonly strategy: Strategy | undefined;
  /** The strategies the menu offers, and the one chosen. */
  readonly names: readonly string[];
  readonly chosen: StrategyChoice;
  /** The game's proved tree, if it ships one, and that tree once loaded. */
  readonly shipped: ShippedTree | undefined;
  readonly loaded: LoadedTree | undefined;
}

/** The games in progress (hooks/use-plays.ts) and the player's record (hooks/use-stats.ts). */
export interface PanelPlays {
  readonly current: Plays;
  changed(): void;
  replace(next: Plays): void;
  readonly record: PlayerRecord;
  onRecord(update: (before: PlayerRecord) => PlayerRecord): void;
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

/**
 * The tab panel of `id`: empty until the tab is first opened, then kept (hidden while another
 * tab is open), so a view keeps its state across tabs.
 */
export function TabPanel(props: {
  readonly id: Tab;
  /** The tab open now. */
  readonly tab: Tab;
  readonly opened: boolean;
  readonly shown: Shown | undefined;
  readonly plays: PanelPlays;
  readonly announce: (text: string) => void;
  readonly treeFocus: TreeFocus | undefined;
  readonly onOpenSecret: (strategy: string, secret: string) => void;
}) {
  const { id, tab, opened, shown } = props;
  const t = useText();
  return (
    <div id={panelId(id)} role="tabpanel" aria-labelledby={tabId(id)} hidden={tab !== id}>
      {opened && shown && !shown.strategy && <p class="muted">{t.page.loadingOptimal}</p>}
      {opened && shown?.strategy && <View {...props} shown={shown} strategy={shown.strategy} />}
    </div>
  );
}

/** The view of tab `id`, for a game whose strategy is ready. */
function View(props: Parameters<typeof TabPanel>[0] & { shown: Shown; strategy: Strategy }) {
  const { id, tab, shown, strategy, plays, announce } = props;
  const { game, key, terms, names, chosen, shipped, loaded } = shown;
  const { current, changed, replace, record, onRecord } = plays;
  switch (id) {
    case 'codebreaker':
      return current.codebreaker ? (
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
          announce={announce}
          onNewGame={() =>
            replace({ codebreaker: new CodebreakerPlay(game, strategy, freshSeed()) })
          }
        />
      ) : null;
    case 'versus':
      return current.versus ? (
        <VersusView
          game={game}
          terms={terms}
          play={current.versus}
          active={tab === 'versus'}
          record={record}
          onRecord={onRecord}
          onChange={changed}
          announce={announce}
          onNewGame={(level) =>
            replace({ versus: new VersusPlay(game, level, freshSeed(), loaded?.tree) })
          }
        />
      ) : null;
    case 'codemaker':
      return current.codemaker ? (
        <CodemakerView
          game={game}
          terms={terms}
          play={current.codemaker}
          onChange={changed}
          announce={announce}
          onNewGame={() => replace({ codemaker: new CodemakerPlay(game, strategy) })}
        />
      ) : null;
    case 'analysis':
      return fitsTab(game) ? (
        <AnalysisView
          key={key}
          game={game}
          names={names}
          chosen={chosen}
          tree={loaded?.json}
          onOpenSecret={props.onOpenSecret}
        />
      ) : (
        <TooLarge
          game={game}
          what="analysis"
          command={`npx codebreaker analyze ${rulesFlags(game.rules)} --strategy ${chosen.name}`}
        />
      );
    case 'tree':
      return fitsTab(game) ? (
        <TreeView
          key={key}
          game={game}
          names={names}
          chosen={chosen}
          shipped={shipped}
          shippedTree={loaded?.tree}
          focus={props.treeFocus}
        />
      ) : (
        <TooLarge
          game={game}
          what="tree"
          command={`npx codebreaker tree ${rulesFlags(game.rules)} --strategy ${chosen.name} --format svg --out tree.svg`}
        />
      );
  }
}
