/**
 * The `codebreaker` program. The build bundles it, with every module it imports, into the
 * classic script dist/cli/codebreaker.js, which the executable (launch.ts) runs.
 */
// First: Ctrl-C and SIGTERM are heard from the program's first moment (signals.ts).
import './signals.js';
import { outputFailure, processIo } from './io.js';
import { run } from './program.js';

// A reader that stops early (`codebreaker tree | head`) is not an error; a full disk is one line.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`codebreaker: ${outputFailure(error).message}\n`);
  process.exit(2);
});

// Not awaited at the top level: the bundle is a classic script (see launch.ts), whose build
// runs several commands in one process and waits for each through this promise.
(globalThis as Record<symbol, unknown>)[Symbol.for('codebreaker.done')] = run(
  process.argv.slice(2),
  processIo,
).then((code) => {
  process.exitCode = code;
});
