/**
 * The web app in a real browser: Debian's chromium (installed by .ci/run with apt-get; no browser
 * download), headless, driven by playwright-core, against `codebreaker serve` started as a child
 * process on a free port; each test in a fresh context (its own localStorage), at a phone's size
 * (390 × 844) or a desktop's (1280 × 800).
 *
 * On the phone it plays a whole game in each role (Mastermind and Bulls and Cows, then Super
 * Mastermind, beyond the score table), checking after every move that nothing is wider than the
 * screen, reloads mid-game and finds the game as it was; it plays on the keyboard alone; checks
 * dark mode and its switch; runs axe-core (injected into the page) on every tab, light and dark,
 * and accepts no serious or critical violation; compares strategies in the analysis and opens a
 * worst secret in the tree. Screenshots go to a temporary folder, or, with
 * CODEBREAKER_SCREENSHOTS=docs, into docs/ for the README, so an ordinary run changes nothing.
 *
 * The answers and guesses the test gives come from test/naive.ts, not from the app's code.
 * A missing chromium or an unbuilt app fails the run with what to do, never skips it.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { mkdir, mkdtemp, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { findChromium, launchChromium } from '../chromium.js';
import {
  naiveBlackAnswer,
  naiveCodes,
  naiveFirstConsistent,
  naiveHits,
  naiveScore,
} from '../naive.js';
import { naiveConsistent } from './naive-play.js';

const ROOT = join(import.meta.dirname, '..', '..');
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
/** The widest the page was at each phone check, for the record. */
const widths: Record<string, number> = {};
const axeSource = readFileSync(
  createRequire(import.meta.url).resolve('axe-core/axe.min.js'),
  'utf8',
);

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
/** Each test may be slow: the machine is shared with long proofs. */
const SLOW = 300_000;

beforeAll(async () => {
  findChromium(); // before starting the server: a missing browser says how to get it
  ({ child: serve, url } = await startServe());
  browser = await launchChromium();
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

/** A page in a fresh context (its own storage) at `query`, watched for errors and requests. */
async function open(
  query: string,
  viewport = PHONE,
  colorScheme: 'light' | 'dark' = 'light',
): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme });
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

async function close(page: Page): Promise<void> {
  await page.context().close();
}

/** Checks that nothing is wider than the phone's screen, and records the width. */
async function fitsPhone(page: Page, where: string): Promise<void> {
  const width = await page.evaluate<number>('document.documentElement.scrollWidth');
  widths[where] = width;
  expect(width, where).toBeLessThanOrEqual(PHONE.width);
}

/** The turns on the view's board, as [guess, "hits-blows"]. */
async function shownTurns(view: Locator): Promise<[string, string][]> {
  const turns: [string, string][] = [];
  for (const row of await view.getByTestId('turn').all()) {
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
  return expect.poll(() => locator.textContent(), { timeout: 60_000 });
}

/** Polls how many elements a locator matches. */
function countOf(locator: Locator) {
  return expect.poll(() => locator.count(), { timeout: 60_000 });
}

/** Polls an attribute of a locator. */
function attributeOf(locator: Locator, name: string) {
  return expect.poll(() => locator.getAttribute(name), { timeout: 60_000 });
}

/** Every axe-core violation of any impact, for the record. */
const axeFound = new Set<string>();

/** axe-core's serious and critical violations on the page as it is now. */
async function axeViolations(page: Page): Promise<string[]> {
  await page.evaluate(axeSource);
  const result = await page.evaluate<{
    violations: { id: string; impact: string; nodes: { target: string[] }[] }[];
    passes: number;
  }>('axe.run().then((r) => ({ violations: r.violations, passes: r.passes.length }))');
  // axe ran its rules: dozens pass on any page of the app.
  expect(result.passes).toBeGreaterThan(10);
  for (const v of result.violations) axeFound.add(`${v.id} (${v.impact})`);
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Presses Tab until the focus is on an element matching `selector`; fails after 120 presses. */
async function tabTo(page: Page, selector: string): Promise<void> {
  for (let i = 0; i < 120; i++) {
    await page.keyboard.press('Tab');
    const there = `document.activeElement?.matches(${JSON.stringify(selector)}) ?? false`;
    if (await page.evaluate<boolean>(there)) return;
  }
  throw new Error(`Tab never reached ${selector}`);
}

/** "1 black peg", "2 bulls": how the page names a count. */
function count(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

describe('the web app in chromium', () => {
  it(
    'phone: you break a Mastermind code (slot and colour, drag, hints), reload, switch strategy, give up',
    async () => {
      const page = await open('game=mastermind&strategy=first-consistent&tab=codebreaker');
      const view = page.getByTestId('codebreaker');
      const codes = naiveCodes(4, '123456', true);
      await fitsPhone(page, 'you guess, start');
      expect(await view.getByTestId('secret').getAttribute('data-code')).toBeNull();
      await countOf(view.locator('.board-row')).toBe(11);
      while (!(await view.getByTestId('outcome').isVisible())) {
        const turns = await shownTurns(view);
        const consistent = naiveConsistent(codes, turns);
        const next = consistent[0];
        if (turns.length === 0) {
          // Slot then colour for the first three; the last dragged onto its slot.
          for (const [position, symbol] of [...next].entries()) {
            const pick = view.locator(`[data-symbol="${symbol}"]`);
            if (position < 3) {
              await view.locator(`[data-slot="${position}"]`).click();
              await pick.click();
              continue;
            }
            await pick.dragTo(view.locator(`[data-slot="${position}"]`));
          }
          await attributeOf(view.getByTestId('draft'), 'data-code').toBe(next);
        } else {
          await view.getByRole('button', { name: 'Hint' }).click();
          await attributeOf(view.getByTestId('hint'), 'data-remaining').toBe(
            `${consistent.length}`,
          );
          await attributeOf(view.getByTestId('hint').locator('[data-code]'), 'data-code').toBe(
            next,
          );
          await view.getByRole('button', { name: 'Use it' }).click();
        }
        await view.getByTestId('send-guess').click();
        await countOf(view.getByTestId('turn')).toBe(turns.length + 1);
        const [guess, answer] = (await shownTurns(view)).at(-1)!;
        const [hits, blows] = answer.split('-').map(Number);
        await textOf(page.getByTestId('announcer')).toContain(
          count(hits, 'black peg', 'black pegs'),
        );
        await fitsPhone(page, `you guess, turn ${turns.length + 1}`);
        if (turns.length === 1 && hits < 4) {
          // Two turns in and a symbol in the row: a reload keeps all of it.
          await view.locator('[data-symbol="6"]').click();
          await screenshot(page, 'screenshot-phone.png');
          await page.reload();
          await countOf(view.getByTestId('turn')).toBe(2);
          expect((await shownTurns(view)).at(-1)).toEqual([guess, answer]);
          await attributeOf(view.getByTestId('draft'), 'data-code').toBe('6···');
          await expect.poll(() => page.url()).toContain('game=mastermind');
          // A new strategy gives the hints of the same game.
          await page.getByLabel('Strategy', { exact: true }).selectOption('minimax');
          await countOf(view.getByTestId('turn')).toBe(2);
          await view.getByRole('button', { name: 'Hint' }).click();
          await textOf(view.getByTestId('hint')).toContain('Minimax (Knuth) suggests');
          await page.getByLabel('Strategy', { exact: true }).selectOption('first-consistent');
          await view.getByRole('button', { name: 'Clear row' }).click();
        }
      }
      await textOf(view.getByTestId('outcome')).toContain('Cracked it');
      const secret = (await view.getByTestId('secret').getAttribute('data-code'))!;
      const turns = await shownTurns(view);
      expect(turns.at(-1)![0]).toBe(secret);
      for (const [guess, answer] of turns) expect(naiveScore(secret, guess).join('-')).toBe(answer);
      expect(turns.map(([guess]) => guess)).toEqual(naiveFirstConsistent(codes, secret));
      await fitsPhone(page, 'you guess, solved');

      // Giving up asks first; only "Yes" ends the game.
      await view.getByRole('button', { name: 'New game' }).click();
      await view.getByRole('button', { name: 'Give up…' }).click();
      await view.getByRole('button', { name: 'Keep playing' }).click();
      await countOf(view.getByTestId('outcome')).toBe(0);
      await view.getByRole('button', { name: 'Give up…' }).click();
      await view.getByRole('button', { name: 'Yes, show it' }).click();
      await textOf(view.getByTestId('outcome')).toContain('You gave up after 0 guesses');
      expect(await view.getByTestId('secret').getAttribute('data-code')).toMatch(/^[1-6]{4}$/);
      await close(page);
    },
    SLOW,
  );

  it(
    'phone: the computer breaks your Bulls and Cows code, answered in bulls and cows, a contradiction taken back',
    async () => {
      const page = await open('game=moo&strategy=first-consistent&tab=codemaker');
      const view = page.getByTestId('codemaker');
      const secret = '2047';
      const codes = naiveCodes(4, '0123456789', false);
      const answer = async (hits: number, blows: number) => {
        await view.getByRole('button', { name: count(hits, 'bull', 'bulls'), exact: true }).click();
        await view.getByRole('button', { name: count(blows, 'cow', 'cows'), exact: true }).click();
      };
      await textOf(page.getByTestId('rules')).toContain('Bulls and Cows: 4 digits from 0 to 9');
      let guesses = 0;
      let contradicted = false;
      while (!(await view.getByTestId('outcome').isVisible())) {
        const guess = (await view.getByTestId('computer-guess').getAttribute('data-code'))!;
        const turns = await shownTurns(view);
        // An answer some secret gives to this guess, but none after the answers before it.
        const contradiction = [...new Set(codes.map((code) => naiveScore(code, guess).join('-')))]
          .filter((said) => naiveConsistent(codes, [...turns, [guess, said]]).length === 0)
          .map((said) => said.split('-').map(Number))[0];
        if (turns.length > 0 && !contradicted && contradiction) {
          const [hits, blows] = contradiction;
          await answer(hits, blows);
          await textOf(view.getByTestId('status')).toContain('contradicts your answer');
          const said = (await view.getByTestId('status').textContent())!;
          const [, earlierHits, earlierBlows, earlierGuess, turn] =
            /contradicts your answer (\d+)H(\d+)B to (\d+) \(guess (\d+)\)/.exec(said)!;
          expect(turns[Number(turn) - 1]).toEqual([earlierGuess, `${earlierHits}-${earlierBlows}`]);
          expect(await view.getByTestId('send-answer').isDisabled()).toBe(true);
          await fitsPhone(page, 'computer guesses, warning');
          await view.getByRole('button', { name: 'Take back the last answer' }).click();
          await countOf(view.getByTestId('turn')).toBe(turns.length - 1);
          // The warning goes with the answer it was about.
          await countOf(view.getByTestId('status')).toBe(0);
          guesses = turns.length - 1;
          contradicted = true;
          continue;
        }
        const [hits, blows] = naiveScore(secret, guess);
        await answer(hits, blows);
        await countOf(view.getByTestId('status')).toBe(0);
        await view.getByTestId('send-answer').click();
        guesses++;
        await countOf(view.getByTestId('turn')).toBe(guesses);
        await textOf(view.getByTestId('turn').last()).toContain(
          `${count(hits, 'bull', 'bulls')}, ${count(blows, 'cow', 'cows')}`,
        );
        await fitsPhone(page, `computer guesses, turn ${guesses}`);
      }
      expect(contradicted).toBe(true);
      const expected = naiveFirstConsistent(codes, secret);
      expect((await shownTurns(view)).map(([guess]) => guess)).toEqual(expected);
      await textOf(view.getByTestId('outcome')).toContain(`in ${expected.length} guesses`);
      await attributeOf(view.getByTestId('secret'), 'data-code').toBe(secret);
      await close(page);
    },
    SLOW,
  );

  it(
    'phone: Super Mastermind (32,768 codes) in both roles, without the score table',
    async () => {
      const page = await open(
        'game=custom&pegs=5&colors=8&repeat=1&strategy=minimax&tab=codebreaker',
      );
      const codes = naiveCodes(5, '01234567', true);
      const breaker = page.getByTestId('codebreaker');
      await textOf(page.getByTestId('rules')).toContain('32,768 codes');
      while (!(await breaker.getByTestId('outcome').isVisible())) {
        const turns = await shownTurns(breaker);
        await breaker.getByRole('button', { name: 'Hint' }).click();
        await attributeOf(breaker.getByTestId('hint'), 'data-remaining').toBe(
          `${naiveConsistent(codes, turns).length}`,
        );
        await breaker.getByRole('button', { name: 'Use it' }).click();
        await breaker.getByTestId('send-guess').click();
        await countOf(breaker.getByTestId('turn')).toBe(turns.length + 1);
        expect(turns.length).toBeLessThan(12);
      }
      const secret = (await breaker.getByTestId('secret').getAttribute('data-code'))!;
      for (const [guess, answer] of await shownTurns(breaker)) {
        expect(naiveScore(secret, guess).join('-')).toBe(answer);
      }
      await fitsPhone(page, 'super mastermind, you guess');

      await page.getByRole('tab', { name: 'Computer guesses' }).click();
      const maker = page.getByTestId('codemaker');
      const mine = '07713';
      let guesses = 0;
      while (!(await maker.getByTestId('outcome').isVisible())) {
        const guess = (await maker.getByTestId('computer-guess').getAttribute('data-code'))!;
        const [hits, blows] = naiveScore(mine, guess);
        await maker
          .getByRole('button', { name: count(hits, 'black peg', 'black pegs'), exact: true })
          .click();
        await maker
          .getByRole('button', { name: count(blows, 'white peg', 'white pegs'), exact: true })
          .click();
        await maker.getByTestId('send-answer').click();
        guesses++;
        await countOf(maker.getByTestId('turn')).toBe(guesses);
        expect(guesses).toBeLessThan(12);
      }
      await attributeOf(maker.getByTestId('secret'), 'data-code').toBe(mine);
      await fitsPhone(page, 'super mastermind, computer guesses');

      await page.getByRole('tab', { name: 'Analysis' }).click();
      await textOf(page.getByTestId('too-large')).toContain(
        'npx codebreaker analyze --pegs 5 --colors 8 --repeat --strategy minimax',
      );
      await page.getByRole('tab', { name: 'Strategy tree' }).click();
      await textOf(page.locator('#panel-tree')).toContain('npx codebreaker tree --pegs 5');
      await close(page);
    },
    SLOW,
  );

  it(
    'phone: black pegs only, a custom game answered with black pegs alone, no white pegs asked',
    async () => {
      const page = await open('game=custom&pegs=3&colors=4&repeat=1&feedback=black&tab=codemaker');
      await textOf(page.getByTestId('rules')).toContain('black pegs only');
      await expect.poll(() => page.getByLabel('Black pegs only').isChecked()).toBe(true);
      const view = page.getByTestId('codemaker');
      await countOf(view.getByRole('button', { name: '0 white pegs', exact: true })).toBe(0);
      const secret = '312';
      let guesses = 0;
      while (!(await view.getByTestId('outcome').isVisible())) {
        const guess = (await view.getByTestId('computer-guess').getAttribute('data-code'))!;
        const hits = naiveHits(secret, guess);
        await view
          .getByRole('button', { name: count(hits, 'black peg', 'black pegs'), exact: true })
          .click();
        await view.getByTestId('send-answer').click();
        guesses++;
        await countOf(view.getByTestId('turn')).toBe(guesses);
      }
      const shown: string[] = [];
      for (const row of await view.getByTestId('turn').all()) {
        const guess = (await row.getAttribute('data-guess'))!;
        expect(await row.getAttribute('data-answer')).toBe(`${naiveHits(secret, guess)}H`);
        shown.push(guess);
      }
      const codes = naiveCodes(3, '0123', true);
      expect(shown).toEqual(naiveFirstConsistent(codes, secret, naiveBlackAnswer));
      await fitsPhone(page, 'black pegs, computer guesses');
      await close(page);
    },
    SLOW,
  );

  it(
    'keyboard only: typing into the row, the tab list by arrows, answering by Tab and Enter',
    async () => {
      const page = await open(
        'game=hit-and-blow&strategy=first-consistent&tab=codebreaker',
        DESKTOP,
      );
      const view = page.getByTestId('codebreaker');
      const codes = naiveCodes(4, '012345', false);
      while (!(await view.getByTestId('outcome').isVisible())) {
        const turns = await shownTurns(view);
        const next = naiveConsistent(codes, turns)[0];
        // No field to focus first: the keys go into the row.
        await page.keyboard.type(turns.length === 0 ? `${next.slice(0, 3)}9` : next);
        if (turns.length === 0) {
          // 9 is no symbol; Backspace erases the last one, which is typed again.
          await page.keyboard.press('Backspace');
          await attributeOf(view.getByTestId('draft'), 'data-code').toBe(`${next.slice(0, 2)}··`);
          await page.keyboard.type(next.slice(2));
        }
        await attributeOf(view.getByTestId('draft'), 'data-code').toBe(next);
        await page.keyboard.press('Enter');
        await countOf(view.getByTestId('turn')).toBe(turns.length + 1);
      }
      await textOf(view.getByTestId('outcome')).toContain('Cracked it');

      // The tabs: one tab stop, arrows move the selection.
      await tabTo(page, '[role="tab"][aria-selected="true"]');
      await page.keyboard.press('ArrowRight');
      await expect
        .poll(() => page.evaluate<string>('document.activeElement?.textContent'))
        .toBe('Computer guesses');
      await expect.poll(() => page.url()).toContain('tab=codemaker');
      await page.getByLabel('Game', { exact: true }).selectOption('mastermind');
      const maker = page.getByTestId('codemaker');
      const secret = '1355';
      let guesses = 0;
      while (!(await maker.getByTestId('outcome').isVisible())) {
        const guess = (await maker.getByTestId('computer-guess').getAttribute('data-code'))!;
        const [hits, blows] = naiveScore(secret, guess);
        await tabTo(page, `[aria-label="${count(hits, 'black peg', 'black pegs')}"]`);
        const ring = await page.evaluate<[string, number]>(
          '((style) => [style.outlineStyle, parseFloat(style.outlineWidth)])(getComputedStyle(document.activeElement))',
        );
        expect(ring[0]).toBe('solid');
        expect(ring[1]).toBeGreaterThanOrEqual(2);
        await page.keyboard.press('Enter');
        await tabTo(page, `[aria-label="${count(blows, 'white peg', 'white pegs')}"]`);
        await page.keyboard.press('Space');
        await tabTo(page, '[data-testid="send-answer"]');
        await page.keyboard.press('Enter');
        guesses++;
        await countOf(maker.getByTestId('turn')).toBe(guesses);
      }
      expect((await shownTurns(maker)).map(([guess]) => guess)).toEqual(
        naiveFirstConsistent(naiveCodes(4, '123456', true), secret),
      );
      await screenshot(page, 'screenshot-play.png');
      // Empty rows and empty slots are no tab stops: one slot of the row takes the focus.
      await page.getByRole('tab', { name: 'You guess' }).click();
      const stops = await page.evaluate<number>(
        `[...document.querySelectorAll('#panel-codebreaker [data-slot]')].filter((slot) => slot.tabIndex >= 0).length`,
      );
      expect(stops).toBe(1);
      await close(page);
    },
    SLOW,
  );

  it(
    'dark mode follows the system, a switch overrides it and is kept; axe finds nothing serious on any tab',
    async () => {
      const page = await open(
        'game=mastermind&strategy=first-consistent&tab=codebreaker',
        PHONE,
        'dark',
      );
      const background = () =>
        page.evaluate<number>(
          'getComputedStyle(document.body).backgroundColor.match(/\\d+/g).slice(0, 3).map(Number).reduce((a, b) => a + b) / 3',
        );
      expect(await background()).toBeLessThan(60);
      await page.getByLabel('Theme', { exact: true }).selectOption('light');
      await expect.poll(background).toBeGreaterThan(200);
      await page.reload();
      await expect.poll(background).toBeGreaterThan(200);
      await page.getByLabel('Theme', { exact: true }).selectOption('dark');
      await expect.poll(background).toBeLessThan(60);

      const found: string[] = [];
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        for (const theme of ['dark', 'light'] as const) {
          await page.setViewportSize(viewport);
          await page.getByLabel('Theme', { exact: true }).selectOption(theme);
          // You guess: a turn played, a hint shown, a symbol in the row.
          await page.getByRole('tab', { name: 'You guess' }).click();
          const breaker = page.getByTestId('codebreaker');
          if ((await breaker.getByTestId('turn').count()) === 0) {
            // Out of the theme menu (a field keeps its keys), then type into the row.
            await breaker.locator('.lead').click();
            await page.keyboard.type('1122');
            await page.keyboard.press('Enter');
            await countOf(breaker.getByTestId('turn')).toBe(1);
            await breaker.getByRole('button', { name: 'Hint' }).click();
            await breaker.locator('.lead').click();
            await page.keyboard.type('3');
            await attributeOf(breaker.getByTestId('draft'), 'data-code').toBe('3···');
          }
          found.push(...(await axeViolations(page)).map((v) => `${size} ${theme} you guess: ${v}`));
          // Computer guesses: an answer that cannot occur, warned.
          await page.getByRole('tab', { name: 'Computer guesses' }).click();
          const maker = page.getByTestId('codemaker');
          await maker.getByRole('button', { name: '3 black pegs', exact: true }).click();
          await maker.getByRole('button', { name: '1 white peg', exact: true }).click();
          await maker.getByTestId('status').waitFor();
          found.push(...(await axeViolations(page)).map((v) => `${size} ${theme} computer: ${v}`));
          await page.getByRole('tab', { name: 'Analysis' }).click();
          const analysis = page.getByTestId('analysis');
          if ((await analysis.getByTestId('result').count()) === 0) {
            await analysis.getByRole('button', { name: 'Analyse every secret' }).click();
          }
          await analysis.getByTestId('result').first().waitFor();
          found.push(...(await axeViolations(page)).map((v) => `${size} ${theme} analysis: ${v}`));
          await page.getByRole('tab', { name: 'Strategy tree' }).click();
          await page.getByTestId('tree').locator('button.branch').first().click();
          found.push(...(await axeViolations(page)).map((v) => `${size} ${theme} tree: ${v}`));
          if (size === 'phone') await fitsPhone(page, `${theme} tree`);
        }
      }
      expect(found).toEqual([]);
      // The scan can fail: an image without a text alternative is caught.
      await page.evaluate(
        "document.body.append(Object.assign(document.createElement('img'), { src: 'data:,' }))",
      );
      expect((await axeViolations(page)).join()).toContain('image-alt (critical)');
      await page.evaluate("document.querySelector('body > img').remove()");
      axeFound.delete('image-alt (critical)');
      await page.setViewportSize(PHONE);
      await page.getByLabel('Theme', { exact: true }).selectOption('dark');
      await page.getByRole('tab', { name: 'You guess' }).click();
      await screenshot(page, 'screenshot-dark.png');
      await close(page);
    },
    SLOW,
  );

  it(
    'analysis: strategies compared on one chart as published; a worst secret opens in the tree',
    async () => {
      const page = await open('game=moo&strategy=entropy&tab=analysis', DESKTOP);
      const view = page.getByTestId('analysis');
      // A long analysis shows its progress, and the page still answers a click to cancel it.
      await view.getByRole('button', { name: 'Analyse every secret' }).click();
      await view.getByTestId('progress').waitFor();
      await view.getByRole('button', { name: 'Cancel' }).click();
      await countOf(view.getByTestId('progress')).toBe(0);
      await countOf(view.getByTestId('analysis-result')).toBe(0);

      // A link opens the same view.
      await page.goto(`${url}?game=mastermind&strategy=first-consistent&tab=analysis`);
      expect(await page.getByLabel('Game', { exact: true }).inputValue()).toBe('mastermind');
      await expect
        .poll(() => page.getByRole('tab', { name: 'Analysis' }).getAttribute('aria-selected'))
        .toBe('true');
      await view.getByRole('checkbox', { name: 'Minimax (Knuth)' }).check();
      await view.getByRole('button', { name: 'Analyse and compare 2' }).click();
      const row = (name: string) => view.locator(`[data-testid="result"][data-strategy="${name}"]`);
      await textOf(row('minimax').getByTestId('total')).toBe('5801');
      await textOf(row('first-consistent').getByTestId('total')).toBe('7471');
      await textOf(row('first-consistent').getByTestId('average')).toBe('5.76466');
      await textOf(row('first-consistent').getByTestId('fraction')).toBe('= 7471/1296');
      await textOf(row('minimax').getByTestId('max')).toBe('5');
      const bars = async (name: string) => {
        const found = view.getByTestId('histogram').locator(`[data-strategy="${name}"]`);
        const counts = await Promise.all(
          (await found.all()).map((bar) => bar.getAttribute('data-secrets')),
        );
        return counts.map(Number);
      };
      expect(await bars('first-consistent')).toEqual([1, 4, 25, 108, 305, 602, 196, 49, 6]);
      expect(await bars('minimax')).toEqual([1, 6, 62, 533, 694, 0, 0, 0, 0]);
      const worst = view.locator('.worst-list[data-strategy="first-consistent"] button');
      expect(await worst.evaluateAll((all) => all.map((b) => b.textContent))).toEqual([
        '5654',
        '6435',
        '6555',
        '6556',
        '6654',
        '6665',
      ]);
      await screenshot(page, 'screenshot.png');

      await worst.last().click();
      await expect
        .poll(() => page.getByRole('tab', { name: 'Strategy tree' }).getAttribute('aria-selected'))
        .toBe('true');
      const tree = page.getByTestId('tree');
      const found = tree.locator('.node.highlight');
      await attributeOf(found, 'data-guess').toBe('6665');
      expect((await found.getAttribute('data-path'))!.split('.')).toHaveLength(8);
      await textOf(tree.getByTestId('tree-focus')).toContain('The path of 6665: 9 guesses');
      await expect.poll(() => page.url()).toContain('tab=tree');

      // The root lists every answer, the winning one too: the branches add up to 1296.
      const root = tree.locator('.node[data-path=""]');
      const branches = root.locator(':scope > ul > li');
      const secrets = await branches.evaluateAll((items) =>
        items.map((item) =>
          Number(/(\d[\d,]*) secrets?/.exec(item.textContent!)![1].replace(',', '')),
        ),
      );
      expect(secrets.reduce((a, b) => a + b, 0)).toBe(1296);
      await countOf(root.locator(':scope > ul > li.win[data-answer="4H0B"]')).toBe(1);
      await close(page);
    },
    SLOW,
  );

  it(
    'tree: the shipped optimal Mastermind tree, opened answer by answer',
    async () => {
      const page = await open('game=mastermind&strategy=optimal&tab=tree', DESKTOP);
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
      await close(page);
    },
    SLOW,
  );
});
