/** `codebreaker analyze`: play a strategy against every secret and show the statistics. */
import type { Command } from 'commander';
import { analyze } from '../analyze.js';
import { describeRules, rulesJson } from '../rules.js';
import { createStrategy, strategyByName } from '../strategies/index.js';
import { analysisJson, analysisText } from './format.js';
import type { Io } from './io.js';
import { progressBar } from './progress.js';
import {
  type RulesFlags,
  addRulesOptions,
  addStrategyOptions,
  gameFromFlags,
  seedFromFlag,
} from './rules-options.js';

interface AnalyzeFlags extends RulesFlags {
  strategy: string;
  seed?: string;
  json?: boolean;
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
  command.option('--json', 'print one JSON document').action((flags: AnalyzeFlags) => {
    const game = gameFromFlags(flags);
    const name = strategyByName(flags.strategy);
    const seed = name === 'random-consistent' ? seedFromFlag(flags.seed) : undefined;
    const started = performance.now();
    const progress = progressBar(io, 'analysing', game.size);
    const analysis = analyze(game, createStrategy(name, { seed }), {
      onProgress: (settled) => progress.update(settled),
    });
    progress.stop();
    const seconds = (performance.now() - started) / 1000;
    if (flags.json) {
      const doc = {
        rules: rulesJson(game.rules),
        strategy: name,
        ...(seed === undefined ? {} : { seed }),
        ...analysisJson(game, analysis),
      };
      io.out(`${JSON.stringify(doc)}\n`);
      return;
    }
    const header = [
      `rules    ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
      `strategy ${name}${seed === undefined ? '' : ` (seed ${seed}; repeat with --seed ${seed})`}`,
    ];
    io.out(
      `${header.join('\n')}\n${analysisText(game, analysis)}\nanalysed in ${seconds.toFixed(2)} s\n`,
    );
  });
}
