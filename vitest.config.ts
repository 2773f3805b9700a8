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
    // loaded machine is only slower. The files run in three worker threads, not processes: the
    // tests that signal or kill a program, or measure its memory, start it as a process. Run
    // back to back on the slower Intel hosts: 2 processes 356 s, 3 threads 332 s, for the same
    // CPU (docs/performance.md).
    // A thread runs file after file without loading the modules again (not isolated): each file
    // loaded the engine, BullMQ or playwright afresh and ran the search's code cold again, a
    // sixth of the suite's CPU. A file that changes the process (an environment variable, fake
    // timers) puts it back in its after-hooks. The threads stay for the whole run (as many at
    // least as at most): a thread let go while idle ended with a stray rejection from the pool.
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
