/**
 * `--certificate FILE`: the certificate of what a proof proved (docs/certificates.md), written to
 * FILE once the proof is over, gzip-compressed when FILE ends in `.gz`; the same proof writes the
 * same bytes. Opened before the search (`openOutput`), so that a path that cannot be written fails
 * first; its SHA-256 and size are what `--json` reports.
 */
import { createHash } from 'node:crypto';
import type { OutputFile } from './files.js';

/** A certificate written: where, its SHA-256 (hex) and its size in bytes. */
export interface CertificateWritten {
  readonly file: string;
  readonly sha256: string;
  readonly bytes: number;
}

/** Writes the certificate's `lines` to `out`. */
export async function writeCertificate(
  out: OutputFile,
  lines: Iterable<string>,
): Promise<CertificateWritten> {
  const chunks: string[] = [];
  for (const line of lines) chunks.push(`${line}\n`);
  const text = chunks.join('');
  const bytes = out.path.endsWith('.gz')
    ? (await import('node:zlib')).gzipSync(text, { level: 9 })
    : new TextEncoder().encode(text);
  await out.write(bytes);
  return {
    file: out.path,
    sha256: createHash('sha256').update(bytes).digest('hex'),
    bytes: bytes.length,
  };
}
