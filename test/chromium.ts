/**
 * Debian's chromium for the browser tests (installed by .ci/run with apt-get; no browser
 * download), launched headless by playwright-core with the flags that keep it quiet and off the
 * network. One browser serves the whole run: test/global-setup.ts starts it, and each test file
 * connects to it (over a loopback WebSocket) and makes its own contexts. A missing chromium fails
 * the files that need it with what to do, never skips them.
 */
import { constants, accessSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { type BrowserServer, chromium } from 'playwright-core';

/** Where the run's browser listens, or why it could not start. */
export type SharedChromium = { endpoint: string } | { missing: string };

declare module 'vitest' {
  export interface ProvidedContext {
    chromium: SharedChromium;
  }
}

/**
 * The features Playwright 1.64 turns off itself, and three more. Chromium reads only the last
 * `--disable-features` it is given, so ours repeats Playwright's. The three: the omnibox popup of
 * a browser window made as a web page (chrome://omnibox-popup.top-chrome). Every new context gets
 * a window, and in headless mode that page kept a renderer busy for as long as the context lived,
 * while the test's own page sat idle (docs/performance.md, The tests).
 */
const DISABLED_FEATURES = [
  'AvoidUnnecessaryBeforeUnloadCheckSync',
  'DestroyProfileOnBrowserClose',
  'DialMediaRouteProvider',
  'GlobalMediaControls',
  'HttpsUpgrades',
  'LensOverlay',
  'MediaRouter',
  'PaintHolding',
  'ThirdPartyStoragePartitioning',
  'BlockOriginHeaderModificationOnRedirect',
  'AvoidCorsURLLoaderRestartOnRedirect',
  'Translate',
  'AutoDeElevate',
  'OptimizationHints',
  'NetworkTimeServiceQuerying',
  'AimEnabled',
  'WebUIOmniboxPopup',
  'WebUIOmniboxFullPopup',
  'WebUIOmniboxAimPopup',
];

const FLAGS = [
  `--disable-features=${DISABLED_FEATURES.join(',')}`,
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Debian's chromium: $CHROMIUM if set, else `chromium` on the PATH; throws saying how to get it. */
export function findChromium(): string {
  const given = process.env.CHROMIUM;
  const candidates = given
    ? [given]
    : (process.env.PATH ?? '').split(delimiter).map((dir) => join(dir, 'chromium'));
  for (const path of candidates) {
    try {
      accessSync(path, constants.X_OK);
      return path;
    } catch {}
  }
  const missing = given
    ? `$CHROMIUM (${given}) is not an executable`
    : 'chromium is not on the PATH';
  throw new Error(
    [
      `${missing}: the browser tests need Debian's chromium package;`,
      'install it with `apt-get update && apt-get install -y chromium` (.ci/run does)',
    ].join(' '),
  );
}

/** Starts chromium headless, for test files to connect to. */
export function launchChromiumServer(): Promise<BrowserServer> {
  return chromium.launchServer({ executablePath: findChromium(), args: FLAGS, headless: true });
}
