/** `codebreaker tree`: write a strategy's decision tree as JSON, Graphviz DOT or SVG. */
import type { Command } from 'commander';
import { CodebreakerError, quoteInput } from '../../errors.js';
import { readWholeNumber } from '../../numbers.js';
import { describeRules } from '../../rules.js';
import { treeToDot } from '../../tree-dot.js';
import { treeToJson } from '../../tree-json.js';
import { type Tree, buildTree, treeLevels } from '../../tree.js';
import { writeTextFile } from '../files.js';
import type { Io } from '../io.js';
import { SHORT_RUN_MAX_CODES, tuneForShortRun } from '../proofs/short-run.js';
import { WALK_THREADS_HELP, walkOnThreads, walkThreads } from '../proofs/walk-threads.js';
import {
  type RulesFlags,
  type StrategyFlags,
  addRulesOptions,
  addStrategyOptions,
  describeStrategy,
  gameFromFlags,
  strategyFromFlags,
  strategyJson,
} from '../rules-options.js';
import { endingAtSignals } from '../signals.js';
import { renderSvg } from '../svg.js';

const TREE_FORMATS = ['json', 'dot', 'svg'] as const;
type TreeFormat = (typeof TREE_FORMATS)[number];

/** Levels of guesses an SVG shows at most when no `--depth` is given. */
const SVG_DEFAULT_DEPTH = 3;
/**
 * The most nodes the bottom row of a default SVG has: fewer levels are drawn when more would
 * make it wider (classic Mastermind's third row of minimax: 58,149 pt).
 */
const SVG_ROW_NODES = 40;
/** The most nodes an SVG may have: beyond this Graphviz is slow and the drawing unreadable. */
const SVG_MAX_NODES = 2000;

interface TreeFlags extends RulesFlags, StrategyFlags {
  format: string;
  depth?: string;
  out?: string;
  threads?: string;
}

/** Registers `tree`. */
export function treeCommand(program: Command, io: Io): void {
  const command = program
    .command('tree')
    .description(
      "write a strategy's whole decision tree: JSON (for verify), Graphviz DOT, or SVG cut at --depth",
    );
  addRulesOptions(command);
  addStrategyOptions(command);
  command
    .option('--format <format>', `${TREE_FORMATS.join(', ')}`, 'json')
    .option(
      '--depth <n>',
      `dot and svg: draw n levels of guesses, each subtree below as one node (svg default: up to ${SVG_DEFAULT_DEPTH}, fewer where the bottom row would have more than ${SVG_ROW_NODES} nodes)`,
    )
    .option('--out <file>', 'write to FILE instead of standard output')
    .option('--threads <n>', WALK_THREADS_HELP)
    .action(async (flags: TreeFlags) => {
      const format = formatByName(flags.format);
      const chosenDepth = depthFromFlag(flags.depth, format);
      const game = gameFromFlags(flags);
      const chosen = await strategyFromFlags(game, flags, io);
      const threads = walkThreads(flags.threads, game, chosen);
      if (threads === 1 && game.size <= SHORT_RUN_MAX_CODES) tuneForShortRun();
      // This thread walks, deaf to events until it is done: a Ctrl-C ends the process at once.
      const tree: Tree = await endingAtSignals(async () =>
        threads > 1 && chosen.spec
          ? { game, root: (await walkOnThreads(game, chosen.spec, threads, { tree: true })).root! }
          : buildTree(game, chosen.strategy),
      );
      const title = `${describeRules(game.rules)}, ${describeStrategy(chosen)}`;
      const levels = treeLevels(tree);
      const depth = chosenDepth ?? (format === 'svg' ? svgDepth(levels) : undefined);
      let text: string;
      if (format === 'json') {
        const { rules, root } = treeToJson(tree);
        text = `${JSON.stringify({ rules, ...strategyJson(chosen), root })}\n`;
      } else if (format === 'dot') {
        text = treeToDot(tree, { depth, title });
      } else {
        checkSvgSize(levels, depth!);
        text = await renderSvg(treeToDot(tree, { depth, title }));
      }
      if (flags.out === undefined) {
        io.out(text);
        return;
      }
      await writeTextFile(flags.out, text);
      const drawn = depth === undefined ? 'whole' : `cut at depth ${depth}`;
      io.out(
        `wrote the ${format} tree of ${chosen.name} (${drawn}, ${nodeCount(levels, depth)} nodes) to ${flags.out}\n`,
      );
    });
}

function formatByName(name: string): TreeFormat {
  if ((TREE_FORMATS as readonly string[]).includes(name)) return name as TreeFormat;
  throw new CodebreakerError(
    'bad-option',
    `unknown format ${quoteInput(name)}: choose one of ${TREE_FORMATS.join(', ')}`,
  );
}

/** Reads `--depth`: a whole number ≥ 1, for dot and svg only (svg has a default: `svgDepth`). */
function depthFromFlag(value: string | undefined, format: TreeFormat): number | undefined {
  if (value === undefined) return undefined;
  if (format === 'json') {
    throw new CodebreakerError(
      'bad-option',
      '--depth cuts dot and svg drawings; a json tree is always whole',
    );
  }
  return readWholeNumber(value, '--depth', { min: 1 });
}

/**
 * The levels an SVG draws by default: `SVG_DEFAULT_DEPTH`, fewer while the bottom row, one
 * summary node per node below the cut, would have more than `SVG_ROW_NODES` nodes.
 */
function svgDepth(levels: readonly number[]): number {
  let depth = SVG_DEFAULT_DEPTH;
  while (depth > 1 && (levels[depth] ?? 0) > SVG_ROW_NODES) depth--;
  return depth;
}

/** Nodes drawn: cut at `depth`, the first `depth` levels and one summary node per node below. */
function nodeCount(levels: readonly number[], depth = levels.length): number {
  return levels.slice(0, depth + 1).reduce((sum, n) => sum + n, 0);
}

/** Refuses an SVG whose cut tree would be too large to lay out, suggesting a depth that fits. */
function checkSvgSize(levels: readonly number[], depth: number): void {
  const nodes = nodeCount(levels, depth);
  if (nodes <= SVG_MAX_NODES) return;
  let fits = depth - 1;
  while (fits > 0 && nodeCount(levels, fits) > SVG_MAX_NODES) fits--;
  const advice =
    fits > 0 ? `use --depth ${fits} or less, or --format dot` : 'use --format dot instead';
  throw new CodebreakerError(
    'bad-option',
    `cut at depth ${depth} the tree still has ${nodes} nodes, too many to draw (at most ${SVG_MAX_NODES}): ${advice}`,
  );
}
