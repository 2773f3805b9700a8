/** `codebreaker analyze`: play a strategy against every secret and show the statistics. */
import type { Command } from 'commander';
import { type Analysis, analyze, summarize } from '../../analyze.js';
import { describeRules, rulesJson } from '../../rules.js';
import type { HeuristicStats } from '../../strategies/heuristic.js';
import { milliseconds } from '../clock.js';
import { analysisJson, analysisText } from '../format.js';
import type { Io } from '../io.js';
import { progressBar } from '../progress.js';
import { SHORT_RUN_MAX_CODES, tuneForShortRun } from '../proofs/short-run.js';
import { WALK_THREADS_HELP, walkOnThreads, walkThreads } from '../proofs/walk-threads.js';
import {
  type RulesFlags,
  type StrategyFlags,
  addRulesOptions,
  addStrategyOptions,
  describeStrategy,
  gameFromFlags,
  strategyFromFlags,
  strategyJson,
} from '../rules-options.js';
import { endingAtSignals } from '../signals.js';

interface AnalyzeFlags extends RulesFlags, StrategyFlags {
  json?: boolean;
  threads?: string;
}

/** Registers `analyze`. */
export function analyzeCommand(program: Command, io: Io): void {
  const command = program
    .command('analyze')
    .description(
      'play a strategy against every secret: total, average, maximum, histogram, worst secrets',
    );
  addRulesOptions(command);
  addStrategyOptions(command);
  command.option('--threads <n>', WALK_THREADS_HELP).option('--json', 'print one JSON document');
  command.action(async (flags: AnalyzeFlags) => {
    const game = gameFromFlags(flags);
    const chosen = await strategyFromFlags(game, flags, io);
    const threads = walkThreads(flags.threads, game, chosen);
    if (threads === 1 && game.size <= SHORT_RUN_MAX_CODES) tuneForShortRun();
    const started = milliseconds();
    const progress = progressBar(io, 'analysing', game.size);
    const onProgress = (settled: number) => progress.update(settled);
    let stats = 'stats' in chosen.strategy ? (chosen.strategy.stats as HeuristicStats) : undefined;
    // This thread walks, deaf to events until it is done: a Ctrl-C ends the process at once.
    const analysis: Analysis = await endingAtSignals(async () => {
      if (threads > 1 && chosen.spec) {
        const walked = await walkOnThreads(game, chosen.spec, threads, { onProgress });
        if (stats) stats = walked.work;
        return summarize(walked.guesses);
      }
      return analyze(game, chosen.strategy, { onProgress });
    });
    progress.stop();
    const seconds = (milliseconds() - started) / 1000;
    if (flags.json) {
      const doc = {
        rules: rulesJson(game.rules),
        ...strategyJson(chosen),
        ...analysisJson(game, analysis),
        ...(stats ? { work: stats } : {}),
        threads,
      };
      io.out(`${JSON.stringify(doc)}\n`);
      return;
    }
    const lines = [
      `rules    ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
      `strategy ${describeStrategy(chosen)}`,
      analysisText(game, analysis),
    ];
    // No line for a heuristic that chose nowhere (exact play everywhere: --exact-below).
    if (stats && stats.states > 0) {
      const share = ((100 * stats.scored) / Math.max(1, stats.allowed)).toFixed(1);
      lines.push(
        `scored ${stats.scored} of ${stats.allowed} allowed guesses (${share}%) at ${stats.states} game states`,
      );
    }
    lines.push(`analysed in ${seconds.toFixed(2)} s`);
    io.out(`${lines.join('\n')}\n`);
  });
}
