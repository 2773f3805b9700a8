/**
 * The coach and the phone in a real browser (browser-kit.ts): every guess graded (the grade the
 * page shows is the core's exact search, run here without the page), the secrets still possible
 * listed as brute force finds them, the end of a game summed up against the shipped tree; and at
 * 390 × 700, a phone with its browser bars, the row in play, the palette and the button that sends
 * the turn on the screen together in both roles of every preset, turn after turn.
 */
import type { Locator } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { allCandidates } from '../../src/candidates.js';
import { gameFor } from '../../src/game.js';
import { gradeGuess } from '../../src/grade.js';
import { PRESETS, PRESET_NAMES, resolveRules } from '../../src/rules.js';
import { naiveCodes, naiveScore } from '../naive.js';
import {
  LOOK_RULES,
  SLOW,
  attributeOf,
  axeViolations,
  close,
  countOf,
  open,
  screenshot,
  setting,
  shownTurns,
  textOf,
  useBrowser,
} from './browser-kit.js';
import { naiveConsistent } from './naive-play.js';

useBrowser();

const SMALL_PHONE = { width: 390, height: 700 };

/** Every code of a preset, in code order, by brute force. */
function presetCodes(name: (typeof PRESET_NAMES)[number]): string[] {
  const { pegs, repeat } = PRESETS[name].rules;
  return naiveCodes(pegs, resolveRules({ game: name }).alphabet, repeat);
}

describe('the coach', () => {
  it(
    'grades each guess: 1123 first in classic Mastermind is optimal, 1111 loses what the search says',
    async () => {
      const page = await open('game=mastermind&tab=codebreaker', SMALL_PHONE);
      const view = page.getByTestId('codebreaker');
      await view.getByTestId('current-row').waitFor();
      await page.keyboard.type('1123');
      await page.keyboard.press('Enter');
      const grade = view.getByTestId('grade');
      await attributeOf(grade, 'data-loss').toBe('0');
      expect(await grade.getAttribute('data-by')).toBe('optimal');
      await textOf(grade).toBe('optimal');

      // The secrets still possible, listed as brute force finds them.
      const turns = await shownTurns(view);
      const left = naiveConsistent(naiveCodes(4, '123456', true), turns);
      await view.getByTestId('possible').locator('summary').click();
      const listed = view.getByTestId('possible').locator('li [data-code]');
      await countOf(listed).toBe(Math.min(left.length, 100));
      const codes = await listed.evaluateAll((all) => all.map((c) => c.getAttribute('data-code')));
      expect(codes).toEqual(left.slice(0, 100));

      // A new game opened with 1111: graded as the core's search grades it.
      await view.getByRole('button', { name: 'Give up…' }).click();
      await view.getByRole('button', { name: 'Yes, show it' }).click();
      await view.getByRole('button', { name: 'New game' }).click();
      await page.keyboard.type('1111');
      await page.keyboard.press('Enter');
      const game = gameFor(resolveRules({ game: 'mastermind' }));
      const exact = gradeGuess(game, allCandidates(game), [], game.codes.parse('1111'))!;
      expect(exact.loss).toBeGreaterThan(0);
      await attributeOf(view.getByTestId('grade'), 'data-loss').toBe(String(exact.loss));
      await textOf(view.getByTestId('coach-line')).toContain('The best was');
      await screenshot(page, 'screenshot-coach.png');
      await close(page);
    },
    SLOW,
  );

  it(
    'following the optimal hints: every guess graded 0, and par is the guesses taken',
    async () => {
      const page = await open('game=hit-and-blow&tab=codebreaker', SMALL_PHONE);
      const view = page.getByTestId('codebreaker');
      let played = 0;
      while (!(await view.getByTestId('outcome').isVisible())) {
        await view.getByRole('button', { name: 'Hint' }).click();
        await textOf(view.getByTestId('hint')).toContain('Optimal (proved tree) suggests');
        await view.getByRole('button', { name: 'Use it' }).click();
        await view.getByTestId('send-guess').click();
        played++;
        await countOf(view.getByTestId('turn')).toBe(played);
      }
      await countOf(view.getByTestId('grade')).toBe(played);
      const losses = await view
        .getByTestId('grade')
        .evaluateAll((all) => all.map((g) => g.getAttribute('data-loss')));
      expect(losses).toEqual(new Array(played).fill('0'));
      await attributeOf(view.getByTestId('par'), 'data-guesses').toBe(String(played));
      await textOf(view.getByTestId('coach-summary')).toContain('Every guess was a best guess');
      await close(page);
    },
    SLOW,
  );

  it(
    'Enter guesses after the colours were tapped',
    async () => {
      const page = await open('game=mastermind&tab=codebreaker', SMALL_PHONE);
      const view = page.getByTestId('codebreaker');
      await view.getByTestId('current-row').waitFor();
      for (const symbol of '1234') await view.locator(`[data-symbol="${symbol}"]`).click();
      await attributeOf(view.getByTestId('draft'), 'data-code').toBe('1234');
      await page.keyboard.press('Enter');
      await countOf(view.getByTestId('turn')).toBe(1);
      expect((await shownTurns(view))[0][0]).toBe('1234');
      await attributeOf(view.getByTestId('draft'), 'data-code').toBe('····');
      await close(page);
    },
    SLOW,
  );
});

/**
 * Fails unless each element is wholly within the screen, without scrolling, once the page has
 * settled (a view drawn again as the shipped tree arrives is polled, not caught mid-way).
 */
async function onScreenAll(view: Locator, ids: string[], where: string) {
  const outside = async () => {
    const wrong: string[] = [];
    for (const id of ids) {
      const box = await view.getByTestId(id).boundingBox();
      if (!box) wrong.push(`${id} not shown`);
      else if (box.y < 0 || box.y + box.height > 700)
        wrong.push(`${id} at ${box.y}..${box.y + box.height}`);
    }
    return wrong;
  };
  await expect.poll(outside, { message: where, timeout: 10_000 }).toEqual([]);
}

describe('one screen per turn on a 390 × 700 phone', () => {
  const onScreen = onScreenAll;

  it.each(PRESET_NAMES)(
    '%s: you guess, and the computer guesses',
    async (name) => {
      const codes = presetCodes(name);
      const page = await open(`game=${name}&tab=codebreaker`, SMALL_PHONE);
      const breaker = page.getByTestId('codebreaker');
      await breaker.getByTestId('current-row').waitFor();
      await onScreen(
        breaker,
        ['current-row', 'palette', 'send-guess'],
        `${name}, you guess, start`,
      );
      for (let turn = 1; turn <= 4; turn++) {
        const next = naiveConsistent(codes, await shownTurns(breaker))[0];
        await page.keyboard.type(next);
        await page.keyboard.press('Enter');
        await countOf(breaker.getByTestId('turn')).toBe(turn);
        if (await breaker.getByTestId('outcome').isVisible()) break;
        await onScreen(breaker, ['current-row', 'palette', 'send-guess'], `${name}, guess ${turn}`);
      }

      await page.getByRole('tab', { name: 'Computer guesses' }).click();
      const maker = page.getByTestId('codemaker');
      await maker.getByTestId('current-row').waitFor();
      const secret = codes[codes.length >> 1];
      await onScreen(maker, ['current-row', 'palette', 'send-guess'], `${name}, computer, start`);
      for (let turn = 1; turn <= 4; turn++) {
        const guess = (await maker.getByTestId('computer-guess').getAttribute('data-code'))!;
        const [hits, blows] = naiveScore(secret, guess);
        await maker.getByLabel(/^Type the answer/).fill(`${hits} ${blows}`);
        await maker.getByTestId('send-answer').click();
        await countOf(maker.getByTestId('turn')).toBe(turn);
        if (hits === codes[0].length) break;
        await onScreen(maker, ['current-row', 'palette', 'send-guess'], `${name}, answer ${turn}`);
      }
      await close(page);
    },
    SLOW,
  );
});

describe('in Japanese', () => {
  it(
    'a ja-JP browser gets the page in Japanese, each game in its words; the switch is kept; axe passes',
    async () => {
      const page = await open('game=hit-and-blow&tab=codebreaker', SMALL_PHONE, 'light', 'ja-JP');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('ja');
      await textOf(page.getByRole('tab', { selected: true })).toBe('あなたが当てる');
      const view = page.getByTestId('codebreaker');
      await view.getByTestId('current-row').waitFor();
      await page.keyboard.type('0123');
      await page.keyboard.press('Enter');
      await countOf(view.getByTestId('turn')).toBe(1);
      const [, answer] = (await shownTurns(view))[0];
      const [hits, blows] = answer.split('-');
      await textOf(page.getByTestId('announcer')).toContain(`ヒット ${hits}・ブロー ${blows}`);
      await textOf(view.getByTestId('coach-line')).toContain('1 手目');
      await screenshot(page, 'screenshot-ja.png');
      const found: string[] = [];
      for (const theme of ['light', 'dark'] as const) {
        await (await setting(page, 'テーマ')).selectOption(theme);
        // Every rule in the light; in the dark, those a theme can change.
        const rules = theme === 'light' ? undefined : LOOK_RULES;
        for (const tab of ['あなたが当てる', 'コンピュータが当てる', '対戦', '分析', '戦略木']) {
          await page.getByRole('tab', { name: tab }).click();
          found.push(...(await axeViolations(page, rules)).map((v) => `ja ${theme} ${tab}: ${v}`));
        }
      }
      expect(found).toEqual([]);

      // Numer0n answers in EAT and BITE; Mastermind in black and white pegs.
      await (await setting(page, 'ゲーム')).selectOption('numeron');
      await page.getByRole('tab', { name: 'コンピュータが当てる' }).click();
      const maker = page.getByTestId('codemaker');
      await maker.getByRole('button', { name: 'イート 1', exact: true }).waitFor();
      await maker.getByRole('button', { name: 'バイト 2', exact: true }).click();
      await (await setting(page, 'ゲーム')).selectOption('mastermind');
      await maker.getByRole('button', { name: '黒ピン 3', exact: true }).click();
      await expect
        .poll(() => maker.getByRole('button', { name: '白ピン 1', exact: true }).isDisabled())
        .toBe(true);

      // The switch: English, kept across a reload.
      await (await setting(page, '言語')).selectOption('en');
      await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('en');
      await page.reload();
      await textOf(page.getByRole('tab', { selected: true })).toBe('Computer guesses');
      await close(page);
    },
    SLOW,
  );
});

describe('head to head', () => {
  it(
    'Numer0n against the computer: a code hidden, HIGH & LOW used, turns until one side cracks it',
    async () => {
      const page = await open('game=numeron&tab=versus', SMALL_PHONE);
      const view = page.getByTestId('versus');
      await view.getByRole('radio', { name: /^Easy/ }).check();
      await view.getByTestId('secret-draft').waitFor();
      await page.keyboard.type('048');
      await attributeOf(view.getByTestId('secret-draft'), 'data-code').toBe('048');
      await page.keyboard.press('Enter');
      await view.getByTestId('draft').waitFor();
      const codes = naiveCodes(3, '0123456789', false);
      await view.getByRole('button', { name: 'HIGH & LOW' }).click();
      const said = (await view.getByTestId('player-items').textContent())!;
      const highs = said
        .split(':')[1]
        .trim()
        .split(' ')
        .map((word) => word === 'HIGH');
      expect(highs).toHaveLength(3);
      expect(await view.getByRole('button', { name: 'SLASH' }).isDisabled()).toBe(true);
      let rounds = 0;
      while (!(await view.getByTestId('outcome').isVisible())) {
        await onScreenAll(view, ['current-row', 'palette', 'send-guess'], `round ${rounds + 1}`);
        const turns = await shownTurns(view.locator('.board').first());
        const next = naiveConsistent(codes, turns).find((code) =>
          [...code].every((digit, i) => Number(digit) >= 5 === highs[i]),
        )!;
        await page.keyboard.type(next);
        await page.keyboard.press('Enter');
        rounds++;
        await countOf(view.locator('.board').first().getByTestId('turn')).toBe(rounds);
        if (rounds === 1 && !(await view.getByTestId('outcome').isVisible())) {
          // A reload brings the game back as it was: both boards and the items used.
          const before = await shownTurns(view.getByTestId('computer-board'));
          await page.reload();
          await countOf(view.locator('.board').first().getByTestId('turn')).toBe(1);
          expect(await shownTurns(view.getByTestId('computer-board'))).toEqual(before);
          await textOf(view.getByTestId('player-items')).toBe(said);
        }
      }
      const secret = (await view.getByTestId('secret').first().getAttribute('data-code'))!;
      expect([...secret].map((digit) => Number(digit) >= 5)).toEqual(highs);
      const mine = await shownTurns(view.locator('.board').first());
      for (const [guess, answer] of mine) expect(naiveScore(secret, guess).join('-')).toBe(answer);
      const theirs = await shownTurns(view.getByTestId('computer-board'));
      expect(theirs).toHaveLength(mine.length);
      for (const [guess, answer] of theirs) expect(naiveScore('048', guess).join('-')).toBe(answer);
      const outcome = await view.getByTestId('outcome').getAttribute('data-outcome');
      const cracked = mine.at(-1)![0] === secret;
      const lost = theirs.at(-1)![0] === '048';
      expect(outcome).toBe(cracked && lost ? 'draw' : cracked ? 'won' : 'lost');
      await screenshot(page, 'screenshot-versus.png');
      await close(page);
    },
    SLOW,
  );
});

describe('something to come back for', () => {
  it(
    'statistics after two games, a spoiler-free share, a celebration that keeps still when asked',
    async () => {
      const page = await open('game=hit-and-blow&tab=codebreaker', SMALL_PHONE);
      await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
      const view = page.getByTestId('codebreaker');
      await view.getByTestId('current-row').waitFor();
      // Game 1, won by the hints.
      while (!(await view.getByTestId('outcome').isVisible())) {
        await view.getByRole('button', { name: 'Hint' }).click();
        await view.getByRole('button', { name: 'Use it' }).click();
        await view.getByTestId('send-guess').click();
      }
      const turns = await shownTurns(view);
      const animation = () =>
        view
          .getByTestId('celebration')
          .locator('span')
          .first()
          .evaluate((peg) => getComputedStyle(peg).animationName);
      expect(await animation()).toBe('fall');
      await view.getByTestId('share').click();
      const rows = turns.map(([, answer]) => {
        const [hits, blows] = answer.split('-').map(Number);
        return '⚫'.repeat(hits) + '⚪'.repeat(blows) + '➖'.repeat(4 - hits - blows);
      });
      const expected = [`codebreaker · Hit & Blow · ${turns.length}`, ...rows].join('\n');
      await textOf(view.getByTestId('share-text')).toBe(expected);
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(expected);
      const stat = (name: string) => view.locator(`[data-stat="${name}"]`);
      await textOf(stat('Played')).toBe('1');
      await textOf(stat('Won')).toBe('100%');

      // Game 2, given up before any guess (a guess could be its secret, 1 in 360, and win): the
      // streak ends, the best stays.
      await view.getByRole('button', { name: 'New game' }).click();
      await view.getByRole('button', { name: 'Give up…' }).click();
      await view.getByRole('button', { name: 'Yes, show it' }).click();
      await textOf(stat('Played')).toBe('2');
      await textOf(stat('Won')).toBe('50%');
      await textOf(stat('Streak')).toBe('0');
      await textOf(stat('Best streak')).toBe('1');
      await attributeOf(view.getByTestId('distribution').locator('li'), 'data-guesses').toBe(
        String(turns.length),
      );
      // Kept across a reload, counted once.
      await page.reload();
      await textOf(stat('Played')).toBe('2');

      // A win where the system asks for reduced motion: no animation.
      await page.emulateMedia({ reducedMotion: 'reduce' });
      await view.getByRole('button', { name: 'New game' }).click();
      while (!(await view.getByTestId('outcome').isVisible())) {
        await view.getByRole('button', { name: 'Hint' }).click();
        await view.getByRole('button', { name: 'Use it' }).click();
        await view.getByTestId('send-guess').click();
      }
      expect(await animation()).toBe('none');
      await textOf(stat('Played')).toBe('3');
      await close(page);
    },
    SLOW,
  );
});

describe('installable and offline', () => {
  it(
    'a manifest with icons; once loaded, the page plays, coaches and analyses with the network off',
    async () => {
      const page = await open('game=mastermind&tab=codebreaker', SMALL_PHONE, 'light', 'en-US', {
        serviceWorker: true,
      });
      const href = (await page.locator('link[rel="manifest"]').getAttribute('href'))!;
      const manifest = await page.evaluate(async (address) => {
        const response = await fetch(address);
        return { type: response.headers.get('content-type'), doc: await response.json() };
      }, href);
      expect(manifest.type).toBe('application/manifest+json');
      expect(manifest.doc).toMatchObject({ display: 'standalone', start_url: './' });
      const icons = manifest.doc.icons as { src: string; sizes: string }[];
      expect(icons.map((icon) => icon.sizes)).toEqual(
        expect.arrayContaining(['192x192', '512x512']),
      );
      for (const icon of icons) {
        // The PNG header says the size the manifest does.
        const [width, height] = await page.evaluate(async (src) => {
          const bytes = new DataView(await (await fetch(src)).arrayBuffer());
          return [bytes.getUint32(16), bytes.getUint32(20)];
        }, icon.src);
        expect(`${width}x${height}`).toBe(icon.sizes);
      }
      // The service worker takes the page over once it has cached the app: wait for that event
      // (however long the install takes on a loaded machine), not for a time.
      const controlled = await page.evaluate(
        () =>
          new Promise<boolean>((resolve) => {
            const { serviceWorker } = navigator;
            if (serviceWorker.controller) resolve(true);
            else serviceWorker.addEventListener('controllerchange', () => resolve(true));
          }),
      );
      expect(controlled).toBe(true);

      await page.context().setOffline(true);
      await page.reload();
      const view = page.getByTestId('codebreaker');
      await view.getByTestId('current-row').waitFor();
      await page.keyboard.type('1123');
      await page.keyboard.press('Enter');
      await attributeOf(view.getByTestId('grade'), 'data-loss').toBe('0');
      await page.getByRole('tab', { name: 'Analysis' }).click();
      const analysis = page.getByTestId('analysis');
      await analysis.getByRole('button', { name: 'Analyse every secret' }).click();
      await textOf(analysis.getByTestId('total').first()).toBe('5625');
      await page.context().setOffline(false);
      await close(page);
    },
    SLOW,
  );
});
