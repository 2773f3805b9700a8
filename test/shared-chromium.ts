/**
 * The run's one chromium, as a test file reaches it (test/chromium.ts says why one, and how it
 * starts). Apart from test/chromium.ts because it asks vitest where the browser is, which only a
 * test file can, not the global setup that starts it.
 */
import { type Browser, chromium } from 'playwright-core';
import { inject } from 'vitest';

/**
 * The run's browser, connected to; throws why it is missing. Closing what this returns closes the
 * file's contexts and disconnects, and leaves the browser to the other files.
 */
export function sharedChromium(): Promise<Browser> {
  const shared = inject('chromium');
  if ('missing' in shared) throw new Error(shared.missing);
  return chromium.connect(shared.endpoint);
}
