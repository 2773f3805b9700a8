/** `codebreaker verify FILE`: check a strategy tree and show its statistics. */
import type { Command } from 'commander';
import { summarize } from '../../analyze.js';
import { describeRules, rulesJson } from '../../rules.js';
import { parseTree } from '../../tree-json.js';
import { verifyTree } from '../../tree.js';
import { CommandFailure } from '../failure.js';
import { MAX_TREE_BYTES, readBoundedFile } from '../files.js';
import { analysisJson, analysisText } from '../format.js';
import type { Io } from '../io.js';

/** Standard input when there is none. */
async function* emptyInput(): AsyncIterable<Uint8Array> {}

interface VerifyFlags {
  json?: boolean;
}

/** Registers `verify`. */
export function verifyCommand(program: Command, io: Io): void {
  program
    .command('verify')
    .description(
      'check that a tree file (from tree or optimal --out) solves every secret, and show its statistics',
    )
    .argument(
      '<file>',
      'the tree file: {"rules":{...},"root":NODE}, or it gzip-compressed; - reads standard input',
    )
    .option('--json', 'print one JSON document (also when the tree is invalid)')
    .action(async (file: string, flags: VerifyFlags) => {
      // A compressed tree (file.json.gz, as proofs are kept) is read as it is, within limits.
      const plain = await readBoundedFile(
        file,
        {
          what: 'the tree file',
          kind: 'bad-tree',
          maxBytes: MAX_TREE_BYTES,
          maxInflated: MAX_TREE_BYTES,
        },
        io.inputBytes?.() ?? emptyInput(),
      );
      // A byte order mark, as some editors write, is not part of the JSON.
      const text = new TextDecoder('utf-8', { ignoreBOM: false }).decode(plain);
      const tree = parseTree(text);
      const { game } = tree;
      const verdict = verifyTree(tree);
      if (!verdict.valid) {
        if (flags.json) {
          const secret = game.codes.make(verdict.secret);
          const doc = {
            rules: rulesJson(game.rules),
            valid: false,
            secret,
            reason: verdict.reason,
          };
          io.out(`${JSON.stringify(doc)}\n`);
        }
        throw new CommandFailure(
          `invalid tree: it fails the secret ${game.codes.make(verdict.secret)}: ${verdict.reason}`,
        );
      }
      const analysis = summarize(verdict.guesses);
      if (flags.json) {
        const doc = { rules: rulesJson(game.rules), valid: true, ...analysisJson(game, analysis) };
        io.out(`${JSON.stringify(doc)}\n`);
        return;
      }
      const header = [
        `rules    ${describeRules(game.rules)}, alphabet ${game.rules.alphabet}`,
        `tree     ${file}: valid, solves every secret`,
      ];
      io.out(`${header.join('\n')}\n${analysisText(game, analysis)}\n`);
    });
}
