/** Strategy trees drawn: as a Graphviz DOT digraph, for `dot` or the command line's SVG. */
import { type Tree, walkTree } from './tree.js';

/** Options of `treeToDot`. */
export interface DotOptions {
  /** Draw this many levels of guesses; each subtree below becomes one "… n secrets" node. */
  depth?: number;
  /** A caption above the drawing. */
  title?: string;
}

/**
 * The tree as a Graphviz DOT digraph: each node labelled by its guess and how many secrets are
 * still possible there (a guess that can only be the secret gets a double border), each edge by
 * its answer. Nodes no secret reaches are left out.
 */
export function treeToDot(tree: Tree, options: DotOptions = {}): string {
  const { game } = tree;
  const depth = options.depth ?? Number.POSITIVE_INFINITY;
  const lines = [
    'digraph strategy {',
    '  node [shape=box, style=rounded, fontname="Helvetica"];',
    '  edge [fontname="Helvetica", fontsize=10];',
  ];
  if (options.title !== undefined) {
    lines.push(`  labelloc=t; label="${dotEscape(options.title)}";`);
  }
  const path: number[] = [];
  let next = 0;
  walkTree(tree, (node, candidates, history) => {
    const level = history.length;
    const id = next++;
    path[level] = id;
    if (level > 0) {
      const answer = game.answerText(history[level - 1].answer);
      lines.push(`  n${path[level - 1]} -> n${id} [label="${answer}"];`);
    }
    const left = candidates.length;
    if (level >= depth) {
      lines.push(`  n${id} [label="… ${left} secret${left === 1 ? '' : 's'}", shape=plaintext];`);
      return false;
    }
    if (node.guess < 0) {
      lines.push(`  n${id} [label="not a code", color=red];`);
      return false;
    }
    const guess = dotEscape(game.codes.make(node.guess));
    if (left === 1 && candidates[0] === node.guess) {
      lines.push(`  n${id} [label="${guess}", peripheries=2];`);
    } else {
      lines.push(`  n${id} [label="${guess}\\n${left} left"];`);
    }
    return true;
  });
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

function dotEscape(text: string): string {
  return text.replace(/[\\"]/g, '\\$&');
}
