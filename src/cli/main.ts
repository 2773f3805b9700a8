#!/usr/bin/env node
/** The `codebreaker` executable. */
import { processIo } from './io.js';
import { run } from './program.js';

process.exitCode = await run(process.argv.slice(2), processIo);
