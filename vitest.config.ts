import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // Every core of the 2-core machines the project is tested on, whatever vitest would leave
    // free: the tests wait for events, never for a fixed time, so a loaded machine is only slower.
    // The processes the tests start run the built command, built again first if it is stale.
    globalSetup: ['test/global-setup.ts'],
    maxWorkers: 2,
    minWorkers: 1,
    // The signing key the tests' proofs make and share: theirs, not the user's own.
    env: { XDG_CONFIG_HOME: join(tmpdir(), 'codebreaker-tests-config') },
  },
});
