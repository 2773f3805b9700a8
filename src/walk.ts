/**
 * A strategy's decision tree walked on several workers at once: the analysis and the tree of a
 * large game on every core, and, on one worker, without blocking the thread that asks (a page,
 * a server).
 *
 * A strategy is a function of the game state, so any node of its tree can be walked on its own,
 * anywhere, from the turns that lead to it and the candidates they leave. The thread that asks
 * keeps the top of the tree: a node with more than `splitAbove` candidates is sent out to have
 * its guess chosen (the costly part) and its candidates split by answer, and each class becomes a
 * node of its own; a smaller node is sent out to be walked whole. The largest waiting node goes out first.
 * Every node is walked exactly once, by the same strategy, so the results — each secret's
 * guesses, the tree, the strategy's work counters — are the ones a single walk gives.
 *
 * The command line walks another way (walk-beside.ts, `here`): its own thread walks the tree
 * and hands whole classes to workers as they run out.
 *
 * Workers speak the small protocol of walk-serve.ts, whose `serveWalks` is their side. Where they come from is
 * the caller's: the command line starts worker threads of its own (cli/walk-threads.ts);
 * `analyzeAsync` and `buildTreeAsync` start `walk-worker.js`, the module beside this one, as a
 * Web Worker in a browser and as a worker thread in Node.
 */
import { type Analysis, summarize } from './analyze.js';
import { type Partition, allCandidates, classOf } from './candidates.js';
import { CodebreakerError } from './errors.js';
import { Game } from './game.js';
import { type RulesOptions, resolveRules } from './rules.js';
import { createStrategy, strategyByName } from './strategies/index.js';
import { type Tree, type TreeNode, inAnswerOrder } from './tree.js';
import { walkBeside } from './walk-beside.js';
import {
  type StrategySpec,
  type WalkReply,
  type WalkResult,
  type WalkWorker,
  type Work,
  addWork,
  readSubtree,
} from './walk-serve.js';

/** Options of `analyzeAsync` and `buildTreeAsync`. */
export interface WalkOptions {
  /** Workers (default: the machine's cores). One still spares the calling thread the work. */
  readonly threads?: number;
  /** Called now and then with the number of secrets settled so far. */
  readonly onProgress?: (settled: number, secrets: number) => void;
  /**
   * Starts a worker that runs `serveWalks` (default: `walk-worker.js` beside this module, a Web
   * Worker in a browser, a worker thread in Node). For hosts that load modules their own way.
   */
  readonly startWorker?: () => WalkWorker | Promise<WalkWorker>;
}

/** How many requests a worker holds at once. */
const REQUESTS_A_WORKER = 2;

/** A node waiting for a worker. */
interface Pending {
  readonly history: readonly number[];
  readonly candidates: Int32Array;
  /** Where its tree node goes: its parent's branches, under its answer (none for the root). */
  readonly parent?: { readonly branches: Map<number, TreeNode>; readonly answer: number };
}

/** How `walkOnWorkers` walks. */
interface WalkOnWorkers {
  readonly tree?: boolean;
  /**
   * This thread walks too, beside `threads - 1` workers (`walkBeside`), and is blocked until
   * its part is done: for the command line.
   */
  readonly here?: boolean;
  readonly onProgress?: (settled: number, secrets: number) => void;
}

/**
 * Walks the tree of the strategy `spec` names over `game` on `workers`, each sent the game and
 * strategy first. Closes none of them.
 */
function walkOnWorkers(
  game: Game,
  spec: StrategySpec,
  workers: readonly WalkWorker[],
  options: WalkOnWorkers = {},
): Promise<WalkResult> {
  const { tree = false, onProgress } = options;
  const guesses = new Uint8Array(game.size);
  const work: Work = { states: 0, allowed: 0, scored: 0 };
  // A node larger than this has its guess chosen and its candidates split out there: enough nodes to
  // keep every worker busy to the end, few enough that messages cost nothing.
  const splitAbove = Math.max(64, Math.ceil(game.size / (8 * workers.length)));
  let root: TreeNode | undefined;
  const waiting: Pending[] = [{ history: [], candidates: allCandidates(game) }];
  const running = new Map<number, Pending>();
  // Two requests a worker at once: the next one waits in its queue, not for a round trip.
  const idle: WalkWorker[] = [];
  for (let slot = 0; slot < REQUESTS_A_WORKER; slot++) idle.push(...workers);
  let nextId = 0;
  let settled = 0;
  let done = false;

  return new Promise<WalkResult>((resolve, reject) => {
    const fail = (error: Error): void => {
      if (done) return;
      done = true;
      reject(error);
    };
    const settle = (secret: number, depth: number): void => {
      guesses[secret] = depth;
      settled++;
    };
    const place = (node: Pending, treeNode: TreeNode): void => {
      if (node.parent) node.parent.branches.set(node.parent.answer, treeNode);
      else root = treeNode;
    };
    const split = (
      node: Pending,
      guess: number,
      parts: Partition,
      branches: Map<number, TreeNode>,
    ): void => {
      const depth = node.history.length / 2 + 1;
      if (parts.start[game.answers] !== node.candidates.length) {
        fail(
          new Error(
            `a worker split ${node.candidates.length} candidates into ${parts.start[game.answers]}`,
          ),
        );
        return;
      }
      for (let answer = 0; answer < game.answers; answer++) {
        const size = parts.start[answer + 1] - parts.start[answer];
        if (size === 0) continue;
        if (answer === game.solved) {
          settle(parts.codes[parts.start[answer]], depth);
        } else if (size === node.candidates.length) {
          fail(new Error(`${spec.name} chose a guess that does not split its candidates`));
        } else {
          const history = [...node.history, guess, answer];
          const candidates = classOf(parts, answer);
          waiting.push({ history, candidates, parent: { branches, answer } });
        }
      }
    };
    const pump = (): void => {
      while (!done && idle.length > 0 && waiting.length > 0) {
        // The largest node first: the long walks start early, the short ones fill the end.
        let largest = 0;
        for (let i = 1; i < waiting.length; i++) {
          if (waiting[i].candidates.length > waiting[largest].candidates.length) largest = i;
        }
        const node = waiting.splice(largest, 1)[0];
        const id = nextId++;
        running.set(id, node);
        const kind = node.candidates.length > splitAbove ? 'choose' : 'walk';
        idle.pop()!.post({
          kind,
          id,
          history: node.history,
          candidates: node.candidates,
          tree,
        });
      }
      if (!done && waiting.length === 0 && running.size === 0) {
        done = true;
        onProgress?.(settled, game.size);
        resolve({ guesses, work, ...(root ? { root: inAnswerOrder(root) } : {}) });
      }
    };
    for (const worker of workers) {
      worker.post({ kind: 'start', rules: game.rules, strategy: spec });
      worker.listen((reply) => {
        if (done) return;
        const node = running.get(reply.id)!;
        running.delete(reply.id);
        if (reply.kind === 'failed') {
          const { error, message } = reply;
          fail(error ? new CodebreakerError(error, message) : new Error(message));
          return;
        }
        addWork(work, reply.work);
        if (reply.kind === 'chosen') {
          const branches = new Map<number, TreeNode>();
          if (tree) place(node, { guess: reply.guess, children: branches });
          split(node, reply.guess, reply, branches);
        } else {
          for (let i = 0; i < reply.secrets.length; i++) {
            settle(reply.secrets[i], reply.guesses[i]);
          }
          if (reply.tree) place(node, readSubtree(reply.tree));
        }
        onProgress?.(settled, game.size);
        idle.push(worker);
        pump();
      }, fail);
    }
    pump();
  });
}

/** Checks the strategy `spec` names here, before any worker is started. */
function checkSpec(spec: StrategySpec): void {
  if (strategyByName(spec.name) === 'optimal') {
    throw new CodebreakerError(
      'bad-option',
      "the optimal strategy is proved, not built: analyze findOptimal(game)'s strategy",
    );
  }
  createStrategy(spec.name, spec.options);
}

/**
 * Walks the tree of the strategy `spec` names over `game` on the workers `options` asks for,
 * and stops them however it ends: `analyzeAsync` and `buildTreeAsync`, and the command line's
 * `analyze` and `tree`, which keep the work counters too.
 */
export async function walkAsync(
  game: Game,
  spec: StrategySpec,
  options: WalkOptions & WalkOnWorkers = {},
): Promise<WalkResult> {
  checkSpec(spec);
  const threads = options.threads ?? (await defaultThreads());
  if (!Number.isInteger(threads) || threads < 1) {
    throw new CodebreakerError(
      'bad-option',
      `threads must be a whole number, 1 or more, not ${threads}`,
    );
  }
  const start = options.startWorker ?? startWalkWorker;
  const workers: WalkWorker[] = [];
  try {
    const here = options.here ?? false;
    for (let i = here ? 1 : 0; i < threads; i++) workers.push(await start());
    return await (here ? walkBeside : walkOnWorkers)(game, spec, workers, options);
  } finally {
    await Promise.all(workers.map((worker) => worker.terminate()));
  }
}

/**
 * `analyze` on workers: the thread that calls it is free while they work (a page stays
 * responsive, a server keeps serving), and a large game's analysis uses every core. The same
 * results as `analyze(new Game(rules), createStrategy(name, options))`.
 */
export async function analyzeAsync(
  rules: RulesOptions,
  strategy: StrategySpec,
  options: WalkOptions = {},
): Promise<Analysis> {
  // This thread only splits the top of the tree: it needs no score table.
  const game = new Game(resolveRules(rules), { tableMaxCodes: 0 });
  return summarize((await walkAsync(game, strategy, options)).guesses);
}

/** `buildTree` on workers (see `analyzeAsync`): the strategy's whole decision tree. */
export async function buildTreeAsync(
  rules: RulesOptions,
  strategy: StrategySpec,
  options: WalkOptions = {},
): Promise<Tree> {
  const game = new Game(resolveRules(rules), { tableMaxCodes: 0 });
  const { root } = await walkAsync(game, strategy, { ...options, tree: true });
  return { game, root: root! };
}

/** The part of a Web Worker this module uses. */
interface WebWorker {
  postMessage(message: unknown): void;
  addEventListener(type: 'message' | 'error', listener: (event: unknown) => void): void;
  terminate(): void;
}
declare const Worker: (new (url: URL, options: { type: 'module' }) => WebWorker) | undefined;

/** The part of Node's worker thread this module uses. */
interface NodeWorker {
  postMessage(message: unknown): void;
  on(type: 'message', listener: (reply: WalkReply) => void): unknown;
  on(type: 'error', listener: (error: Error) => void): unknown;
  terminate(): Promise<number>;
}

/** Node's worker_threads, named through a variable: a bundler for the browser leaves it be. */
const NODE_THREADS = 'node:worker_threads';
const NODE_OS = 'node:os';

/** The machine's cores, as its platform tells them. */
async function defaultThreads(): Promise<number> {
  const browser = (globalThis as { navigator?: { hardwareConcurrency?: number } }).navigator;
  if (typeof Worker === 'function') return browser?.hardwareConcurrency ?? 2;
  const os = (await import(/* @vite-ignore */ NODE_OS)) as { availableParallelism(): number };
  return os.availableParallelism();
}

/** Starts walk-worker.js, the module beside this one. */
async function startWalkWorker(): Promise<WalkWorker> {
  if (typeof Worker === 'function') {
    const worker = new Worker(new URL('./walk-worker.js', import.meta.url), { type: 'module' });
    return {
      post: (request) => worker.postMessage(request),
      listen(handler, failed) {
        worker.addEventListener('message', (event) => handler((event as { data: WalkReply }).data));
        worker.addEventListener('error', (event) =>
          failed(new Error((event as { message?: string }).message ?? 'the worker failed')),
        );
      },
      terminate: () => worker.terminate(),
    };
  }
  const threads = (await import(/* @vite-ignore */ NODE_THREADS)) as {
    Worker: new (url: URL, options: { execArgv: string[] }) => NodeWorker;
  };
  // A thread takes Node's flags from its process, but not --input-type, which a module file
  // refuses (a caller run as `node --input-type=module -e …`).
  const { execArgv = [] } = (globalThis as { process?: { execArgv?: string[] } }).process ?? {};
  const flags = execArgv.filter((flag) => !flag.startsWith('--input-type'));
  const address = new URL('./walk-worker.js', import.meta.url);
  return nodeWalkWorker(new threads.Worker(address, { execArgv: flags }));
}

/** A Node worker thread that runs `serveWalks`, as a `WalkWorker`. */
export function nodeWalkWorker(worker: NodeWorker): WalkWorker {
  return {
    post: (request) => worker.postMessage(request),
    listen(handler, failed) {
      worker.on('message', handler);
      worker.on('error', failed);
    },
    terminate: () => worker.terminate(),
  };
}
