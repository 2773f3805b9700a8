/**
 * The tree view: a strategy's decision tree as an outline, opened answer by answer. The optimal
 * strategy is the shipped tree (proved optimal for the classic games), which opens at once; the
 * others are computed node by node as they are opened. A worst secret chosen in the analysis
 * opens here at the path it takes (`TreeFocus`), every node on the way opened.
 */
import { useEffect, useMemo, useRef, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { Tree } from '../src/tree.js';
import { Answer, Code } from './pegs.js';
import type { ShippedTree } from './shipped-trees.js';
import {
  OPTIMAL,
  type StrategyChoice,
  shippedStrategy,
  strategyFor,
  strategyTitle,
} from './strategy-choice.js';
import { useText } from './text/index.js';
import { type BrowserNode, TreeBrowser } from './tree-browser.js';
import { type Terms, termsFor } from './words.js';

/** A secret to show in a strategy's tree; `at` tells one request from the next. */
export interface TreeFocus {
  readonly strategy: string;
  readonly secret: string;
  readonly at: number;
}

/** One node: its guess, then its branches, each opening the node it leads to. */
function NodeView(props: {
  readonly browser: TreeBrowser;
  readonly terms: Terms;
  readonly node: BrowserNode;
  readonly highlight: string | undefined;
  readonly redraw: () => void;
}) {
  const { browser, terms, node, highlight, redraw } = props;
  const t = useText();
  const { rules } = browser.game;
  const guess = browser.game.codes.make(node.guess);
  const only = node.candidates.length === 1 && node.mayWin;
  return (
    <div
      class={`node${highlight === node.path ? ' highlight' : ''}`}
      data-path={node.path}
      data-guess={guess}
      tabIndex={-1}
    >
      <div class="node-guess">
        <span class="label">{t.tree.guessN(node.depth + 1)}</span>
        <Code rules={rules} code={guess} />
        <span class="muted">
          {only ? t.tree.theSecret : t.tree.possible(node.candidates.length)}
        </span>
      </div>
      {node.branches.length > 0 && !only && (
        <ul>
          {node.branches.map((branch) => {
            if (branch.wins) {
              return (
                <li key={branch.answer} class="win" data-answer={branch.feedback}>
                  <span class="twisty" aria-hidden="true">
                    ★
                  </span>
                  <Answer rules={rules} terms={terms} hits={branch.hits} blows={branch.blows} />
                  <span class="muted">{t.tree.solved}</span>
                  <Code rules={rules} code={guess} />
                </li>
              );
            }
            const open = browser.isOpen(branch.path);
            return (
              <li key={branch.answer}>
                <button
                  type="button"
                  class="branch"
                  aria-expanded={open}
                  data-answer={branch.feedback}
                  onClick={() => {
                    browser.toggle(branch.path);
                    redraw();
                  }}
                >
                  <span class="twisty" aria-hidden="true">
                    {open ? '▾' : '▸'}
                  </span>
                  <Answer rules={rules} terms={terms} hits={branch.hits} blows={branch.blows} />
                  <span class="muted">{t.tree.secrets(branch.secrets)}</span>
                </button>
                {open && (
                  <NodeView
                    browser={browser}
                    terms={terms}
                    node={browser.node(branch.path)}
                    highlight={highlight}
                    redraw={redraw}
                  />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Browses the tree of a strategy: the menu's, or one chosen here. */
export function TreeView(props: {
  readonly game: Game;
  readonly names: readonly string[];
  readonly chosen: StrategyChoice;
  readonly shipped: ShippedTree | undefined;
  /** The shipped tree once fetched. */
  readonly shippedTree: Tree | undefined;
  readonly focus: TreeFocus | undefined;
}) {
  const { game, names, chosen, shipped, shippedTree, focus } = props;
  const [name, setName] = useState(chosen.name);
  const [highlight, setHighlight] = useState<string>();
  const [, setTick] = useState(0);
  const redraw = () => setTick((tick) => tick + 1);
  const handled = useRef<number>();
  const box = useRef<HTMLDivElement>(null);
  const t = useText();
  const terms = termsFor(t, game.rules);

  useEffect(() => setName(chosen.name), [chosen.name]);
  useEffect(() => {
    if (focus && names.includes(focus.strategy)) setName(focus.strategy);
  }, [focus, names]);

  const browser = useMemo(() => {
    if (name !== OPTIMAL) return new TreeBrowser(game, strategyFor(game, { ...chosen, name }));
    return shippedTree && new TreeBrowser(game, shippedStrategy(shippedTree, OPTIMAL));
  }, [game, name, chosen, shippedTree]);

  // A worst secret from the analysis: open its path once its strategy's tree is shown.
  useEffect(() => {
    if (!focus || !browser || handled.current === focus.at || name !== focus.strategy) return;
    handled.current = focus.at;
    setHighlight(browser.reveal(game.codes.parse(focus.secret)));
  }, [focus, browser, name, game]);
  useEffect(() => {
    if (highlight === undefined) return;
    const node = box.current?.querySelector<HTMLElement>(`.node[data-path="${highlight}"]`);
    node?.scrollIntoView({ block: 'center' });
    node?.focus({ preventScroll: true });
  }, [highlight]);

  return (
    <section class="card" data-testid="tree" aria-label={t.tree.label}>
      <label class="field">
        <span>{t.tree.treeOf}</span>
        <select
          aria-label={t.tree.treeOf}
          value={name}
          onChange={(event) => setName(event.currentTarget.value)}
        >
          {names.map((option) => (
            <option key={option} value={option} disabled={option === OPTIMAL && !shippedTree}>
              {strategyTitle(t, option)}
            </option>
          ))}
        </select>
      </label>
      {name === OPTIMAL && shipped ? (
        <p class="lead" data-testid="tree-figures">
          {t.tree.figures(
            shipped.total,
            shipped.secrets,
            (shipped.total / shipped.secrets).toFixed(5),
            shipped.max,
          )}
        </p>
      ) : (
        <p class="lead">{t.tree.computed(strategyTitle(t, name))}</p>
      )}
      {focus && highlight !== undefined && name === focus.strategy && (
        <p class="muted" data-testid="tree-focus">
          {t.tree.path(focus.secret, highlight === '' ? 1 : highlight.split('.').length + 1)}
        </p>
      )}
      {browser ? (
        <div class="tree" ref={box}>
          <NodeView
            browser={browser}
            terms={terms}
            node={browser.root}
            highlight={highlight}
            redraw={redraw}
          />
        </div>
      ) : (
        <p class="muted">{t.tree.loading}</p>
      )}
    </section>
  );
}
