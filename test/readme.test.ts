/**
 * The README's console blocks, run: each `$ npx codebreaker …` line is run (in this process) and
 * what it prints must be the lines under it. A line `...` stands for any lines; a duration
 * (`0.01 s`) and a peak memory (`63 MiB`) stand for any, since they change from run to run.
 * Everything else, counts and figures included, must be exact.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { runCli } from './cli.js';

const README = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8');

/** Each command of the README's console blocks with the lines it is said to print. */
function commands(): { argv: string[]; lines: string[] }[] {
  const found: { argv: string[]; lines: string[] }[] = [];
  for (const [, block] of README.matchAll(/```console\n([\s\S]*?)```/g)) {
    for (const line of block.trimEnd().split('\n')) {
      const command = /^\$ npx codebreaker (.*)$/.exec(line);
      if (command) found.push({ argv: command[1].split(' '), lines: [] });
      else found.at(-1)?.lines.push(line);
    }
  }
  return found;
}

/** A line of the README as a pattern: durations and memory sizes stand for any. */
function pattern(line: string): RegExp {
  const escaped = line.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const loose = escaped
    .replace(/\d+(?:\\\.\d+)? s\b/g, '[\\d.]+ s')
    .replace(/\d+ MiB/g, '\\d+ MiB');
  return new RegExp(`^${loose}$`);
}

/** Whether `printed` is `said`, a `...` line standing for any lines (none included). */
function matches(printed: string[], said: string[]): boolean {
  if (said.length === 0) return printed.length === 0;
  const [first, ...rest] = said;
  if (first === '...') {
    for (let skip = 0; skip <= printed.length; skip++) {
      if (matches(printed.slice(skip), rest)) return true;
    }
    return false;
  }
  return printed.length > 0 && pattern(first).test(printed[0]) && matches(printed.slice(1), rest);
}

describe("the README's console blocks", () => {
  const all = commands();
  it('has commands to run', () => {
    expect(all.length).toBeGreaterThanOrEqual(5);
  });
  it.each(all.map(({ argv, lines }) => [argv.join(' '), argv, lines] as const))(
    'codebreaker %s prints what the README shows',
    async (_, argv, lines) => {
      const { out, err } = await runCli(...argv);
      const printed = `${out}${err}`.trimEnd().split('\n');
      if (!matches(printed, lines)) {
        // The whole of both, to see where they part.
        expect(printed.join('\n')).toBe(lines.join('\n'));
      }
    },
  );
});
