/**
 * Browsing a strategy's decision tree from the root, one answer at a time.
 *
 * A node is the state after some answers: the secrets still possible and the strategy's guess
 * there, with one branch per answer that some secret gives. All hits ends the game: when the
 * guess may be the secret it is listed too, a branch with no node below it, so the branches'
 * secrets always add up to the node's. Nodes are computed only when opened, asking the strategy for that one state, so a
 * heuristic's tree is browsed without building all of it; a shipped tree is a strategy too
 * (`treeStrategy`), and opens the same way at once.
 */
import { type Partition, allCandidates, classOf, partition } from '../src/candidates.js';
import type { Game } from '../src/game.js';
import type { Strategy, Turn } from '../src/strategy.js';

/** One answer to a node's guess, and how many secrets give it. */
export interface Branch {
  readonly answer: number;
  /** The answer written out: `1H2B`. */
  readonly feedback: string;
  readonly hits: number;
  readonly blows: number;
  readonly secrets: number;
  /** Whether this is all hits: the guess was the secret, and the game ends (no node below). */
  readonly wins: boolean;
  /** The path of the node it leads to (for `wins`, where it would be). */
  readonly path: string;
}

/** A state of the game as the strategy meets it. */
export interface BrowserNode {
  /** The answers leading here, as `answer.answer.…` (empty at the root). */
  readonly path: string;
  /** Guesses made before this node. */
  readonly depth: number;
  readonly candidates: Int32Array;
  readonly guess: number;
  /** Whether the guess may be the secret (it is still possible). */
  readonly mayWin: boolean;
  /** Every answer some secret gives to the guess, in answer order (all hits last). */
  readonly branches: readonly Branch[];
}

/** A strategy's tree, opened node by node. */
export class TreeBrowser {
  readonly #nodes = new Map<string, BrowserNode>();
  readonly #splits = new Map<string, Partition>();
  readonly #open = new Set<string>();

  constructor(
    readonly game: Game,
    readonly strategy: Strategy,
  ) {
    this.#open.add('');
  }

  /** The root: the first guess against every secret. */
  get root(): BrowserNode {
    return this.node('');
  }

  /** The node at `path` (answer indices joined by dots), computed on first use. */
  node(path: string): BrowserNode {
    const known = this.#nodes.get(path);
    if (known) return known;
    const history: Turn[] = [];
    let candidates = allCandidates(this.game);
    for (const step of path === '' ? [] : path.split('.').map(Number)) {
      const at = history.map((turn) => turn.answer).join('.');
      const parent = this.node(at);
      candidates = classOf(this.#splits.get(at)!, step);
      history.push({ guess: parent.guess, answer: step });
    }
    const guess = this.strategy.choose({ game: this.game, history, candidates });
    const split = partition(this.game, guess, candidates);
    const branches: Branch[] = [];
    for (let answer = 0; answer < this.game.answers; answer++) {
      const secrets = split.start[answer + 1] - split.start[answer];
      if (secrets === 0) continue;
      branches.push({
        answer,
        feedback: this.game.answerText(answer),
        ...this.game.answerOf(answer),
        secrets,
        wins: answer === this.game.solved,
        path: path === '' ? `${answer}` : `${path}.${answer}`,
      });
    }
    const mayWin = split.start[this.game.solved + 1] > split.start[this.game.solved];
    const node = { path, depth: history.length, candidates, guess, mayWin, branches };
    this.#nodes.set(path, node);
    this.#splits.set(path, split);
    return node;
  }

  /**
   * The path of the node where `secret` is guessed, opening every node on the way; undefined
   * if the strategy's tree does not reach it within `limit` guesses.
   */
  reveal(secret: number, limit = 64): string | undefined {
    let node = this.root;
    for (let depth = 0; depth < limit; depth++) {
      this.#open.add(node.path);
      if (node.guess === secret) return node.path;
      const answer = this.game.score(node.guess, secret);
      node = this.node(node.path === '' ? `${answer}` : `${node.path}.${answer}`);
    }
    return undefined;
  }

  /** Whether the node at `path` shows its branches. */
  isOpen(path: string): boolean {
    return this.#open.has(path);
  }

  /** Opens or closes the node at `path`. */
  toggle(path: string): void {
    if (this.#open.has(path)) this.#open.delete(path);
    else this.#open.add(path);
  }
}
