/** Runs the CLI in-process for tests, capturing what it prints. */
import { spawn } from 'node:child_process';
import { closeSync, openSync } from 'node:fs';
import { memoryIo } from '../src/cli/io.js';
import { run } from '../src/cli/program.js';

/** What one run of the CLI printed, and its exit status. */
export interface CliRun {
  status: number;
  out: string;
  err: string;
}

/** Runs `codebreaker ...argv` in this process, with stderr not a terminal. */
export async function runCli(...argv: string[]): Promise<CliRun> {
  const io = memoryIo();
  const status = await run(argv, io);
  return { status, out: io.printed.out, err: io.printed.err };
}

/**
 * Runs `node ...command` in a child process with standard output on /dev/full, a disk that is
 * always full: its exit status and what it wrote on stderr.
 */
export async function onFullDisk(command: string[]): Promise<{ status: unknown; err: string }> {
  const full = openSync('/dev/full', 'w');
  const child = spawn(process.execPath, command, { stdio: ['ignore', full, 'pipe'] });
  closeSync(full);
  let err = '';
  child.stderr?.on('data', (chunk) => {
    err += chunk;
  });
  const status = await new Promise((resolve) => child.on('close', resolve));
  return { status, err };
}
