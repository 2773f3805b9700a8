#!/usr/bin/env node
/** The `codebreaker` executable. */
import { outputFailure, processIo } from './io.js';
import { run } from './program.js';

// A reader that stops early (`codebreaker tree | head`) is not an error; a full disk is one line.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  process.stderr.write(`codebreaker: ${outputFailure(error).message}\n`);
  process.exit(2);
});

process.exitCode = await run(process.argv.slice(2), processIo);
