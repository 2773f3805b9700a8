import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // Three test files at a time on the 2-core machines the project is tested on: many of them
    // spend part of their time waiting (for a child process, a worker's poll of Redis, the
    // browser), and the third fills it. The tests wait for events, never for a fixed time, so a
    // loaded machine is only slower. Each file runs in a worker thread of its own, not a process:
    // the tests that signal or kill a program, or measure its memory, start it as a process.
    // Run back to back on the slower Intel hosts: 2 processes 356 s, 3 threads 332 s, for the
    // same CPU (docs/performance.md).
    // The processes the tests start run the built command, built again first if it is stale.
    globalSetup: ['test/global-setup.ts'],
    pool: 'threads',
    maxWorkers: 3,
    minWorkers: 1,
    // The signing key the tests' proofs make and share: theirs, not the user's own.
    env: { XDG_CONFIG_HOME: join(tmpdir(), 'codebreaker-tests-config') },
  },
});
