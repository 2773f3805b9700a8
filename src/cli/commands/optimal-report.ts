/**
 * What `codebreaker optimal` prints of a proof: the strategy's figures read off its tree (which
 * is played over every secret first), what the proof settled, and what it relied on; a result
 * that relied on an answer shown false is refused.
 */
import type { Analysis } from '../../analyze.js';
import type { Game } from '../../game.js';
import { groupThousands } from '../../numbers.js';
import { describeRules, rulesJson } from '../../rules.js';
import { type Objective, costOfHistogram, costTotal } from '../../search/cost.js';
import type { Reliance } from '../../search/proof-types.js';
import { type Tree, analyzeTree } from '../../tree.js';
import type { CertificateWritten } from '../certificate-file.js';
import { CommandFailure } from '../failure.js';
import { analysisJson, analysisText } from '../format.js';
import { type Io, safeText } from '../io.js';
import { peakMemory } from '../peak-memory.js';
import { objectiveJson, objectiveText } from '../proofs/proof-progress.js';
import type { ProofOutcome } from '../proofs/proof-run.js';

const OBJECTIVE_TEXT: Record<Objective, string> = {
  expected: 'least total (so least average), ties to the smaller worst case',
  worst: 'least worst case, ties to the smaller total',
  crush: 'least worst case, then the fewest secrets that need it, then the least total',
  depth:
    'least worst case alone (the first strategy found that keeps to it; its total not minimised)',
};

/** Refuses a result that relied on an answer that solving it again here showed false. */
export function refuseRefuted(relied: Reliance): void {
  if (relied.refuted.length === 0) return;
  const [first] = relied.refuted;
  const more = relied.refuted.length > 1 ? ` and ${relied.refuted.length - 1} more` : '';
  throw new CommandFailure(
    `the result is refused: solved again here, job ${first}${more} costs less than the answer read back claimed (a false checkpoint or worker)`,
    2,
  );
}

/**
 * The analysis of a proved tree, read off its verification; throws if it differs from `cost`, as
 * `objective` counts it within `depth`: bad input if the tree was put together from answers read
 * back (`readBack`), else a bug.
 */
function verifiedAnalysis(
  tree: Tree,
  cost: number,
  objective: Objective,
  depth: number,
  readBack: boolean,
): Analysis {
  const analysis = analyzeTree(tree);
  if (costOfHistogram(objective, depth, analysis.histogram) !== cost) {
    if (!readBack) {
      throw new Error(`the strategy found plays ${analysis.total} guesses, not ${costTotal(cost)}`);
    }
    // Answers read back (a checkpoint, workers) put the strategy together: one of them lied.
    throw new CommandFailure(
      `the result is refused: the strategy put together plays ${analysis.total} guesses, not the ${costTotal(cost)} its parts claim (a false checkpoint or worker)`,
      2,
    );
  }
  return analysis;
}

/** The flags of `optimal` the report reads. */
export interface ReportFlags {
  readonly consistentOnly?: boolean;
  readonly checkpoint?: string;
  readonly queue?: string;
  readonly json?: boolean;
}

/** How the proof was asked for and ran, for the report. */
export interface RunFacts {
  readonly objective: Objective;
  readonly maxDepth: number | undefined;
  /** `--below`: only strategies totalling less were looked for. */
  readonly below?: number;
  /** `--raise`: the step `below` was raised by while nothing was found below it. */
  readonly raise?: number;
  readonly threads: number;
  readonly seconds: number;
  /** `--certificate`: the certificate written. */
  readonly certificate?: CertificateWritten;
}

/** Prints the result as text or JSON; a proof that no strategy keeps to the depth cap fails. */
export function printResult(
  io: Io,
  game: Game,
  flags: ReportFlags,
  result: ProofOutcome,
  { objective, maxDepth, below, raise, threads, seconds, certificate }: RunFacts,
): void {
  const doc: Record<string, unknown> = {
    rules: rulesJson(game.rules),
    objective,
    ...(maxDepth === undefined ? {} : { maxDepth }),
    ...(below === undefined ? {} : { below }),
    ...(raise === undefined ? {} : { raise }),
    ...(flags.consistentOnly ? { consistentOnly: true } : {}),
  };
  // The most memory this process has held (all its threads, the score table included): what a
  // machine needs for the proof, beside its time (the queue's workers count their own).
  const peak = peakMemory();
  const usage = process.resourceUsage();
  // The CPU of every thread of the process: what a campaign counts (a queue's workers count
  // their own).
  const cpuSeconds = Number(((usage.userCPUTime + usage.systemCPUTime) / 1e6).toFixed(3));
  const work = {
    nodes: result.nodes,
    lookaheads: result.lookaheads,
    threads,
    ...(flags.checkpoint === undefined && flags.queue === undefined
      ? {}
      : { resumed: result.resumed, relied: reliedJson(result.relied) }),
    seconds: Number(seconds.toFixed(3)),
    cpuSeconds,
    peakMemory: peak,
    ...(certificate ? { certificate } : {}),
  };
  const certified = certificate
    ? `\ncertified ${safeText(certificate.file)} (${groupThousands(certificate.bytes)} bytes, sha256 ${certificate.sha256}): codebreaker check verifies it`
    : '';
  const kept = flags.checkpoint === undefined ? flags.queue && 'Redis' : 'the checkpoint';
  const trust = reliedText(result.relied);
  const effort = `${groupThousands(result.nodes)} nodes, ${groupThousands(result.lookaheads)} lookaheads, ${seconds.toFixed(2)} s, peak memory ${Math.round(peak / 2 ** 20)} MiB${kept ? `, ${result.resumed} jobs from ${kept}` : ''}`;
  if (result.impossible) {
    // A proved result, not bad input: say it on stdout, and fail like an invalid tree.
    const message = `no strategy solves every secret within ${maxDepth} guesses`;
    io.out(
      flags.json
        ? `${JSON.stringify({ ...doc, possible: false, proved: true, ...work })}\n`
        : `${message}: proved by exhaustive search (${effort})${certified}\n`,
    );
    throw new CommandFailure(message);
  }
  // The tree is played over every secret by the verifier, not trusted: a proof that does not
  // play as it claims is a bug, and stops here.
  const crush = objective === 'crush';
  const analysis = result.tree
    ? verifiedAnalysis(result.tree, result.cost, objective, result.depth, kept !== undefined)
    : undefined;
  const first = result.tree ? game.codes.make(result.tree.root.guess) : null;
  if (analysis) Object.assign(doc, analysisJson(game, analysis));
  if (analysis && crush) doc.atWorst = analysis.histogram[analysis.max];
  const lowerBound = objectiveJson(result.lowerBound, crush);
  Object.assign(doc, { first, proved: result.proved, lowerBound, ...work });
  if (flags.json) {
    io.out(`${JSON.stringify(doc)}\n`);
    return;
  }
  const lines = [
    `rules     ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
    `objective ${objective}: ${OBJECTIVE_TEXT[objective]}${maxDepth === undefined ? '' : `, at most ${maxDepth} guesses`}${flags.consistentOnly ? ', consistent guesses only' : ''}`,
  ];
  // What a finished proof settled, and what a stopped one has proved so far.
  const depthOnly = objective === 'depth';
  const settled = depthOnly
    ? `least worst case ${result.depth}: no strategy keeps to ${result.depth - 1} guesses`
    : 'optimal: the search was exhaustive';
  const atLeast = depthOnly
    ? `the least worst case is at least ${result.lowerBound} guesses`
    : `the optimum is at least ${objectiveText(result.lowerBound, crush)}${crush ? ` within ${result.depth} guesses` : ''}`;
  // Under --below, a search that ran to its end without a strategy below it proved a bound;
  // under --raise, the last of the searches that did, each looking higher than the one before.
  const raised =
    raise !== undefined && result.below !== below
      ? `, raised from ${groupThousands(below ?? 0)} ${raise} at a time`
      : '';
  lines.push(
    result.proved
      ? `proved    ${settled} (${effort})`
      : result.exhaustive
        ? `proved    no strategy totals less than ${groupThousands(result.below ?? below ?? 0)}: the search was exhaustive${raised} (${effort}); ${atLeast}`
        : `proved    no: stopped after ${seconds.toFixed(1)} s (${effort}); ${atLeast}`,
  );
  if (trust) lines.push(`relied on ${trust}`);
  if (analysis) {
    lines.push(`first     ${first}`, analysisText(game, analysis));
    if (crush) {
      lines.push(
        `at worst  ${analysis.histogram[analysis.max]} secrets need ${analysis.max} guesses`,
      );
    }
    if (!result.proved) {
      const found = result.exhaustive ? 'the fallback, expected size' : 'best found so far';
      lines.push(`(${found}: ${objectiveText(costTotal(result.cost), crush)})`);
    }
  } else {
    lines.push('no strategy found yet');
  }
  if (certified) lines.push(certified.slice(1));
  io.out(`${lines.join('\n')}\n`);
}

/** What a proof relied on, for its JSON: the answers from outside, by source and kind. */
function reliedJson(relied: Reliance): Record<string, unknown> {
  const { checkpoint, workers, rechecked, recheckedEarlier, unchecked, pieces } = relied;
  return {
    checkpoint,
    workers,
    rechecked,
    ...(recheckedEarlier > 0 ? { recheckedEarlier } : {}),
    ...(unchecked > 0 ? { unchecked } : {}),
    ...(pieces > 0 ? { pieces } : {}),
  };
}

/** "12 lower bounds and 3 exact costs from the checkpoint; 15 solved again here, all true". */
function reliedText(relied: Reliance): string | undefined {
  const parts: string[] = [];
  for (const [source, counts] of [
    ['the checkpoint', relied.checkpoint],
    ['workers', relied.workers],
  ] as const) {
    if (counts.bounds + counts.exact === 0) continue;
    parts.push(
      `${groupThousands(counts.bounds)} lower bounds and ${groupThousands(counts.exact)} exact costs from ${source}`,
    );
  }
  if (parts.length === 0) return undefined;
  const { rechecked, recheckedEarlier, unchecked } = relied;
  const checked =
    unchecked > 0
      ? `; ${groupThousands(rechecked)} of ${groupThousands(rechecked + unchecked)} solved again here before the stop, all true (--recheck again goes on with the rest)`
      : rechecked > 0
        ? `; ${groupThousands(rechecked)} solved again here, all true`
        : recheckedEarlier > 0
          ? '; none solved again here'
          : '; none solved again here (--recheck does)';
  const earlier =
    recheckedEarlier > 0
      ? `, and ${groupThousands(recheckedEarlier)} by earlier runs, all true as the checkpoint says`
      : '';
  const pieces =
    unchecked > 0 && relied.pieces > 0
      ? `; ${groupThousands(relied.pieces)} pieces solved as several jobs, all true (the checkpoint keeps those of the answers not yet solved again)`
      : '';
  return `${parts.join(', ')}${checked}${earlier}${pieces}`;
}
