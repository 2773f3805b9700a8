/**
 * `optimal --certificate FILE`: what the proof proved, as a certificate (docs/certificates.md)
 * that `codebreaker check` verifies without the search. Format 1 certifies `--objective depth`:
 * a strategy within the depth cap is its tree; that none exists, a refutation made after the
 * proof (search/depth-certificate.ts). A proof stopped before its end proved nothing to certify:
 * FILE is then left unwritten, and said so.
 */
import { CodebreakerError } from '../../errors.js';
import type { Game } from '../../game.js';
import { refutationCertificate, treeCertificate } from '../../search/depth-certificate.js';
import { treeToJson } from '../../tree-json.js';
import { type CertificateWritten, writeCertificate } from '../certificate-file.js';
import { type OutputFile, openOutput } from '../files.js';
import { type Io, safeText } from '../io.js';
import { endingAtSignals } from '../signals.js';
import type { ProofOutcome } from './proof-run.js';

/** A certificate to write once the proof is over. */
export interface ProofCertificate {
  /** Writes what `result` proved; undefined (said on stderr) if it proved nothing. */
  write(game: Game, result: ProofOutcome, io: Io): Promise<CertificateWritten | undefined>;
  /** The proof failed: nothing is written, and a file made for it is removed. */
  discard(): Promise<void>;
}

/**
 * Opens `path` for the certificate of a proof of `objective` within `maxDepth`, refusing (before
 * the search) a claim format 1 cannot state.
 */
export async function openProofCertificate(
  path: string,
  objective: string,
  maxDepth: number | undefined,
): Promise<ProofCertificate> {
  if (objective !== 'depth' || maxDepth === undefined) {
    throw new CodebreakerError(
      'bad-option',
      '--certificate certifies --objective depth with --max-depth D (docs/certificates.md, format 1); certificates of totals are not written yet',
    );
  }
  const out: OutputFile = await openOutput(path, '--certificate');
  return {
    async write(game, result, io) {
      if (!result.impossible && !(result.proved && result.tree)) {
        await out.discard();
        io.err(
          `codebreaker: the proof was stopped before its end: no certificate written to ${safeText(path)}\n`,
        );
        return undefined;
      }
      if (result.impossible && io.errIsTerminal) {
        io.err(`certifying that no strategy keeps to ${maxDepth} guesses...\n`);
      }
      const lines = result.impossible
        ? refutationCertificate(game, maxDepth)
        : treeCertificate(game, maxDepth, treeToJson(result.tree!));
      // The refutation is made in this thread, in long synchronous stretches, and a stop keeps
      // nothing of it: Ctrl-C and SIGTERM end the process at once, as Node would.
      return endingAtSignals(() => writeCertificate(out, lines));
    },
    discard: () => out.discard(),
  };
}
