/**
 * Where the campaigns (scripts/campaign.ts) keep what they know: the campaigns' folder (the
 * repository's campaigns/, or another a test names), the campaigns it declares, the runs it has
 * recorded, and the file that keeps each campaign's work.
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** The repository: the first folder up from `dir` with a package.json (a bundle is deeper). */
function rootOf(dir: string): string {
  if (existsSync(join(dir, 'package.json')) || dirname(dir) === dir) return dir;
  return rootOf(dirname(dir));
}
export const ROOT = rootOf(import.meta.dirname);
/** The campaigns' folder: the repository's, or another (the tests run a small one elsewhere). */
export const DIR = process.env.CODEBREAKER_CAMPAIGNS ?? join(ROOT, 'campaigns');
export const RUNS = join(DIR, 'runs.jsonl');

/** A campaign: a question, and the proof that answers it. */
export interface Campaign {
  readonly name: string;
  readonly question: string;
  /**
   * The command that answers it: `optimal` (the default), `static`, or `refutation`
   * (scripts/depth-refutation.ts at `maxDepth`, its log beside the checkpoints).
   */
  readonly command?: 'optimal' | 'static' | 'refutation';
  /** The rules flags of the command. */
  readonly rules: readonly string[];
  /** `optimal`'s objective and depth cap. */
  readonly objective?: string;
  readonly maxDepth?: number;
  /**
   * Flags every run gives its command, on whatever machine (a refutation's `--order`, which the
   * shards on several machines must share); a run's own flags come after them.
   */
  readonly flags?: readonly string[];
  /**
   * Where the question was answered another way (a strategy found that a refutation could
   * never conclude against): how, and where the proof is. The list then says so in place of
   * the command that resumes it.
   */
  readonly answered?: string;
}

/** What one run did, as runs.jsonl keeps it. */
export interface Run {
  readonly campaign: string;
  readonly started: string;
  readonly machine: string;
  readonly threads: number;
  readonly seconds: number;
  readonly cpuSeconds: number;
  readonly jobsDone?: number;
  readonly jobsKnown?: number;
  readonly nodes: number;
  readonly lowerBound: number | null;
  /** `--below`: the total below which strategies were looked for (first, under `raise`). */
  readonly below?: number;
  /** `--raise STEP`: the step the total was raised by while nothing was found below it. */
  readonly raise?: number;
  readonly best: number | null;
  readonly proved: boolean;
  readonly relied?: unknown;
  /** Run from nothing (`--anew`): no checkpoint read or written. */
  readonly anew?: boolean;
  readonly status: number | null;
}

/** The campaigns, as campaigns/campaigns.json names them. */
export function campaigns(): Campaign[] {
  return JSON.parse(readFileSync(join(DIR, 'campaigns.json'), 'utf8'));
}

/** Every run recorded, in order. */
export function runs(): Run[] {
  if (!existsSync(RUNS)) return [];
  return readFileSync(RUNS, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => JSON.parse(line));
}

/** The file that keeps a campaign's work: its checkpoint, or a refutation's log. */
export function checkpointOf(campaign: Campaign): string {
  const file =
    campaign.command === 'refutation'
      ? `${campaign.name}.refutation.jsonl`
      : `${campaign.name}.checkpoint.json.gz`;
  return relative(ROOT, join(DIR, file));
}
