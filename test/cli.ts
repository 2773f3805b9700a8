/** Runs the CLI in-process for tests, capturing what it prints. */
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
