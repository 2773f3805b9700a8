#!/usr/bin/env node
/** The `codebreaker` executable. */
import { processIo } from './io.js';
import { run } from './program.js';

// A reader that stops early (`codebreaker tree | head`) is not an error.
process.stdout.on('error', (error: NodeJS.ErrnoException) => {
  if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0);
  throw error;
});

process.exitCode = await run(process.argv.slice(2), processIo);
