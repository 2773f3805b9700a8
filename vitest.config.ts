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
    // loaded machine is only slower. The files run in worker threads, not processes (the tests
    // that signal or kill a program, or measure its memory, start it as a process), and a thread
    // runs file after file without loading the modules again (not isolated): else each file
    // loads the engine, BullMQ or playwright afresh and runs the search's code cold again. A file
    // that changes its process (an environment variable, fake timers) puts it back in its
    // after-hooks. The threads stay for the whole run (as many at least as at most): one let go
    // while idle ended with a stray rejection from the pool. What each choice saved:
    // docs/performance.md.
    // The processes the tests start run the built command, built again first if it is stale.
    globalSetup: ['test/global-setup.ts'],
    pool: 'threads',
    isolate: false,
    maxWorkers: 3,
    minWorkers: 3,
    // The signing key the tests' proofs make and share: theirs, not the user's own.
    env: { XDG_CONFIG_HOME: join(tmpdir(), 'codebreaker-tests-config') },
  },
});
