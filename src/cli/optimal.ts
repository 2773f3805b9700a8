/** `codebreaker optimal`: an exact optimal strategy, with its proof. */
import { writeFile } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import type { Command } from 'commander';
import { analyze } from '../analyze.js';
import { allCandidates } from '../candidates.js';
import { CodebreakerError } from '../errors.js';
import { groupThousands } from '../numbers.js';
import { describeRules, rulesJson } from '../rules.js';
import {
  OBJECTIVES,
  type Objective,
  type OptimalResult,
  type SearchProgress,
  costTotal,
  findOptimal,
} from '../search/optimal.js';
import { buildTree, treeToJson } from '../tree.js';
import { analysisJson, analysisText } from './format.js';
import type { Io } from './io.js';
import { CommandFailure } from './program.js';
import { statusLine } from './progress.js';
import { type RulesFlags, addRulesOptions, gameFromFlags, wholeFlag } from './rules-options.js';

interface OptimalFlags extends RulesFlags {
  objective: string;
  maxDepth?: string;
  consistentOnly?: boolean;
  symmetry?: boolean;
  timeLimit?: string;
  threads?: string;
  out?: string;
  json?: boolean;
}

const OBJECTIVE_TEXT: Record<Objective, string> = {
  expected: 'least total (so least average), ties to the smaller worst case',
  worst: 'least worst case, ties to the smaller total',
};

/** Registers `optimal`. */
export function optimalCommand(program: Command, io: Io): void {
  const command = program
    .command('optimal')
    .description('compute an exact optimal strategy and prove it optimal (branch and bound)');
  addRulesOptions(command);
  command
    .option(
      '--objective <name>',
      `${OBJECTIVES.join(' or ')}: least total, or least worst case`,
      'expected',
    )
    .option('--max-depth <d>', 'only strategies that never need more than D guesses')
    .option('--consistent-only', 'guess only codes that could still be the secret')
    .option('--no-symmetry', 'try every guess, not one per symmetry class (slower; for checking)')
    .option(
      '--time-limit <seconds>',
      'stop after this long and print the best strategy found so far',
    )
    .option(
      '--threads <t>',
      'worker threads (default: every core for games over 2000 codes, else 1; 1 searches in-process)',
    )
    .option('--out <file>', 'write the strategy tree (the format verify reads) to FILE')
    .option('--json', 'print one JSON document')
    .action(async (flags: OptimalFlags) => {
      const game = gameFromFlags(flags);
      if (!(OBJECTIVES as readonly string[]).includes(flags.objective)) {
        throw new CodebreakerError(
          'bad-option',
          `unknown objective '${flags.objective}': choose ${OBJECTIVES.join(' or ')}`,
        );
      }
      const objective = flags.objective as Objective;
      const maxDepth = wholeFlag(flags.maxDepth, '--max-depth', 1, 64);
      const timeLimit = wholeFlag(flags.timeLimit, '--time-limit', 1, 10_000_000);
      if (!game.tableFits) {
        throw new CodebreakerError(
          'too-large',
          `exact search needs a score table; ${game.size} codes is more than it handles (${8192} at most)`,
        );
      }
      const started = performance.now();
      const deadline =
        timeLimit === undefined ? Number.POSITIVE_INFINITY : started + timeLimit * 1000;
      let interrupted = false;
      const onInterrupt = (): void => {
        interrupted = true;
      };
      process.once('SIGINT', onInterrupt);
      const status = statusLine(io);
      const threads =
        wholeFlag(flags.threads, '--threads', 1, 64) ??
        (game.size > 2000 ? Math.max(1, availableParallelism()) : 1);
      const search = {
        objective,
        maxDepth,
        consistentOnly: flags.consistentOnly,
        symmetry: flags.symmetry,
      };
      const onProgress = ({ nodes, best, lowerBound }: SearchProgress): boolean => {
        const seconds = (performance.now() - started) / 1000;
        const found = Number.isFinite(best) ? `best total ${best}` : 'no strategy yet';
        status.update(
          0,
          `searching (${threads} thread${threads === 1 ? '' : 's'}): ${groupThousands(nodes)} nodes, ${found}, lower bound ${lowerBound}, ${seconds.toFixed(1)} s`,
        );
        return interrupted || performance.now() > deadline;
      };
      let result: OptimalResult;
      try {
        result =
          threads > 1
            ? await (await import('./optimal-threads.js')).findOptimalThreaded(game, {
                ...search,
                threads,
                onProgress,
              })
            : findOptimal(game, { ...search, progressEvery: 512, onProgress });
      } finally {
        status.stop();
        process.removeListener('SIGINT', onInterrupt);
      }
      const seconds = (performance.now() - started) / 1000;
      const doc: Record<string, unknown> = {
        rules: rulesJson(game.rules),
        objective,
        ...(maxDepth === undefined ? {} : { maxDepth }),
        ...(flags.consistentOnly ? { consistentOnly: true } : {}),
      };
      if (result.impossible) {
        // A proved result, not bad input: say it on stdout, and fail like an invalid tree.
        const message = `no strategy solves every secret within ${maxDepth} guesses`;
        if (flags.json) {
          const facts = {
            possible: false,
            proved: true,
            nodes: result.nodes,
            lookaheads: result.lookaheads,
            threads,
          };
          io.out(`${JSON.stringify({ ...doc, ...facts, seconds: Number(seconds.toFixed(3)) })}\n`);
        } else {
          io.out(
            `${message}: proved by exhaustive search (${groupThousands(result.nodes)} nodes, ${groupThousands(result.lookaheads)} lookaheads, ${seconds.toFixed(2)} s)\n`,
          );
        }
        throw new CommandFailure(message);
      }
      const analysis = result.strategy ? analyze(game, result.strategy) : undefined;
      const first = analysis
        ? game.codes.make(
            result.strategy!.choose({
              game,
              history: [],
              candidates: allCandidates(game),
            }),
          )
        : null;
      if (analysis) Object.assign(doc, analysisJson(game, analysis));
      Object.assign(doc, {
        first,
        proved: result.proved,
        lowerBound: result.lowerBound,
        nodes: result.nodes,
        lookaheads: result.lookaheads,
        threads,
        seconds: Number(seconds.toFixed(3)),
      });
      if (flags.out && result.strategy) {
        await writeFile(
          flags.out,
          `${JSON.stringify(treeToJson(buildTree(game, result.strategy)))}\n`,
        );
      }
      if (flags.json) {
        io.out(`${JSON.stringify(doc)}\n`);
        return;
      }
      const lines = [
        `rules     ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
        `objective ${objective}: ${OBJECTIVE_TEXT[objective]}${maxDepth === undefined ? '' : `, at most ${maxDepth} guesses`}${flags.consistentOnly ? ', consistent guesses only' : ''}`,
      ];
      if (result.proved) {
        lines.push(
          `proved    optimal: the search was exhaustive (${groupThousands(result.nodes)} nodes, ${groupThousands(result.lookaheads)} lookaheads, ${seconds.toFixed(2)} s)`,
        );
      } else {
        lines.push(
          `proved    no: stopped after ${seconds.toFixed(1)} s (${groupThousands(result.nodes)} nodes); the optimal total is at least ${result.lowerBound}`,
        );
      }
      if (analysis) {
        lines.push(`first     ${first}`, analysisText(game, analysis));
        if (!result.proved) lines.push(`(best found so far: total ${costTotal(result.cost)})`);
      } else {
        lines.push('no strategy found yet');
      }
      if (flags.out && result.strategy) lines.push(`tree written to ${flags.out}`);
      io.out(`${lines.join('\n')}\n`);
    });
}
