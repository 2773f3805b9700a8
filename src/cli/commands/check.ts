/**
 * `codebreaker check FILE`: verifies a certificate (docs/certificates.md) with the checker of
 * src/check/, which shares no code with the search. The file is read as a stream, a line at a
 * time (gunzipped when its name ends in .gz), so that its memory is the checker's stack and one
 * line, however long the file: a line longer than the checker accepts is a flaw, not a read.
 */
import type { Command } from 'commander';
import {
  CertificateFlaw,
  MAX_LINE_BYTES,
  createChecker,
  describeClaim,
} from '../../check/checker.js';
import { CommandFailure, EXIT_BAD_INPUT } from '../failure.js';
import type { Io } from '../io.js';

interface CheckFlags {
  json?: boolean;
}

/** The lines of `path`, inflated if it ends in .gz; a line longer than the limit is refused. */
async function* readLines(
  path: string,
  flaw: (line: number, why: string) => never,
  unreadable: (why: string) => never,
): AsyncIterable<string> {
  const { createReadStream } = await import('node:fs');
  const source = createReadStream(path, { highWaterMark: 1 << 20 });
  let input: AsyncIterable<Uint8Array> = source;
  if (path.endsWith('.gz')) {
    const { createGunzip } = await import('node:zlib');
    const gunzip = createGunzip();
    source.on('error', (error) => gunzip.destroy(error));
    input = source.pipe(gunzip);
  }
  const decoder = new TextDecoder('utf-8', { fatal: true });
  const decode = (bytes: Uint8Array, line: number): string => {
    try {
      return decoder.decode(bytes);
    } catch {
      return flaw(line, 'not UTF-8 text');
    }
  };
  const tooLong = (line: number): never =>
    flaw(line, `a line longer than ${MAX_LINE_BYTES / 2 ** 20} MiB`);
  let pending: Uint8Array[] = [];
  let pendingLength = 0;
  let line = 0;
  try {
    for await (const chunk of input) {
      let start = 0;
      for (let end = chunk.indexOf(0x0a); end >= 0; end = chunk.indexOf(0x0a, start)) {
        line++;
        if (pendingLength + end - start > MAX_LINE_BYTES) tooLong(line);
        pending.push(chunk.subarray(start, end));
        yield decode(Buffer.concat(pending), line);
        pending = [];
        pendingLength = 0;
        start = end + 1;
      }
      pending.push(chunk.subarray(start));
      pendingLength += chunk.length - start;
      if (pendingLength > MAX_LINE_BYTES) tooLong(line + 1);
    }
  } catch (error) {
    if (error instanceof CertificateFlaw || error instanceof CommandFailure) throw error;
    const failure = error as NodeJS.ErrnoException;
    const why =
      failure.code === 'ENOENT'
        ? 'no such file'
        : failure.code === 'EISDIR'
          ? 'it is a folder'
          : failure.code === 'EACCES'
            ? 'permission denied'
            : failure.code?.startsWith('Z_')
              ? `it is damaged gzip data (${failure.message})`
              : failure.message;
    unreadable(why);
  }
  // A last line without its \n is a line all the same.
  if (pendingLength > 0) yield decode(Buffer.concat(pending), line + 1);
}

/** Registers `check`. */
export function checkCommand(program: Command, io: Io): void {
  program
    .command('check')
    .description(
      'verify a certificate (docs/certificates.md) with a checker that shares no code with the search',
    )
    .argument('<file>', 'the certificate; gzip-compressed when its name ends in .gz')
    .option('--json', 'print one JSON document')
    .action(async (file: string, flags: CheckFlags) => {
      const started = performance.now();
      const checker = createChecker();
      const fail = (why: string): never => {
        throw new CommandFailure(`${file} ${why}`, EXIT_BAD_INPUT);
      };
      const flaw = (line: number, why: string): never => fail(`line ${line}: ${why}`);
      const unreadable = (why: string): never => fail(`cannot be read as a certificate: ${why}`);
      let checked: ReturnType<typeof checker.end>;
      try {
        for await (const line of readLines(file, flaw, unreadable)) checker.line(line);
        checked = checker.end();
      } catch (error) {
        if (error instanceof CertificateFlaw) fail(error.message);
        throw error;
      }
      const seconds = (performance.now() - started) / 1000;
      const { rules, claim, nodes } = checked;
      if (flags.json) {
        const { feedback, ...rest } = rules;
        const rulesJson = feedback === 'black' ? rules : rest;
        const doc = { claim, checked: true, nodes, seconds: Math.round(seconds * 1000) / 1000 };
        io.out(`${JSON.stringify({ ...doc, rules: rulesJson })}\n`);
        return;
      }
      io.out(
        `claim    ${describeClaim(rules, claim)}\nchecked  ${nodes.toLocaleString('en-US')} node${nodes === 1 ? '' : 's'} in ${seconds.toFixed(1)} s\n`,
      );
    });
}
