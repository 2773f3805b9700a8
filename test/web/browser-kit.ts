/**
 * What the browser tests share: Debian's chromium (installed by .ci/run with apt-get; no browser
 * download), headless, driven by playwright-core, against `codebreaker serve` started as a child
 * process on a free port; each test in a fresh context (its own localStorage). `useBrowser()`
 * starts both for a test file and checks at its end that no page logged an error or asked for
 * anything but the app's own server. Screenshots go to a temporary folder, or, with
 * CODEBREAKER_SCREENSHOTS=docs, into docs/ for the README, so an ordinary run changes nothing.
 * A missing chromium or an unbuilt app fails the run with what to do, never skips it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, expect } from 'vitest';
import { CLI } from '../process.js';
import { sharedChromium } from '../shared-chromium.js';

export const ROOT = join(import.meta.dirname, '..', '..');
/** Starts `codebreaker serve --port 0` and resolves to the URL it prints. */
function startServe(): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(join(ROOT, 'dist', 'web', 'index.html'))) {
    throw new Error('the web app is not built: run `npm run build:web` (npm ci does it)');
  }
  const child = spawn(process.execPath, [CLI, 'serve', '--port', '0'], {
    cwd: ROOT,
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      if (url) done({ child, url });
    });
    // Until it prints its address or exits: the hook's own timeout bounds the wait.
    child.on('exit', (status) =>
      fail(new Error(`serve exited with status ${status}: ${out}${err}`)),
    );
  });
}

let browser: Browser;
let shots: string;
let serve: ChildProcess;
let url: string;
/** Every URL a page requested, and everything it logged as an error. */
const requested: string[] = [];
const errors: string[] = [];
/** The widest the page was at each phone check, for the record. */
let widths: Record<string, number> = {};
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };
/** Where the pages' `Math.random` starts (see `open`). */
const RANDOM_SEED = 1;
/** Each test may be slow: the machine is shared with long proofs. */
export const SLOW = 300_000;

/** Starts the server and the browser for this test file, and checks what its pages did at the end. */
export function useBrowser(): void {
  beforeAll(async () => {
    // A test thread runs file after file on this module (not isolated): what the last file's
    // pages asked for, from its own server's address, is not this file's.
    requested.length = 0;
    errors.length = 0;
    widths = {};
    axeFound.clear();
    browser = await sharedChromium(); // first: a missing browser says how to get it
    ({ child: serve, url } = await startServe());
    const wanted = process.env.CODEBREAKER_SCREENSHOTS;
    shots = wanted ? resolve(ROOT, wanted) : await mkdtemp(join(tmpdir(), 'codebreaker-shots-'));
    await mkdir(shots, { recursive: true });
  }, 60_000);

  afterAll(async () => {
    await browser?.close();
    serve?.kill();
    console.log(`page widths measured: ${JSON.stringify(widths)}`);
    console.log(`axe-core violations of any impact: ${JSON.stringify([...axeFound])}`);
    expect(errors).toEqual([]);
    expect(
      requested.filter((address) => !address.startsWith(url) && !address.startsWith('data:')),
    ).toEqual([]);
  });
}

/** The address the app is served at. */
export function appUrl(): string {
  return url;
}

/**
 * A page in a fresh context (its own storage) at `query`, watched for errors and requests. The
 * app's service worker is blocked unless `serviceWorker` says otherwise: installing it costs each
 * fresh context a fifth of the page's load (it fetches and stores every file of the app), and
 * one test, the offline one, is about it.
 *
 * The page's `Math.random` is a fixed sequence (xorshift from `RANDOM_SEED`, carried across
 * reloads in the tab's sessionStorage), so the secrets it draws are the same in every run: a test
 * that types its own first guess never meets a game that this guess wins in one run out of
 * hundreds.
 */
export async function open(
  query: string,
  viewport = PHONE,
  colorScheme: 'light' | 'dark' = 'light',
  locale = 'en-US',
  { serviceWorker = false } = {},
): Promise<Page> {
  const context = await browser.newContext({
    viewport,
    colorScheme,
    locale,
    serviceWorkers: serviceWorker ? 'allow' : 'block',
  });
  await context.addInitScript((seed: number) => {
    const KEY = 'test/random';
    let state = seed >>> 0 || 1;
    try {
      state = Number(sessionStorage.getItem(KEY) ?? state);
    } catch {
      // No storage here (a blank page): the sequence starts afresh.
    }
    Math.random = () => {
      state ^= state << 13;
      state ^= state >>> 17;
      state ^= state << 5;
      state >>>= 0;
      try {
        sessionStorage.setItem(KEY, String(state));
      } catch {
        // As above.
      }
      return state / 2 ** 32;
    };
  }, RANDOM_SEED);
  const page = await context.newPage();
  page.setDefaultTimeout(60_000);
  page.on('request', (request) => requested.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(`${url}?${query}`);
  return page;
}

export async function close(page: Page): Promise<void> {
  await page.context().close();
}

/** A field of the settings, unfolded first if they are folded (as on a phone). */
export async function setting(page: Page, label: string): Promise<Locator> {
  const fold = page.getByTestId('settings');
  if (!(await fold.evaluate((element) => element.hasAttribute('open')))) {
    await fold.locator('summary').click();
  }
  return page.getByLabel(label, { exact: true });
}

/** Checks that nothing is wider than the phone's screen, and records the width. */
export async function fitsPhone(page: Page, where: string): Promise<void> {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  widths[where] = width;
  expect(width, where).toBeLessThanOrEqual(PHONE.width);
}

/** The turns on the view's board, as [guess, "hits-blows"]. */
export async function shownTurns(view: Locator): Promise<[string, string][]> {
  const turns: [string, string][] = [];
  for (const row of await view.getByTestId('turn').all()) {
    const guess = (await row.getAttribute('data-guess'))!;
    const [, hits, blows] = /^(\d+)H(\d+)B$/.exec((await row.getAttribute('data-answer'))!)!;
    turns.push([guess, `${hits}-${blows}`]);
  }
  return turns;
}

/** Saves a screenshot of the whole page and checks that it is a PNG image. */
export async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(shots, name);
  await page.screenshot({ path, fullPage: true });
  const png = await readFile(path);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeGreaterThan(10_000);
}

/** An assertion on a value polled until it holds. */
export type Poll<T> = ReturnType<typeof expect.poll<T>>;

/** Polls a locator's text until the assertion that follows holds (vitest's expect.poll). */
export function textOf(locator: Locator): Poll<string | null> {
  return expect.poll(() => locator.textContent(), { timeout: 60_000 });
}

/** Polls how many elements a locator matches. */
export function countOf(locator: Locator): Poll<number> {
  return expect.poll(() => locator.count(), { timeout: 60_000 });
}

/** Polls an attribute of a locator. */
export function attributeOf(locator: Locator, name: string): Poll<string | null> {
  return expect.poll(() => locator.getAttribute(name), { timeout: 60_000 });
}

/** Every axe-core violation of any impact, for the record. */
export const axeFound = new Set<string>();

/**
 * The axe rules whose outcome a theme or the viewport can change: colours, and the size and
 * scrolling of what is touched. The others read the markup, the same in every theme and size.
 */
export const LOOK_RULES: readonly string[] = [
  'color-contrast',
  'target-size',
  'scrollable-region-focusable',
];

/**
 * axe-core's serious and critical violations on the page as it is now; `only`: those of the
 * rules named, the others not run.
 */
export async function axeViolations(page: Page, only?: readonly string[]): Promise<string[]> {
  // Once a document: compiling axe-core again costs more than a few of its scans.
  if (!(await page.evaluate<boolean>("typeof axe === 'object'"))) await page.evaluate(axeSource);
  // Every node of a violation, but one node a rule for the passes (axe's `resultTypes`): the
  // same rules run, and the dark-mode test's 23 scans took 11.9 s, not 14.0.
  const options = {
    resultTypes: ['violations'],
    ...(only && { runOnly: { type: 'rule', values: only } }),
  };
  const result = await page.evaluate<{
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    passes: number;
  }>(
    `axe.run(document, ${JSON.stringify(options)}).then((r) => ({ violations: r.violations, passes: r.passes.length }))`,
  );
  // axe ran its rules: dozens pass on any page of the app (some of those named, when named).
  expect(result.passes).toBeGreaterThan(only ? 0 : 10);
  for (const v of result.violations) axeFound.add(`${v.id} (${v.impact})`);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the focus is on an element matching `selector`; fails after 120 presses. */
export async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const there = `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`;
    if (await page.evaluate<boolean>(there)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** "1 black peg", "2 bulls": how the page names a count. */
export function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}
