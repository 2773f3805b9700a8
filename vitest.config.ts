import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    testTimeout: 60_000,
    // The signing key the tests' proofs make and share: theirs, not the user's own.
    env: { XDG_CONFIG_HOME: join(tmpdir(), 'codebreaker-tests-config') },
  },
});
