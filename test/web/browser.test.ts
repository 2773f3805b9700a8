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
import { describe, expect, it } from 'vitest';
import { provedTree } from '../../src/proved-trees.js';
import { treeToJson } from '../../src/tree-json.js';
import {
  naiveBlackAnswer,
  naiveCodes,
  naiveFirstConsistent,
  naiveHits,
  naiveScore,
} from '../naive.js';
import {
  DESKTOP,
  LOOK_RULES,
  PHONE,
  SLOW,
  appUrl,
  attributeOf,
  axeFound,
  axeViolations,
  close,
  count,
  countOf,
  fitsPhone,
  open,
  screenshot,
  setting,
  shownTurns,
  tabTo,
  textOf,
  useBrowser,
} from './browser-kit.js';
import { naiveConsistent } from './naive-play.js';

useBrowser();

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
          `${count(hits, 'black peg', 'black pegs')}, ${count(blows, 'white peg', 'white pegs')}`,
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
          await (await setting(page, 'Strategy')).selectOption('minimax');
          await countOf(view.getByTestId('turn')).toBe(2);
          await view.getByRole('button', { name: 'Hint' }).click();
          await textOf(view.getByTestId('hint')).toContain('Minimax (Knuth) suggests');
          await (await setting(page, 'Strategy')).selectOption('first-consistent');
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
            /contradicts your answer (\d+) bulls?, (\d+) cows? to (\d+) \(guess (\d+)\)/.exec(
              said,
            )!;
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
      const page = await open(
        'game=custom&pegs=3&colors=4&repeat=1&feedback=black&strategy=first-consistent&tab=codemaker',
      );
      await textOf(page.getByTestId('rules')).toContain('black pegs only');
      await expect
        .poll(() => setting(page, 'Black pegs only').then((box) => box.isChecked()))
        .toBe(true);
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
      // Keys pressed before the row is drawn go nowhere: wait for it (under load, the page
      // drew it after the first keys had been typed).
      await view.getByTestId('draft').waitFor();
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
      await (await setting(page, 'Game')).selectOption('mastermind');
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
      await (await setting(page, 'Theme')).selectOption('light');
      await expect.poll(background).toBeGreaterThan(200);
      await page.reload();
      await expect.poll(background).toBeGreaterThan(200);
      await (await setting(page, 'Theme')).selectOption('dark');
      await expect.poll(background).toBeLessThan(60);

      const found: string[] = [];
      for (const [size, viewport] of [
        ['phone', PHONE],
        ['desktop', DESKTOP],
      ] as const) {
        for (const theme of ['dark', 'light'] as const) {
          // Every rule on the phone in the dark and on the desktop in the light; in the other
          // two, the rules a theme or a viewport can change (the others read the markup, the
          // same in all four).
          const rules = (size === 'phone') === (theme === 'dark') ? undefined : LOOK_RULES;
          const scan = () => axeViolations(page, rules);
          await page.setViewportSize(viewport);
          await (await setting(page, 'Theme')).selectOption(theme);
          // You guess: a turn played, a hint shown, a symbol in the row.
          await page.getByRole('tab', { name: 'You guess' }).click();
          const breaker = page.getByTestId('codebreaker');
          if ((await breaker.getByTestId('turn').count()) === 0) {
            // Out of the theme menu (a field keeps its keys), then type into the row.
            await breaker.getByTestId('secret').click();
            await page.keyboard.type('1122');
            await page.keyboard.press('Enter');
            await countOf(breaker.getByTestId('turn')).toBe(1);
            await breaker.getByRole('button', { name: 'Hint' }).click();
            await breaker.getByTestId('secret').click();
            await page.keyboard.type('3');
            await attributeOf(breaker.getByTestId('draft'), 'data-code').toBe('3···');
          }
          found.push(...(await scan()).map((v) => `${size} ${theme} you guess: ${v}`));
          // Computer guesses: an answer that cannot occur is not offered; one typed unreadable.
          await page.getByRole('tab', { name: 'Computer guesses' }).click();
          const maker = page.getByTestId('codemaker');
          await maker.getByRole('button', { name: '3 black pegs', exact: true }).click();
          const white = maker.getByRole('button', { name: '1 white peg', exact: true });
          await expect.poll(() => white.isDisabled()).toBe(true);
          await maker.getByLabel(/^Type the answer/).fill('3 pegs');
          await maker.getByTestId('send-answer').click();
          await textOf(maker.getByTestId('status')).toContain('cannot read “3 pegs”');
          found.push(...(await scan()).map((v) => `${size} ${theme} computer: ${v}`));
          // Head to head: a code being chosen, then a round played.
          await page.getByRole('tab', { name: 'Head to head' }).click();
          const versus = page.getByTestId('versus');
          if ((await versus.getByTestId('secret-draft').count()) > 0) {
            await versus.getByRole('button', { name: 'Random' }).click();
            found.push(...(await scan()).map((v) => `${size} ${theme} choosing: ${v}`));
            await versus.getByTestId('start').click();
            await versus.getByTestId('draft').waitFor();
            await page.keyboard.type('1234');
            await page.keyboard.press('Enter');
            await countOf(versus.getByTestId('turn')).not.toBe(0);
          }
          found.push(...(await scan()).map((v) => `${size} ${theme} versus: ${v}`));
          await page.getByRole('tab', { name: 'Analysis' }).click();
          const analysis = page.getByTestId('analysis');
          if ((await analysis.getByTestId('result').count()) === 0) {
            await analysis.getByRole('button', { name: 'Analyse every secret' }).click();
          }
          await analysis.getByTestId('result').first().waitFor();
          found.push(...(await scan()).map((v) => `${size} ${theme} analysis: ${v}`));
          await page.getByRole('tab', { name: 'Strategy tree' }).click();
          await page.getByTestId('tree').locator('button.branch').first().click();
          found.push(...(await scan()).map((v) => `${size} ${theme} tree: ${v}`));
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
      await (await setting(page, 'Theme')).selectOption('dark');
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
      await page.goto(`${appUrl()}?game=mastermind&strategy=first-consistent&tab=analysis`);
      expect(await (await setting(page, 'Game')).inputValue()).toBe('mastermind');
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
      const file = treeToJson(await provedTree('mastermind'));
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
