/**
 * The command lines of the scripts under scripts/: Node's `parseArgs`, with what a user gets
 * wrong (an unknown flag, a value missing, a file that cannot be read) said in one line on
 * stderr with status 2, never a stack trace, as the command line's own errors are.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';

/** Exits with status 2, `message` (its lines joined) in one line on stderr after `script`'s name. */
export function refuseScript(script: string, message: string): never {
  console.error(`${script}: ${message.replace(/\s*\n\s*/g, ' ')}`);
  process.exit(2);
}

/** `parseArgs(config)` for `script`; a flag it cannot take refused in one line (`refuseScript`). */
export function scriptFlags<T extends ParseArgsConfig>(
  script: string,
  config: T,
): ReturnType<typeof parseArgs<T>> {
  try {
    return parseArgs(config);
  } catch (error) {
    refuseScript(script, (error as Error).message);
  }
}
