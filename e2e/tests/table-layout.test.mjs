// The table at a glance: in each game, at 1280×800 and 1366×768, the board, the reader's hand
// or choices and the status line are all inside the viewport without scrolling, in English and
// German; on a 360 px phone the board fills the width and every control is at least 24×24 CSS
// px. Screenshots of each game at both sizes.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

/** What each game calls its board, its hand or choices, and when it is the reader's turn. */
const GAMES = {
  tyrus: {
    board: '#board-grid',
    hand: '#hand-fieldset',
    turn: () => document.querySelector('#hand input[name=tile]:not([disabled])') !== null,
  },
  tsuro: {
    board: '.ts-board-wrap',
    hand: '#hand',
    turn: () => document.querySelector('#hand button[data-play], #start-mark') !== null,
  },
  tyranny: {
    board: '.ty-board-wrap',
    hand: '.ty-choices',
    turn: () => document.querySelector('#hand button[name=move]') !== null,
  },
};

const DESKTOPS = [
  { width: 1280, height: 800 },
  { width: 1366, height: 768 },
];
const PHONE = { width: 360, height: 740 };

/** Starts a game of `game` against the computer from the home page, as a guest. */
async function startGame(page, game) {
  await page.goto('/');
  await Promise.all([
    page.waitForURL(/\/games\//),
    page.click(`form[action="/play"]:has(input[value="${game}"]) button[type=submit]`),
  ]);
  await page.waitForFunction(GAMES[game].turn, null, { timeout: 60_000, polling: 100 });
}

/** The box of `selector` on the page as it is scrolled now (the first match). */
async function box(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is on the page`);
  return b;
}

/** Fails unless `selector`'s box lies inside the viewport, the page scrolled to its top. */
async function assertInView(page, selector, what, viewport) {
  const b = await box(page, selector);
  const where = `${what} at ${viewport.width}×${viewport.height}: ${JSON.stringify(b)}`;
  assert.ok(b.x >= 0 && b.y >= 0, `${where} starts inside the viewport`);
  assert.ok(b.x + b.width <= viewport.width + 0.5, `${where} ends inside the viewport's width`);
  assert.ok(b.y + b.height <= viewport.height + 0.5, `${where} ends inside the viewport's height`);
}

/** Every visible control in the game's part of the page that is smaller than 24×24 CSS px. */
function smallTargets(page) {
  return page.evaluate(() => {
    const small = [];
    for (const el of document.querySelectorAll('#game button, #game input:not([type=hidden]), #game select, #game a, #game summary, #game [data-cell]')) {
      const r = el.getBoundingClientRect();
      if (!r.width || !r.height || el.closest('[hidden], dialog:not([open])')) continue;
      // A radio drawn by its label (the Tyrus hand): the label is the target.
      if (getComputedStyle(el).opacity === '0' && el.labels?.length) continue;
      // A link inside a line of text is exempt (WCAG 2.5.8's inline exception).
      if (el.tagName === 'A' && getComputedStyle(el).display === 'inline') continue;
      if (r.width < 23.5 || r.height < 23.5) small.push(`${el.tagName.toLowerCase()}#${el.id} ${Math.round(r.width)}×${Math.round(r.height)}`);
    }
    return small;
  });
}

for (const game of Object.keys(GAMES)) {
  for (const locale of ['en', 'de']) {
    test(`${game} in ${locale}: board, hand and status in view; on a phone the board fills the width`, async (t) => {
      const server = await startServer(t);
      const browser = await launchBrowser(t);
      const page = await browser.newPlayer({ locale, baseURL: server.url });
      await startGame(page, game);
      const parts = GAMES[game];
      await screenshot(page, `${game}-layout-desktop-${locale}`);
      for (const viewport of DESKTOPS) {
        await page.setViewportSize(viewport);
        await page.evaluate(() => window.scrollTo(0, 0));
        await assertInView(page, '#status-line', 'the status line', viewport);
        await assertInView(page, parts.board, 'the board', viewport);
        await assertInView(page, parts.hand, 'the hand or choices', viewport);
      }
      await page.setViewportSize(DESKTOPS[0]);
      await checkA11y(page, `the ${game} page at the start, at 1280×800 (${locale})`);

      await page.setViewportSize(PHONE);
      await page.evaluate(() => window.scrollTo(0, 0));
      const board = await box(page, parts.board);
      assert.ok(board.width >= PHONE.width - 34, `the board fills a phone's width: ${board.width} px`);
      assert.ok(board.x >= 0 && board.x + board.width <= PHONE.width, 'the board fits the phone');
      assert.deepEqual(await smallTargets(page), [], 'every control on the phone is at least 24×24 CSS px');
      const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      assert.ok(sideways <= 0, `no sideways scroll on a phone (${sideways} px)`);
      await screenshot(page, `${game}-layout-phone-${locale}`);
      await checkA11y(page, `the ${game} page at the start, on a phone (${locale})`);
    });
  }
}
