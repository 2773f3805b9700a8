/**
 * The command line of scripts/depth-refutation.ts, read and checked: the game, the depth, the
 * log, and how the run is shared out, paced and reported. A flag it does not know or a value out
 * of range is one line on stderr and status 2, before anything is read or searched.
 */
import { CodebreakerError } from '../src/errors.js';
import { type Game, gameFor } from '../src/game.js';
import { resolveRules } from '../src/rules.js';
import { refuseScript, scriptFlags } from './script-flags.js';

const options = {
  game: { type: 'string' },
  pegs: { type: 'string' },
  colors: { type: 'string' },
  repeat: { type: 'boolean' },
  'no-repeat': { type: 'boolean' },
  depth: { type: 'string' },
  log: { type: 'string' },
  shard: { type: 'string', default: '0/1' },
  threads: { type: 'string', default: '1' },
  'time-limit': { type: 'string' },
  recheck: { type: 'boolean', default: false },
  'piece-secrets': { type: 'string', default: '1000' },
  order: { type: 'string', default: 'ways-on' },
  'class-seconds': { type: 'string' },
  'class-nodes': { type: 'string' },
  json: { type: 'boolean', default: false },
  retime: { type: 'string' },
  sample: { type: 'string' },
  seed: { type: 'string', default: '1' },
} as const;

const USAGE =
  'usage: depth-refutation.ts [--game NAME] [--pegs P --colors C --repeat|--no-repeat] --depth D (3 or more) --log FILE [--threads T] [--shard I/N] [--time-limit S] [--recheck] [--piece-secrets N (3 or more)] [--order ways-on|refuted] [--class-seconds S (above 0) | --class-nodes N (1 or more)] [--retime N (1 or more; one thread, no shard, no --recheck) [--sample M [--seed S]]]';

/** A refutation's run, as its flags ask for it. */
export interface RefutationFlags {
  readonly game: Game;
  /** The depth refuted. */
  readonly depth: number;
  /** The log of second guesses settled (the pieces file beside it). */
  readonly log: string;
  /** Worker threads, each a shard of this process; or this process's shard of `shards`. */
  readonly threads: number;
  readonly shard: number;
  readonly shards: number;
  /** A class this large or larger, with 3 guesses or more left, is searched in pieces. */
  readonly pieceSecrets: number;
  /** With rounds of time for a third guess's classes, the first round's seconds. */
  readonly classSeconds: number | undefined;
  /** With rounds of nodes instead (the same on every machine), the first round's nodes. */
  readonly classNodes: number | undefined;
  /** The time limit, in seconds (∞ without one). */
  readonly seconds: number;
  /** `--retime N`: how many pieces of each second guess under way to solve again. */
  readonly retime: number | undefined;
  /** With it, `--sample M`: third guesses not yet settled drawn at random and solved (0: none). */
  readonly sample: number;
  /** `--seed S`: the seed of that draw. */
  readonly seed: number;
  readonly order: 'ways-on' | 'refuted';
  readonly recheck: boolean;
  readonly json: boolean;
}

/** Exits with status 2, `message` (the usage) in one line on stderr. */
function refuse(message: string): never {
  console.error(message);
  process.exit(2);
}

/** The flags of `argv`, checked; exits with status 2 and one line if they are wrong. */
export function refutationFlags(argv: readonly string[]): RefutationFlags {
  const { values } = scriptFlags('depth-refutation.ts', { args: [...argv], options });
  const depth = Number(values.depth);
  const threads = Number(values.threads);
  const [shard, shards] = (values.shard ?? '').split('/').map(Number);
  const pieceSecrets = Number(values['piece-secrets']);
  const classSeconds =
    values['class-seconds'] === undefined ? undefined : Number(values['class-seconds']);
  const classNodes =
    values['class-nodes'] === undefined ? undefined : Number(values['class-nodes']);
  const seconds =
    values['time-limit'] === undefined ? Number.POSITIVE_INFINITY : Number(values['time-limit']);
  const retime = values.retime === undefined ? undefined : Number(values.retime);
  const sample = values.sample === undefined ? 0 : Number(values.sample);
  const seed = Number(values.seed);
  const order = values.order;
  if (
    !values.log ||
    !Number.isInteger(depth) ||
    depth < 3 ||
    !Number.isInteger(shard) ||
    !Number.isInteger(shards) ||
    !Number.isInteger(threads) ||
    threads < 1 ||
    !(shard >= 0 && shard < shards) ||
    !(Number.isInteger(pieceSecrets) && pieceSecrets >= 3) ||
    !(seconds > 0) ||
    !(classSeconds === undefined || (classSeconds > 0 && Number.isFinite(classSeconds))) ||
    !(classNodes === undefined || (Number.isSafeInteger(classNodes) && classNodes >= 1)) ||
    (classSeconds !== undefined && classNodes !== undefined) ||
    !(order === 'ways-on' || order === 'refuted') ||
    !(retime === undefined || (Number.isInteger(retime) && retime >= 1)) ||
    (retime !== undefined && (threads > 1 || shards > 1 || values.recheck)) ||
    !(Number.isInteger(sample) && sample >= 0) ||
    (values.sample !== undefined && retime === undefined) ||
    !Number.isInteger(seed)
  ) {
    refuse(USAGE);
  }
  let game: Game;
  try {
    game = gameFor(
      resolveRules({
        game: values.game,
        pegs: values.pegs,
        colors: values.colors,
        repeat: values['no-repeat'] ? false : values.repeat,
      }),
    );
  } catch (error) {
    if (!(error instanceof CodebreakerError)) throw error;
    refuseScript('depth-refutation.ts', error.message);
  }
  return {
    game,
    depth,
    log: values.log,
    threads,
    shard,
    shards,
    pieceSecrets,
    classSeconds,
    classNodes,
    seconds,
    retime,
    sample,
    seed,
    order,
    recheck: values.recheck,
    json: values.json,
  };
}
