/**
 * What `codebreaker static` prints of a result (static.ts runs the search): as text or as JSON,
 * with what a checkpoint gave and what was taken from it on trust.
 */
import type { Game } from '../../game.js';
import { groupThousands } from '../../numbers.js';
import { describeRules, rulesJson } from '../../rules.js';
import type { StaticResult } from '../../search/static.js';
import type { Io } from '../io.js';
import type { StaticCheckpointFile } from '../proofs/static-checkpoint.js';

/**
 * What the recheck did: jobs the checkpoint says are refuted, searched again, of how many, and
 * how many were not because an earlier recheck had been (`--recheck-resume`).
 */
export type Rechecked =
  | { readonly searched: number; readonly of: number; readonly earlier: number }
  | undefined;

/** What a result with a checkpoint says of it: how far it got, and what it took on trust. */
function checkpointJson(
  checkpoint: StaticCheckpointFile,
  rechecked: Rechecked,
): Record<string, unknown> {
  const { done, jobs, nodes } = checkpoint.state;
  return {
    jobsDone: done.size,
    jobsKnown: jobs,
    checkpointNodes: nodes,
    relied: {
      refutedBelow: checkpoint.read?.lowerBound ?? null,
      jobsRefuted: checkpoint.read?.jobs ?? 0,
      // Of the jobs of every size the file says is refuted and of those it records, searched again.
      rechecked: rechecked?.searched ?? 0,
      recheckable: rechecked?.of ?? null,
      ...(rechecked && rechecked.earlier > 0 ? { recheckedEarlier: rechecked.earlier } : {}),
    },
  };
}

/** The same in words. */
function reliedText(checkpoint: StaticCheckpointFile, rechecked: Rechecked): string {
  const read = checkpoint.read;
  if (!read) return 'nothing from the checkpoint (it was new)';
  const claim = `the checkpoint's word that sizes below ${read.lowerBound} are refuted and ${read.jobs} job${read.jobs === 1 ? '' : 's'} of size ${read.lowerBound} too`;
  const check =
    rechecked === undefined
      ? 'not checked (the search was cut short first)'
      : rechecked.earlier > 0
        ? `${groupThousands(rechecked.searched)} of those ${groupThousands(rechecked.of)} jobs searched again, all refuted, and ${groupThousands(rechecked.earlier)} by earlier runs, as the checkpoint says`
        : rechecked.searched === 0
          ? 'not checked again (--recheck checks it)'
          : `${groupThousands(rechecked.searched)} of those ${groupThousands(rechecked.of)} jobs searched again, all refuted`;
  return `${claim}, ${check}; its set, if any, checked`;
}

/** The process's CPU seconds so far, every thread's. */
function cpuSeconds(): number {
  const { user, system } = process.cpuUsage();
  return Number(((user + system) / 1e6).toFixed(3));
}

/** Each secret's answers to the guesses, as text: `{"1111": ["1H0B", …], …}`. */
function answerTable(game: Game, guesses: readonly number[]): [string, string[]][] {
  const rows: [string, string[]][] = [];
  for (let secret = 0; secret < game.size; secret++) {
    const answers = guesses.map((g) => game.answerText(game.score(g, secret)));
    rows.push([game.codes.make(secret), answers]);
  }
  return rows;
}

function provedText(result: StaticResult, stopped: boolean): string {
  const size = result.guesses.length;
  if (result.proved) {
    return size <= 1
      ? 'yes'
      : `yes: no ${size - 1} guess${size === 2 ? '' : 'es'} identify every secret`;
  }
  return `no: sizes below ${result.lowerBound} are ruled out; ${stopped ? 'stopped' : 'the time limit ended the search'} at size ${result.lowerBound}`;
}

/** What the run was, beside its result. */
export interface StaticFacts {
  readonly threads: number;
  readonly seconds: number;
  /** Ctrl-C or SIGTERM ended the search. */
  readonly stopped: boolean;
  readonly checkpoint: StaticCheckpointFile | undefined;
  readonly rechecked: Rechecked;
}

/** Prints `result` as text, or as JSON with `flags.json`; with `flags.table`, every secret's answers. */
export function printStaticResult(
  io: Io,
  game: Game,
  flags: { readonly json?: boolean; readonly table?: boolean },
  result: StaticResult,
  { threads, seconds, stopped, checkpoint, rechecked }: StaticFacts,
): void {
  const guesses = result.guesses.map((g) => game.codes.make(g));
  if (flags.json) {
    const doc = {
      rules: rulesJson(game.rules),
      size: guesses.length,
      guesses,
      proved: result.proved,
      lowerBound: result.lowerBound,
      ...(stopped ? { stopped: true } : {}),
      nodes: result.nodes,
      seconds: Number(seconds.toFixed(3)),
      cpuSeconds: cpuSeconds(),
      threads,
      ...(checkpoint ? checkpointJson(checkpoint, rechecked) : {}),
      ...(flags.table ? { answers: Object.fromEntries(answerTable(game, result.guesses)) } : {}),
    };
    io.out(`${JSON.stringify(doc)}\n`);
  } else {
    const lines = [
      `rules    ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
      `size     ${guesses.length} guesses, asked at once, identify every secret from the answers`,
      `guesses  ${guesses.join(' ')}`,
      `proved   ${provedText(result, stopped)}`,
      `searched ${groupThousands(result.nodes)} sets in ${seconds.toFixed(2)} s on ${threads} thread${threads === 1 ? '' : 's'}`,
    ];
    if (checkpoint) lines.push(`relied   ${reliedText(checkpoint, rechecked)}`);
    if (flags.table) {
      const width = game.pegs + 2;
      lines.push('', `secret  ${guesses.map((g) => g.padEnd(width)).join(' ')}`.trimEnd());
      for (const [secret, answers] of answerTable(game, result.guesses)) {
        lines.push(
          `${secret.padEnd(6)}  ${answers.map((a) => a.padEnd(width)).join(' ')}`.trimEnd(),
        );
      }
    }
    io.out(`${lines.join('\n')}\n`);
  }
}
