/**
 * `static --checkpoint FILE`: how far a static search has got, kept so that a search of days can
 * be stopped and resumed, on another machine too (a campaign: campaigns/README.md). With a
 * checkpoint, each set size the exact search refutes is split into jobs, the canonical sets of
 * its first few guesses (search/static-jobs.ts), or with `--colour-sets` the families of colour
 * sets (search/static-colours.ts: the file then says `"by":"colour-sets"` in place of its
 * `jobDepth`, and is refused by the other search), and the file records
 *
 * - `lowerBound`: every size below it is refuted;
 * - the jobs of size `lowerBound` refuted so far (`done`, as ranges of job numbers: "0-15,17");
 * - `best`: the smallest identifying set found, which is checked again when read back;
 * - the sets visited by the jobs recorded, over every run;
 * - once `--recheck` has begun, the jobs it has searched again and refuted, by size
 *   (`"rechecked":{"6":"0-99"}`), so that `--recheck-resume` goes on where it stopped.
 *
 * It is framed, signed, written and locked as signed-file.ts says, with its own purpose, so that
 * no other signed file passes for it (or kept unsigned, with `--unsigned`, and then every refuted
 * job it holds is searched again before the result is proved, its `rechecked` unread):
 *
 *     codebreaker-static-checkpoint 1 crc32=… bytes=… hmac-sha256=…
 *     {"rules":{…},"lowerBound":6,"jobDepth":3,"jobs":1360,"done":"0-15,17","nodes":123,"best":["0473",…]}
 *
 * What a resumed search takes from it unchecked, the refuted sizes and jobs, it reports as what
 * its result relied on.
 */
import type { Game } from '../../game.js';
import { rulesJson } from '../../rules.js';
import { staticJobDepth as jobDepth } from '../../search/static-jobs.js';
import { identifies } from '../../search/static.js';
import type { SigningKey } from '../keys.js';
import {
  type SignedFormat,
  badCheckpoint,
  checkpointWriter,
  holdCheckpoint,
  openSigned,
  readSignedFile,
  signedText,
} from './signed-file.js';

const FORMAT: SignedFormat = {
  magic: 'codebreaker-static-checkpoint',
  name: 'a checkpoint of a static search',
  version: 1,
  purpose: 'static-checkpoint',
};

/** How far a static search has got. */
export interface StaticState {
  /** Every size below this is refuted. */
  lowerBound: number;
  /** The jobs of size `lowerBound` refuted, of `jobs` (known once its search has begun). */
  done: Set<number>;
  jobs: number;
  /** Sets visited by the jobs recorded, over every run. */
  nodes: number;
  /** The smallest identifying set found, in code order. */
  best: number[] | undefined;
  /** By size, the jobs a recheck searched again and refuted. */
  rechecked: Map<number, Set<number>>;
  /** Counts the changes, so the writer can tell whether anything is new. */
  changes: number;
}

/** A static search's checkpoint in a file. */
export interface StaticCheckpointFile {
  readonly path: string;
  readonly state: StaticState;
  /**
   * What the file held when read that the search takes on its word: the sizes below
   * `lowerBound` refuted, and the jobs of that size; undefined if nothing.
   */
  readonly read:
    | { readonly lowerBound: number; readonly done: ReadonlySet<number>; readonly jobs: number }
    | undefined;
  /** Writes the file if something is new and a write is due (`force`: now). */
  save(force?: boolean): void;
  /** Writes it at the end of the search: why it could not, if it could not. */
  finish(): string | undefined;
  /** Counts a change made to `state` and saves it (`force`: now, else when a write is due). */
  changed(force: boolean): void;
  /** Lets the file go to other processes: at the end of the search. */
  release(): void;
}

/** `done` as ranges of job numbers: "0-15,17,20-31". */
export function rangesText(done: ReadonlySet<number>): string {
  const sorted = [...done].sort((a, b) => a - b);
  const parts: string[] = [];
  for (let i = 0; i < sorted.length; ) {
    let j = i;
    while (j + 1 < sorted.length && sorted[j + 1] === sorted[j] + 1) j++;
    parts.push(i === j ? `${sorted[i]}` : `${sorted[i]}-${sorted[j]}`);
    i = j + 1;
  }
  return parts.join(',');
}

/** The job ranges of a file: "0-15,17,20-31". */
const RANGES = /^(\d+(-\d+)?(,\d+(-\d+)?)*)?$/;

/** The job numbers of `text` (see `rangesText`), each below `jobs`. */
function parseRanges(text: string, jobs: number): Set<number> {
  const done = new Set<number>();
  if (text === '') return done;
  for (const part of text.split(',')) {
    const [first, last = first] = part.split('-').map(Number);
    if (first > last || last >= jobs) {
      throw badCheckpoint(`its jobs done (${part}) are not among its ${jobs} jobs`);
    }
    for (let job = first; job <= last; job++) done.add(job);
  }
  return done;
}

/** The file's text for `state`. */
export function staticCheckpointText(
  game: Game,
  state: StaticState,
  key: SigningKey | undefined,
  byColourSets = false,
): string {
  const body = {
    rules: rulesJson(game.rules),
    lowerBound: state.lowerBound,
    ...(byColourSets ? { by: 'colour-sets' } : { jobDepth: jobDepth(state.lowerBound) }),
    jobs: state.jobs,
    done: rangesText(state.done),
    nodes: state.nodes,
    best: state.best ? state.best.map((g) => game.codes.make(g)) : null,
  };
  const rechecked = Object.fromEntries(
    [...state.rechecked].map(([size, jobs]) => [String(size), rangesText(jobs)]),
  );
  const text = state.rechecked.size > 0 ? { ...body, rechecked } : body;
  return signedText(FORMAT, JSON.stringify(text), key);
}

/**
 * The state in `text` for a static search of `game`, checked in turn: its frame and signature,
 * its shape, its rules, its jobs against the size's, and its set, which must identify every
 * secret. Throws `CommandError('bad-checkpoint')` naming what is wrong.
 */
export async function parseStaticCheckpoint(
  game: Game,
  text: string,
  key: SigningKey | undefined,
  jobsOf: (size: number) => number,
  byColourSets = false,
): Promise<StaticState> {
  const doc = openSigned(FORMAT, text, key);
  // Loaded only here: a search without a checkpoint starts without the schema library.
  const { z } = await import('zod');
  const bodySchema = z.strictObject({
    rules: z.unknown(),
    lowerBound: z.number().int().min(0).max(64),
    jobDepth: z.number().int().min(1).max(8).optional(),
    by: z.literal('colour-sets').optional(),
    jobs: z.number().int().min(0).max(1e9),
    done: z.string().max(1e8).regex(RANGES, 'not a list of job ranges'),
    nodes: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
    best: z.array(z.string().max(64)).max(64).nullable(),
    rechecked: z
      .record(
        z.string().regex(/^\d{1,2}$/, 'not a size'),
        z.string().max(1e8).regex(RANGES, 'not a list of job ranges'),
      )
      .optional(),
  });
  const parsed = bodySchema.safeParse(doc);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw badCheckpoint(`its body is not valid (${issue?.path.join('.')}: ${issue?.message})`);
  }
  const body = parsed.data;
  if (JSON.stringify(body.rules) !== JSON.stringify(rulesJson(game.rules))) {
    throw badCheckpoint('it was made for a static search of other rules');
  }
  if ((body.by === 'colour-sets') !== byColourSets) {
    throw badCheckpoint(
      byColourSets
        ? 'its jobs are sets of first guesses, not families of colour sets: run it without --colour-sets'
        : 'its jobs are families of colour sets: run it with --colour-sets',
    );
  }
  if (!byColourSets && body.jobDepth !== jobDepth(body.lowerBound)) {
    throw badCheckpoint(
      `its jobs are of ${body.jobDepth} guesses; this version makes them of ${jobDepth(body.lowerBound)}`,
    );
  }
  if (body.done !== '' && body.jobs !== jobsOf(body.lowerBound)) {
    throw badCheckpoint(
      `it counts ${body.jobs} jobs at ${body.lowerBound} guesses where this version makes ${jobsOf(body.lowerBound)}`,
    );
  }
  let best: number[] | undefined;
  if (body.best) {
    best = body.best.map((code) => {
      try {
        return game.codes.parse(code);
      } catch {
        throw badCheckpoint(
          `its set holds ${JSON.stringify(code.slice(0, 20))}, not a code of these rules`,
        );
      }
    });
    if (!identifies(game, best)) throw badCheckpoint('its set does not identify every secret');
    best.sort((a, b) => a - b);
    if (best.length < body.lowerBound) {
      throw badCheckpoint(
        `it holds a set of ${best.length} and says sizes below ${body.lowerBound} are refuted`,
      );
    }
  }
  const rechecked = new Map<number, Set<number>>();
  // What a recheck found is believed only from a signed file: read unsigned, every job is
  // searched again.
  for (const [size, ranges] of Object.entries((key && body.rechecked) || {})) {
    if (Number(size) > body.lowerBound) {
      throw badCheckpoint(`it says jobs of ${size} guesses were searched again, above its sizes`);
    }
    rechecked.set(Number(size), parseRanges(ranges, jobsOf(Number(size))));
  }
  return {
    lowerBound: body.lowerBound,
    done: parseRanges(body.done, body.jobs),
    jobs: body.jobs,
    nodes: body.nodes,
    best,
    rechecked,
    changes: 0,
  };
}

/**
 * What the checkpoint in `path` for a static search of `game`, signed with `key`, holds, or
 * undefined if there is no such file; a damaged, forged or foreign file is refused.
 */
export function readStaticCheckpoint(
  path: string,
  game: Game,
  key: SigningKey | undefined,
  jobsOf: (size: number) => number,
  byColourSets = false,
): Promise<StaticState | undefined> {
  return readSignedFile(path, (text) =>
    parseStaticCheckpoint(game, text, key, jobsOf, byColourSets),
  );
}

/**
 * Opens `path` for a static search of `game`, signed with `key`: locks it for this process and
 * reads it if it exists (refusing a file in use by another process, or a damaged, forged or
 * foreign one), and writes it, to make sure it can be. `jobsOf(size)` counts the jobs of a size,
 * to check the file's against. A write that fails later is said through `tell`, in one line.
 */
export async function openStaticCheckpoint(
  path: string,
  game: Game,
  key: SigningKey | undefined,
  initial: { lowerBound: number; jobsOf: (size: number) => number; byColourSets?: boolean },
  tell: (line: string) => void,
): Promise<StaticCheckpointFile> {
  const byColourSets = initial.byColourSets === true;
  const release = holdCheckpoint(path);
  try {
    const found = await readStaticCheckpoint(path, game, key, initial.jobsOf, byColourSets);
    const state: StaticState = found ?? {
      lowerBound: initial.lowerBound,
      done: new Set(),
      jobs: 0,
      nodes: 0,
      best: undefined,
      rechecked: new Map(),
      changes: 0,
    };
    const writer = await checkpointWriter(
      path,
      () => staticCheckpointText(game, state, key, byColourSets),
      () => state.changes,
      tell,
    );
    return {
      path,
      state,
      changed(force) {
        state.changes++;
        writer.save(force);
      },
      read:
        found && (found.lowerBound > initial.lowerBound || found.done.size > 0)
          ? { lowerBound: found.lowerBound, done: new Set(found.done), jobs: found.done.size }
          : undefined,
      ...writer,
      release,
    };
  } catch (error) {
    release();
    throw error;
  }
}
