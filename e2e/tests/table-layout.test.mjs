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
      if (game === 'tyranny') {
        // The ring's words are too small for a phone until the reader zooms the board.
        await page.check('#ty-zoom');
        const smallest = await page.evaluate(() => Math.min(...[...document.querySelectorAll('.ty-board text')]
          .map((text) => Number(text.getAttribute('font-size')) * text.getScreenCTM().a)));
        assert.ok(smallest >= 11, `zoomed, the ring's smallest words are ${smallest.toFixed(1)} CSS px`);
        const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        assert.ok(sideways <= 0, `the zoomed ring scrolls in its place, not the page (${sideways} px)`);
        await screenshot(page, `tyranny-zoomed-phone-${locale}`);
        await page.uncheck('#ty-zoom');
      }
      await screenshot(page, `${game}-layout-phone-${locale}`);
      await checkA11y(page, `the ${game} page at the start, on a phone (${locale})`);
    });
  }
}

test('offline: a refused move is in view, announced as an alert, and marks the move box', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'fr', baseURL: server.url });
  await startGame(page, 'tyrus');
  const viewport = { width: 1280, height: 800 };
  await page.context().setOffline(true);

  const [tile] = await page.locator('#hand input[name=tile]:not([disabled])').evaluateAll((inputs) => inputs.map((i) => i.value));
  await page.fill('#move-input', `${tile} own citadel`);
  await page.click('#typed-move button[type=submit]');
  await page.locator('#move-alert:not(:empty)').waitFor();
  await assertInView(page, '#move-alert', 'the refused move\'s alert', viewport);
  assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), 'true', 'the move box is marked invalid');
  assert.ok((await page.textContent('#move-error')).trim(), 'the reason is next to the move box too');
  await checkA11y(page, 'a refused move while offline (fr)');

  await page.context().setOffline(false);
  await page.click('#typed-move button[type=submit]');
  await page.locator('#confirm-dialog[open]').waitFor();
  await page.click('#confirm-yes');
  await page.waitForFunction(() => document.getElementById('move-alert').textContent === '', null, { timeout: 10_000 });
  assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), null, 'the move box is valid again once the move went through');
});

test('your turn on the tab and in the header; the end after a resignation names the winner in the box, the status line and the seat rows', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'de', baseURL: server.url });
  await startGame(page, 'tsuro');
  // Its turn is on the tab: the title and the icon.
  assert.match(await page.title(), /^● Du bist dran – Tsuro/, 'the tab title says it is your turn');
  assert.match(await page.getAttribute('#page-icon', 'href'), /icon-turn/, 'the tab icon says it is your turn');
  // Every page's header counts the games waiting for the reader, in a link to "My games".
  await page.goto('/lobby');
  assert.match(await page.textContent('#nav-my-games'), /^Meine Partien 1 \(eine Partie wartet auf deinen Zug\)$/);
  await page.goBack();
  await page.locator('#resign').waitFor();
  await page.click('#resign');
  await page.locator('#confirm-dialog[open]').waitFor();
  await page.click('#confirm-yes');
  await page.locator('#outcome').waitFor();
  const outcome = await page.textContent('#outcome');
  assert.match(outcome, /Der Computer \(mittel\) gewinnt\. .*Aufgabe/, `the box names the winner and why: ${outcome}`);
  const status = await page.textContent('#status-line');
  assert.match(status, /gewinnt/, `the status line names the winner: ${status}`);
  assert.doesNotMatch(status, /dran/, 'the status line no longer says whose turn it is');
  assert.equal(await page.locator('.players li:has(.won)').count(), 1, 'one seat row is marked the winner');
  assert.match(await page.textContent('.players li:has(.won)'), /Computer/);
  assert.equal(await page.locator('#hand button, #typed-move, #resign').count(), 0, 'every move control is gone');
  assert.doesNotMatch(await page.title(), /●/, 'the tab no longer says it is your turn');
  assert.doesNotMatch(await page.getAttribute('#page-icon', 'href'), /icon-turn/, 'nor does its icon');
  await checkA11y(page, 'the end of a Tsuro game after a resignation (de)');
  await page.reload();
  assert.equal((await page.textContent('#nav-my-games')).trim(), 'Meine Partien', 'no game waits any more');
  await screenshot(page, 'tsuro-resigned-de');
});

test('a dropped connection is said at once, politely, and so is its return', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });
  // The game's WebSocket goes through the test, which can drop it as a network would.
  const sockets = [];
  await page.routeWebSocket(/\/api\/games\/[^/]+\/ws/, (ws) => {
    ws.connectToServer();
    sockets.push(ws);
  });
  await startGame(page, 'tyrus');
  assert.ok(sockets.length >= 1, 'the page opened its live connection');
  assert.equal(await page.getAttribute('#connection', 'role'), 'status', 'the connection line is a polite live region');
  await page.evaluate(() => {
    window.__connection = [];
    const line = document.getElementById('connection');
    new MutationObserver(() => window.__connection.push(line.textContent)).observe(line, { childList: true, characterData: true, subtree: true });
  });
  await sockets.at(-1).close();
  await page.waitForFunction(() => window.__connection.some((text) => /reconnecting/.test(text)), null, { timeout: 5_000 });
  await assertInView(page, '#connection', 'the connection line', { width: 1280, height: 800 });
  await page.waitForFunction(() => window.__connection.some((text) => /Connected again/.test(text)), null, { timeout: 20_000 });
  assert.ok(sockets.length >= 2, 'the page connected again');
});
