/**
 * The shapes of every record a proof reads back from outside its own process: a checkpoint's
 * body, and on a queue the jobs, the answers, the finished-job records and the workers'
 * heartbeats. Each is parsed against its schema (zod) before use, then checked against the game
 * it is for (codes within the game, a class in code order), so that nothing of the wrong shape
 * or out of range reaches the search: a record that fails is refused with one line saying why.
 */
import { z } from 'zod';
import { CodebreakerError } from '../../errors.js';
import { gameFor } from '../../game.js';
import { type Rules, checkRules } from '../../rules.js';
import { checkSearchable } from '../../search/branch-and-bound.js';
import { JOB_KEY } from '../../search/checkpoint.js';
import type { JobAnswer, ProofJob } from '../../search/jobs.js';
import { KEY_SIGNATURE, PUBLIC_KEY } from './identity.js';

/** A whole number that is not negative and fits a double exactly. */
const count = z.number().int().nonnegative().max(Number.MAX_SAFE_INTEGER);
/** A code's index (the game bounds it further). */
const code = z
  .number()
  .int()
  .nonnegative()
  .max(2 ** 24);
/** A job's key, as search/optimal.ts makes it: depth, guesses and answers. */
const jobKey = z.string().max(200).regex(JOB_KEY, 'not a job key');
/** A signature: HMAC-SHA256 in hex. */
const signature = z.string().regex(/^[0-9a-f]{64}$/, 'not a signature');

const rules = z.strictObject({
  pegs: z.number().int(),
  colors: z.number().int(),
  repeat: z.boolean(),
  alphabet: z.string().max(64),
  feedback: z.enum(['black', 'full']).optional(),
});

const settings = z.strictObject({
  consistentOnly: z.boolean(),
  symmetry: z.boolean(),
  lookahead: z.boolean(),
  simd: z.boolean(),
  crush: z.boolean(),
  firstFound: z.boolean(),
});

/** A job as it travels through Redis (the class a plain array). */
const queuedJobSchema = z.strictObject({
  key: jobKey,
  rules,
  settings,
  history: z.array(code).max(64),
  candidates: z
    .array(code)
    .min(1)
    .max(2 ** 24),
  depth: z.number().int().min(1).max(255),
  guess: code.optional(),
  limit: count.optional(),
});

/** A job as it travels through Redis. */
export type QueuedJob = z.infer<typeof queuedJobSchema>;

/** What a job carries on the queue: the job and the coordinator's signature of it. */
export const jobEnvelopeSchema = z.strictObject({
  job: queuedJobSchema,
  signature,
  /**
   * The public keys of workers that leave the job to others for a while: it failed there, or
   * they solved its first copy under `--replicas 2` (not signed: it only routes).
   */
  avoid: z.array(z.string().regex(PUBLIC_KEY)).max(16).optional(),
});

/** An answer as it travels (∞, which JSON lacks, as null). */
const answerSchema = z.strictObject({
  cost: count.nullable(),
  first: code.optional(),
  tree: z
    .array(count)
    .max(2 ** 26)
    .optional(),
  nodes: count,
  lookaheads: count,
});

/**
 * A job's answer on the queue: the answer, its signature with the shared key, and the public key
 * of the worker that gave it with its signature by that worker's own key (identity.ts).
 */
export const answerEnvelopeSchema = z.strictObject({
  answer: answerSchema,
  signature,
  worker: z.string().regex(PUBLIC_KEY, 'not a public key'),
  workerSignature: z.string().regex(KEY_SIGNATURE, 'not a signature'),
});

/** A job's answer on the queue, as it travels. */
export type AnswerEnvelope = z.infer<typeof answerEnvelopeSchema>;

/** What a worker says of itself in its key. */
export const beatSchema = z.strictObject({
  host: z.string().max(255),
  pid: count,
  threads: z.number().int().min(1).max(1024),
  solving: z.array(z.string().max(200)).max(1024),
  key: z.string().regex(PUBLIC_KEY, 'not a public key'),
});

/** A finished job's record as a checkpoint keeps it: `[cost]` or `[cost, tree]`, ∞ as null. */
const recordSchema = z.union([
  z.tuple([count.nullable()]),
  z.tuple([
    count,
    z
      .array(count)
      .min(2)
      .max(2 ** 26),
  ]),
]);

/** A finished job's record in Redis: the record and the coordinator's signature of it. */
export const doneSchema = z.strictObject({ record: recordSchema, signature });

/**
 * A checkpoint's body: the proof it is for, its finished jobs by key, and by key the cost below
 * which `--recheck` found no strategy.
 */
export const checkpointBodySchema = z.strictObject({
  proof: z.unknown(),
  jobs: z.record(jobKey, recordSchema),
  rechecked: z.record(jobKey, count.nullable()).optional(),
});

/** The first problem zod found, in a few words: "candidates.3: expected number". */
export function problemOf(error: z.ZodError): string {
  const issue = error.issues[0];
  if (!issue) return 'it has the wrong shape';
  const where = issue.path.map(String).join('.');
  return `${where ? `${where}: ` : ''}${issue.message}`.slice(0, 200);
}

/**
 * A queued job checked against its game: rules that can be, a game the search takes, codes of
 * the game, a class in code order without repeats, a guess and a history of codes; throws `CodebreakerError` naming the
 * first fault.
 */
export function jobFromQueue(queued: QueuedJob): ProofJob {
  const checked: Rules = checkRules(queued.rules as Rules);
  const game = gameFor(checked);
  checkSearchable(game);
  const fault = (why: string): never => {
    throw new CodebreakerError('bad-option', `job ${queued.key} is not valid (${why})`);
  };
  const { candidates, history, guess } = queued;
  for (let i = 0; i < candidates.length; i++) {
    if (candidates[i] >= game.size) fault(`candidate ${candidates[i]} is no code of the game`);
    if (i > 0 && candidates[i] <= candidates[i - 1]) fault('the class is not in code order');
  }
  for (const played of history) if (played >= game.size) fault('a guess of its history is no code');
  if (guess !== undefined && guess >= game.size) fault('its guess is no code of the game');
  return { ...queued, rules: checked, candidates: Int32Array.from(candidates) };
}

/** A job for the queue. */
export function jobToQueue(job: ProofJob): QueuedJob {
  const { key, rules: jobRules, settings: jobSettings, history, depth, guess, limit } = job;
  return {
    key,
    rules: { ...jobRules },
    settings: { ...jobSettings },
    history: [...history],
    candidates: Array.from(job.candidates),
    depth,
    ...(guess === undefined ? {} : { guess }),
    ...(limit === undefined ? {} : { limit }),
  };
}

/** An answer as it travels. */
export type QueuedAnswer = z.infer<typeof answerSchema>;

/** An answer for the queue. */
export function answerToQueue(answer: JobAnswer): QueuedAnswer {
  const { cost, first, tree, nodes, lookaheads } = answer;
  return {
    cost: Number.isFinite(cost) ? cost : null,
    ...(first === undefined ? {} : { first }),
    ...(tree === undefined ? {} : { tree: [...tree] }),
    nodes,
    lookaheads,
  };
}

/**
 * An answer off the queue for `job`, checked against it: a cost below the job's limit comes
 * with the guess it starts with (the job's own, when it evaluates one) and its tree; a bound at
 * or above the limit without either.
 */
export function answerFromQueue(answer: QueuedAnswer, job: ProofJob): JobAnswer {
  const cost = answer.cost ?? Number.POSITIVE_INFINITY;
  const limit = job.limit ?? Number.POSITIVE_INFINITY;
  const { first, tree } = answer;
  const solved = cost < limit;
  if (solved !== (first !== undefined) || solved !== (tree !== undefined)) {
    throw new Error(
      solved ? 'a cost below the limit without its strategy' : 'a strategy at or above the limit',
    );
  }
  if (tree && tree[0] !== first) throw new Error('a tree that does not start with its guess');
  if (job.guess !== undefined && first !== undefined && first !== job.guess) {
    throw new Error('a strategy that does not start with the guess asked about');
  }
  return {
    cost,
    ...(first === undefined ? {} : { first }),
    ...(tree === undefined ? {} : { tree }),
    nodes: answer.nodes,
    lookaheads: answer.lookaheads,
  };
}
