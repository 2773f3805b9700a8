/** `codebreaker solve SECRET`: play a strategy against one secret. */
import type { Command } from 'commander';
import { describeRules, rulesJson } from '../../rules.js';
import { solve } from '../../solve.js';
import type { Io } from '../io.js';
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

interface SolveFlags extends RulesFlags, StrategyFlags {
  json?: boolean;
}

/** Registers `solve`. */
export function solveCommand(program: Command, io: Io): void {
  const command = program
    .command('solve')
    .description('play a strategy against SECRET and show each guess with its answer')
    .argument('<secret>', 'the code to break, written in the alphabet');
  addRulesOptions(command);
  addStrategyOptions(command);
  command
    .option('--json', 'print one JSON document')
    .action(async (secretText: string, flags: SolveFlags) => {
      const game = gameFromFlags(flags);
      const chosen = await strategyFromFlags(game, flags, io);
      const secret = game.codes.parse(secretText);
      const turns = solve(game, chosen.strategy, secret);
      // A black-peg answer has hits only: its JSON has no "blows" rather than a made-up 0.
      const guesses = turns.map((turn) => {
        const { hits, blows } = game.answerOf(turn.answer);
        const code = game.codes.make(turn.guess);
        return game.feedback === 'black' ? { code, hits } : { code, hits, blows };
      });
      if (flags.json) {
        const doc = {
          rules: rulesJson(game.rules),
          ...strategyJson(chosen),
          secret: game.codes.make(secret),
          guesses,
          solved: true,
        };
        io.out(`${JSON.stringify(doc)}\n`);
        return;
      }
      const width = String(guesses.length).length;
      const lines = [
        `${describeRules(game.rules)}, ${describeStrategy(chosen)}, secret ${game.codes.make(secret)}`,
        ...turns.map(
          (turn, i) =>
            `${String(i + 1).padStart(width + 2)}. ${game.codes.make(turn.guess)}  ${game.answerText(turn.answer)}`,
        ),
        `solved in ${guesses.length} guess${guesses.length === 1 ? '' : 'es'}`,
      ];
      io.out(`${lines.join('\n')}\n`);
    });
}
