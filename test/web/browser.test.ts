/**
 * The web app in a real browser: Debian's chromium (installed by .ci/run with apt-get; no browser
 * download), headless, driven by playwright-core, against `codebreaker serve` started as a child
 * process on a free port. It plays a whole game in each role, runs an analysis and checks the
 * figures shown, opens the shipped optimal tree, and takes screenshots: into a temporary folder,
 * or, with CODEBREAKER_SCREENSHOTS=docs, into docs/ for the README (screenshot.png, the
 * analysis; screenshot-play.png, a game), so an ordinary test run leaves the tree unchanged.
 *
 * The answers and guesses the test gives come from test/naive.ts, not from the app's code.
 * A missing chromium or an unbuilt app fails the run with what to do, never skips it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { constants, accessSync, existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { type Browser, type Locator, type Page, chromium } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  naiveBlackAnswer,
  naiveCodes,
  naiveFirstConsistent,
  naiveHits,
  naiveScore,
} from '../naive.js';
import { naiveConsistent } from './naive-play.js';

const ROOT = join(import.meta.dirname, '..', '..');
const FLAGS = [
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
function findChromium(): string {
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

/** Starts `codebreaker serve --port 0` and resolves to the URL it prints. */
function startServe(): Promise<{ child: ChildProcess; url: string }> {
  if (!existsSync(join(ROOT, 'dist', 'web', 'index.html'))) {
    throw new Error('the web app is not built: run `npm run build:web` (npm ci does it)');
  }
  const child = spawn(
    process.execPath,
    ['--import', 'tsx', join(ROOT, 'src', 'cli', 'main.ts'), 'serve', '--port', '0'],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  return new Promise((done, fail) => {
    let out = '';
    let err = '';
    const timer = setTimeout(() => fail(new Error(`serve printed no URL: ${out}${err}`)), 20_000);
    child.stderr!.on('data', (chunk) => {
      err += chunk;
    });
    child.stdout!.on('data', (chunk) => {
      out += chunk;
      const url = /http:\/\/127\.0\.0\.1:\d+\//.exec(out)?.[0];
      if (url) {
        clearTimeout(timer);
        done({ child, url });
      }
    });
    child.on('exit', (status) => {
      clearTimeout(timer);
      fail(new Error(`serve exited with status ${status}: ${err}`));
    });
  });
}

let browser: Browser;
let shots: string;
let serve: ChildProcess;
let url: string;
/** Every URL a page requested, and everything it logged as an error. */
const requested: string[] = [];
const errors: string[] = [];

beforeAll(async () => {
  const executablePath = findChromium();
  ({ child: serve, url } = await startServe());
  browser = await chromium.launch({ executablePath, args: FLAGS, headless: true });
  const wanted = process.env.CODEBREAKER_SCREENSHOTS;
  shots = wanted ? resolve(ROOT, wanted) : await mkdtemp(join(tmpdir(), 'codebreaker-shots-'));
  await mkdir(shots, { recursive: true });
}, 60_000);

afterAll(async () => {
  await browser?.close();
  serve?.kill();
  expect(errors).toEqual([]);
  expect(
    requested.filter((address) => !address.startsWith(url) && !address.startsWith('data:')),
  ).toEqual([]);
});

async function open(game: string): Promise<Page> {
  const page = await browser.newPage({ viewport: { width: 1000, height: 900 } });
  page.on('request', (request) => requested.push(request.url()));
  page.on('pageerror', (error) => errors.push(String(error)));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto(url);
  await page.getByLabel('Game').selectOption(game);
  return page;
}

/** The turns shown in the view's table, as [guess, "hits-blows"]. */
async function shownTurns(page: Page, view: string): Promise<[string, string][]> {
  const rows = page.getByTestId(view).locator('tbody tr');
  const turns: [string, string][] = [];
  for (const row of await rows.all()) {
    const guess = (await row.getAttribute('data-guess'))!;
    const [, hits, blows] = /^(\d+)H(\d+)B$/.exec((await row.getAttribute('data-answer'))!)!;
    turns.push([guess, `${hits}-${blows}`]);
  }
  return turns;
}

/** Saves a screenshot of the whole page and checks that it is a PNG image. */
async function screenshot(page: Page, name: string): Promise<void> {
  const path = join(shots, name);
  await page.screenshot({ path, fullPage: true });
  const png = await readFile(path);
  expect(png.subarray(1, 4).toString()).toBe('PNG');
  expect(png.length).toBeGreaterThan(10_000);
}

/** Polls a locator's text until the assertion that follows holds (vitest's expect.poll). */
function textOf(locator: Locator) {
  return expect.poll(() => locator.textContent(), { timeout: 15_000 });
}

/** Polls how many elements a locator matches. */
function countOf(locator: Locator) {
  return expect.poll(() => locator.count(), { timeout: 15_000 });
}

/** Polls an attribute of a locator. */
function attributeOf(locator: Locator, name: string) {
  return expect.poll(() => locator.getAttribute(name), { timeout: 15_000 });
}

describe('the web app in chromium', () => {
  it('the computer breaks your code: answered by counting, with a contradiction undone', async () => {
    const page = await open('mastermind');
    const view = page.getByTestId('codemaker');
    const secret = '1355';
    const answer = async (hits: number, blows: number) => {
      await view.getByRole('button', { name: `${hits} hits`, exact: true }).click();
      await view.getByRole('button', { name: `${blows} blows`, exact: true }).click();
    };
    const codes = naiveCodes(4, '123456', true);
    let guesses = 0;
    let contradicted = false;
    while (!(await view.getByTestId('outcome').isVisible())) {
      const guess = (await view.getByTestId('computer-guess').getAttribute('data-code'))!;
      if (guesses === 1 && !contradicted) {
        // An answer some secret gives to this guess, but none after the first answer: warned
        // at once, and not sent.
        const turns = await shownTurns(page, 'codemaker');
        const [hits, blows] = [...new Set(codes.map((code) => naiveScore(code, guess).join('-')))]
          .filter((answer) => naiveConsistent(codes, [...turns, [guess, answer]]).length === 0)
          .map((answer) => answer.split('-').map(Number))[0];
        await answer(hits, blows);
        await textOf(view.getByTestId('warning')).toContain(
          `contradicts your answer ${turns[0][1].replace('-', 'H')}B to ${turns[0][0]}`,
        );
        expect(await view.getByRole('button', { name: /^Answer / }).isDisabled()).toBe(true);
        // Take the first answer back and give it again.
        await view.getByRole('button', { name: 'Undo last answer' }).click();
        await countOf(view.getByTestId('turns')).toBe(0);
        guesses = 0;
        contradicted = true;
        continue;
      }
      const [hits, blows] = naiveScore(secret, guess);
      await answer(hits, blows);
      await countOf(view.getByTestId('warning')).toBe(0);
      await view.getByRole('button', { name: `Answer ${hits}H${blows}B` }).click();
      guesses++;
      await countOf(view.locator('tbody tr')).toBe(guesses);
    }
    expect(contradicted).toBe(true);
    const expected = naiveFirstConsistent(codes, secret);
    expect((await shownTurns(page, 'codemaker')).map(([guess]) => guess)).toEqual(expected);
    await textOf(view.getByTestId('outcome')).toContain(`found in ${expected.length} guesses`);
    await screenshot(page, 'screenshot-play.png');
    await page.close();
  });

  it('you break the code: pegs picked and typed, a hint, the answers checked by counting', async () => {
    const page = await open('hit-and-blow');
    await page.getByRole('tab', { name: 'You break the code' }).click();
    const view = page.getByTestId('codebreaker');
    const codes = naiveCodes(4, '012345', false);
    while (!(await view.getByTestId('outcome').isVisible())) {
      const turns = await shownTurns(page, 'codebreaker');
      const consistent = naiveConsistent(codes, turns);
      const next = consistent[0];
      if (turns.length === 0) {
        for (const symbol of next)
          await view.getByRole('button', { name: `symbol ${symbol}` }).click();
        await attributeOf(view.getByTestId('draft'), 'data-code').toBe(next);
        await view.getByRole('button', { name: 'Guess', exact: true }).click();
      } else {
        await view.getByRole('button', { name: 'Hint' }).click();
        await attributeOf(view.getByTestId('hint'), 'data-remaining').toBe(`${consistent.length}`);
        await view.getByLabel('Type a guess').fill(next);
        await view.getByLabel('Type a guess').press('Enter');
      }
      await countOf(view.locator('tbody tr')).toBe(turns.length + 1);
    }
    await textOf(view.getByTestId('outcome')).toContain('Cracked it!');
    const secret = (await view
      .getByTestId('outcome')
      .locator('[data-code]')
      .getAttribute('data-code'))!;
    const turns = await shownTurns(page, 'codebreaker');
    expect(turns.at(-1)![0]).toBe(secret);
    for (const [guess, answer] of turns) expect(naiveScore(secret, guess).join('-')).toBe(answer);
    await textOf(view.locator('tbody tr').first()).toContain(`${turns[0][1].split('-')[0]} hit`);

    await view.getByRole('button', { name: 'New secret' }).click();
    await view.getByRole('button', { name: 'Give up' }).click();
    await textOf(view.getByTestId('outcome')).toContain('The secret was');
    await page.close();
  });

  it('analysis: every Mastermind secret in a worker, figures and chart as published', async () => {
    const page = await open('moo');
    await page.getByLabel('Strategy').selectOption('entropy');
    await page.getByRole('tab', { name: 'Analysis' }).click();
    const view = page.getByTestId('analysis');
    // A long analysis shows its progress, and the page still answers a click to cancel it.
    await view.getByRole('button', { name: 'Analyse every secret' }).click();
    await view.getByTestId('progress').waitFor();
    await view.getByRole('button', { name: 'Cancel' }).click();
    await countOf(view.getByTestId('progress')).toBe(0);
    await countOf(view.getByTestId('analysis-result')).toBe(0);

    await page.getByLabel('Game').selectOption('mastermind');
    await page.getByLabel('Strategy').selectOption('first-consistent');
    await view.getByRole('button', { name: 'Analyse every secret' }).click();
    await textOf(view.getByTestId('total')).toBe('7471');
    await textOf(view.getByTestId('secrets')).toBe('1296');
    await textOf(view.getByTestId('average')).toBe('5.76466');
    await textOf(view.getByTestId('fraction')).toBe('= 7471/1296');
    await textOf(view.getByTestId('max')).toBe('9');
    await textOf(view.getByTestId('worst')).toBe('565464356555655666546665');
    const bars = view.getByTestId('histogram').locator('[data-secrets]');
    const counts = await Promise.all(
      (await bars.all()).map((bar) => bar.getAttribute('data-secrets')),
    );
    expect(counts.map(Number)).toEqual([1, 4, 25, 108, 305, 602, 196, 49, 6]);
    await screenshot(page, 'screenshot.png');
    await page.close();
  });

  it('tree: the shipped optimal Mastermind tree, opened answer by answer', async () => {
    const page = await open('mastermind');
    await page.getByRole('tab', { name: 'Strategy tree' }).click();
    const view = page.getByTestId('tree');
    await textOf(view.getByTestId('tree-figures')).toContain('Proved optimal: 5,625 guesses');
    const file = JSON.parse(
      readFileSync(join(ROOT, 'web', 'public', 'trees', 'mastermind-optimal.json'), 'utf8'),
    );
    const root = view.locator('.node[data-path=""]');
    await attributeOf(root, 'data-guess').toBe(file.root.guess);
    const [answer, child] = Object.entries(
      file.root.children as Record<string, { guess: string }>,
    )[0];
    await root.locator(`button[data-answer="${answer}"]`).first().click();
    await attributeOf(root.locator('.node').first(), 'data-guess').toBe(child.guess);
    await page.close();
  });

  it('black pegs only: a custom game answered with hits alone, no blows asked', async () => {
    const page = await open('custom');
    await page.getByLabel('Pegs').fill('3');
    await page.getByLabel('Colours').fill('4');
    await page.getByLabel('Repetition').check();
    await page.getByLabel('Hits only').check();
    await textOf(page.getByTestId('rules')).toContain('black pegs only');
    const view = page.getByTestId('codemaker');
    await countOf(view.getByRole('button', { name: '0 blows', exact: true })).toBe(0);
    const secret = '312';
    let guesses = 0;
    while (!(await view.getByTestId('outcome').isVisible())) {
      const guess = (await view.getByTestId('computer-guess').getAttribute('data-code'))!;
      const hits = naiveHits(secret, guess);
      await view.getByRole('button', { name: `${hits} hits`, exact: true }).click();
      await view.getByRole('button', { name: `Answer ${hits}H` }).click();
      guesses++;
      await countOf(view.locator('tbody tr')).toBe(guesses);
    }
    const rows = await view.locator('tbody tr').all();
    const shown: string[] = [];
    for (const row of rows) {
      const guess = (await row.getAttribute('data-guess'))!;
      expect(await row.getAttribute('data-answer')).toBe(`${naiveHits(secret, guess)}H`);
      shown.push(guess);
    }
    const codes = naiveCodes(3, '0123', true);
    expect(shown).toEqual(naiveFirstConsistent(codes, secret, naiveBlackAnswer));
    await page.close();
  });

  it('refuses a game whose score table would not fit, saying why', async () => {
    const page = await open('custom');
    await page.getByLabel('Pegs').fill('5');
    await page.getByLabel('Colours').fill('8');
    await textOf(page.getByTestId('refusal')).toContain('make 32,768 codes');
    await countOf(page.getByTestId('codemaker')).toBe(0);
    await page.close();
  });
});
