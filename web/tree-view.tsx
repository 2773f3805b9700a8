/**
 * The tree view: a strategy's decision tree as an outline, opened answer by answer. For the
 * classic games it starts on the shipped tree (optimal where proved), which opens at once.
 */
import { useMemo, useState } from 'preact/hooks';
import type { Game } from '../src/game.js';
import type { Strategy } from '../src/strategy.js';
import type { Tree } from '../src/tree.js';
import { Answer, Code } from './pegs.js';
import type { ShippedTree } from './shipped-trees.js';
import { shippedStrategy } from './strategy-choice.js';
import { type BrowserNode, TreeBrowser } from './tree-browser.js';

function secretsText(n: number): string {
  return `${n.toLocaleString('en-US')} ${n === 1 ? 'secret' : 'secrets'}`;
}

/** One node: its guess, then its branches, each opening the node it leads to. */
function NodeView(props: {
  readonly browser: TreeBrowser;
  readonly node: BrowserNode;
  readonly redraw: () => void;
}) {
  const { browser, node, redraw } = props;
  const { rules } = browser.game;
  const only = node.candidates.length === 1 && node.mayWin;
  return (
    <div class="node" data-path={node.path} data-guess={browser.game.codes.make(node.guess)}>
      <div class="node-guess">
        <span class="label">guess {node.depth + 1}</span>
        <Code rules={rules} code={browser.game.codes.make(node.guess)} />
        <span class="muted">
          {only ? 'the secret' : `${secretsText(node.candidates.length)} possible`}
        </span>
      </div>
      {node.branches.length > 0 && (
        <ul>
          {node.branches.map((branch) => {
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
                  <span class="twisty">{open ? '▾' : '▸'}</span>
                  <Answer
                    pegs={browser.game.pegs}
                    hits={branch.hits}
                    blows={branch.blows}
                    hitsOnly={browser.game.feedback === 'black'}
                  />
                  <span class="muted">{secretsText(branch.secrets)}</span>
                </button>
                {open && (
                  <NodeView browser={browser} node={browser.node(branch.path)} redraw={redraw} />
                )}
              </li>
            );
          })}
        </ul>
      )}
    </div>
  );
}

/** Browses the shipped tree (when there is one) or the chosen strategy's tree. */
export function TreeView(props: {
  readonly game: Game;
  readonly strategy: Strategy;
  readonly shipped: ShippedTree | undefined;
  /** The shipped tree once fetched. */
  readonly shippedTree: Tree | undefined;
}) {
  const { game, strategy, shipped, shippedTree } = props;
  const [source, setSource] = useState<'shipped' | 'strategy'>(shipped ? 'shipped' : 'strategy');
  const [, setTick] = useState(0);
  const redraw = () => setTick((tick) => tick + 1);
  const useShipped = source === 'shipped' && shipped !== undefined;
  const browser = useMemo(() => {
    if (!useShipped) return new TreeBrowser(game, strategy);
    return shippedTree && new TreeBrowser(game, shippedStrategy(shippedTree, shipped.strategy));
  }, [game, strategy, useShipped, shippedTree, shipped]);
  return (
    <section class="card" data-testid="tree">
      {shipped && (
        <div class="sources" role="radiogroup" aria-label="tree">
          <label>
            <input
              type="radio"
              name="tree-source"
              checked={useShipped}
              onChange={() => setSource('shipped')}
            />{' '}
            shipped tree: {shipped.title}
          </label>
          <label>
            <input
              type="radio"
              name="tree-source"
              checked={!useShipped}
              onChange={() => setSource('strategy')}
            />{' '}
            the chosen strategy, {strategy.name}, computed as you open it
          </label>
        </div>
      )}
      {useShipped ? (
        <p class="lead" data-testid="tree-figures">
          {shipped.proved ? 'Proved optimal: ' : ''}
          {shipped.total.toLocaleString('en-US')} guesses over all{' '}
          {shipped.secrets.toLocaleString('en-US')} secrets, average{' '}
          {(shipped.total / shipped.secrets).toFixed(5)}, at most {shipped.max}.
        </p>
      ) : (
        <p class="lead">
          The decision tree of {strategy.name}: each node is computed when you open it. The Analysis
          tab gives its figures over every secret.
        </p>
      )}
      {browser ? (
        <div class="tree">
          <NodeView browser={browser} node={browser.root} redraw={redraw} />
        </div>
      ) : (
        <p class="muted">Loading the tree…</p>
      )}
    </section>
  );
}
