/**
 * An independent checker of certificates (docs/certificates.md, format version 1), written from
 * that page alone and sharing no code with the search that writes them: its own JSON reader,
 * rules, scoring, symmetries and tree walk, so that a bug in the search cannot hide in both. It
 * reads a certificate line by line and keeps only a stack of the nodes still expected.
 *
 * Bounds, each refused with a reason rather than crashed on: at most 2^24 codes in a game
 * (game.ts), a line of at most `MAX_LINE_CHARS` characters nested at most 1000 deep (json.ts),
 * at most 256 symmetries a node (symmetry.ts), a depth of at most 2^24.
 */
import { CertificateFlaw, Flaw, describe } from './flaw.js';
import { Game, MAX_CODES, type Rules, parseRules } from './game.js';
import { JsonObject, parseJson, readFields } from './json.js';
import { Refutation } from './refutation.js';
import { checkTree } from './tree.js';

export { CertificateFlaw } from './flaw.js';
export type { Rules } from './game.js';

/** The most bytes (so at most characters) a line may hold: 8 MiB. */
export const MAX_LINE_BYTES = 8 * 2 ** 20;
const MAX_LINE_CHARS = MAX_LINE_BYTES;

/** The claim of a certificate's header. */
export interface Claim {
  readonly kind: 'within-depth';
  readonly depth: number;
  readonly holds: boolean;
}

/** What a certificate that checks proves, and how many nodes the checker checked. */
export interface Checked {
  readonly rules: Rules;
  readonly claim: Claim;
  /** The refutation's nodes (`holds: false`) or the strategy tree's (`holds: true`). */
  readonly nodes: number;
}

/** A checker fed a certificate's lines in order. */
export interface Checker {
  /** Checks the next line (without its `\n`); throws a `CertificateFlaw` at the first flaw. */
  line(text: string): void;
  /** Ends the file: the claim if everything expected came, else throws a `CertificateFlaw`. */
  end(): Checked;
}

/** The header of line 1: its rules (as a game) and its claim. */
function parseHeader(text: string): { rules: Rules; game: Game; claim: Claim } {
  const value = parseJson(text);
  const format = value instanceof JsonObject ? value.get('format') : undefined;
  if (format !== 'codebreaker-certificate') {
    throw new Flaw('not a certificate: line 1 is not {"format":"codebreaker-certificate",...}');
  }
  const fields = readFields(
    value,
    'the header',
    ['format', 'version', 'rules', 'claim'],
    ['format', 'version', 'rules', 'claim'],
  );
  const version = fields.get('version');
  if (version !== 1) {
    throw new Flaw(
      `version ${describe(version)} is not known to this checker, which knows version 1`,
    );
  }
  const claimValue = fields.get('claim');
  const kind = claimValue instanceof JsonObject ? claimValue.get('kind') : undefined;
  if (kind !== 'within-depth') {
    throw new Flaw(
      `the claim kind ${describe(kind)} is not known to this checker, which knows "within-depth"`,
    );
  }
  const claimFields = readFields(
    claimValue,
    'the claim',
    ['kind', 'depth', 'holds'],
    ['kind', 'depth', 'holds'],
  );
  const depth = claimFields.get('depth');
  const holds = claimFields.get('holds');
  if (typeof depth !== 'number' || depth < 1 || depth > MAX_CODES) {
    throw new Flaw(`claim.depth is ${describe(depth)}, not a whole number from 1 to ${MAX_CODES}`);
  }
  if (typeof holds !== 'boolean')
    throw new Flaw(`claim.holds is ${describe(holds)}, not true or false`);
  const rules = parseRules(fields.get('rules'));
  return { rules, game: new Game(rules), claim: { kind, depth, holds } };
}

/** A new checker, to be fed one certificate. */
export function createChecker(): Checker {
  let lineNumber = 0;
  let header: { rules: Rules; game: Game; claim: Claim } | undefined;
  let refutation: Refutation | undefined;
  let treeNodes: number | undefined;
  let failed = false;

  const check = (text: string): void => {
    if (text.length > MAX_LINE_CHARS) throw new Flaw(`a line longer than ${MAX_LINE_BYTES} bytes`);
    if (text === '') throw new Flaw('a blank line: the format has none');
    if (!header) {
      header = parseHeader(text);
      if (!header.claim.holds) refutation = new Refutation(header.game, header.claim.depth);
      return;
    }
    if (refutation) {
      if (refutation.done()) throw new Flaw('a line after the last node: nothing may follow it');
      refutation.node(parseJson(text));
      return;
    }
    if (treeNodes !== undefined) throw new Flaw('a line after the tree: nothing may follow it');
    treeNodes = checkTree(header.game, header.claim.depth, parseJson(text));
  };

  return {
    line(text) {
      if (failed) throw new Error('the checker has already found a flaw');
      lineNumber++;
      // The position a flaw at this line concerns: the node this line should hold.
      const at = refutation?.expectedPosition();
      try {
        check(text);
      } catch (error) {
        if (!(error instanceof Flaw)) throw error;
        failed = true;
        throw new CertificateFlaw(lineNumber, error.at ?? at, error.message);
      }
    },
    end() {
      if (failed) throw new Error('the checker has already found a flaw');
      const missing = (why: string): never => {
        failed = true;
        throw new CertificateFlaw(lineNumber + 1, refutation?.expectedPosition(), why);
      };
      if (!header) return missing('the file is empty: not a certificate');
      if (refutation && !refutation.done()) {
        missing(`the file ends before ${refutation.expectedNode()}`);
      }
      if (!refutation && treeNodes === undefined) missing('the file ends before the tree line');
      return {
        rules: header.rules,
        claim: header.claim,
        nodes: refutation ? refutation.nodes : (treeNodes ?? 0),
      };
    },
  };
}

/** The claim in words: `4 pegs, 6 colours with repetition: no strategy finds every secret within 4 guesses`. */
export function describeClaim(rules: Rules, claim: Claim): string {
  const game = `${rules.pegs} peg${rules.pegs === 1 ? '' : 's'}, ${rules.colors} colours ${rules.repeat ? 'with' : 'without'} repetition${rules.feedback === 'black' ? ', black pegs only' : ''}`;
  const guesses = `${claim.depth} guess${claim.depth === 1 ? '' : 'es'}`;
  const who = claim.holds ? 'a strategy finds' : 'no strategy finds';
  return `${game}: ${who} every secret within ${guesses}`;
}
