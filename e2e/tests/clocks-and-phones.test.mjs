// Clocks and small screens, as players meet them: a live game lost on time names the winner
// and why; a correspondence deadline is printed in the browser's own time zone (New York, in
// German); a guest on a 360×740 phone goes from the home page through the lobby's form to a
// game, every page checked by axe and kept inside the viewport's width.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertReflows, checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

/**
 * Opens a Tyrus table against the computer from the lobby with `clock` ('live' with `minutes`
 * and `increment`, or 'correspondence' with `days`), as a guest in one step; resolves on the
 * game page.
 */
async function tableAgainstComputer(page, clock, fields) {
  await page.goto('/lobby');
  await page.selectOption('#game', 'tyrus');
  await page.selectOption('#seat1', 'ai-beginner');
  await page.check(`#clock-${clock}`);
  for (const [id, value] of Object.entries(fields)) await page.fill(`#${id}`, String(value));
  await Promise.all([page.waitForURL(/\/games\//), page.click('#create-table button[value=guest]')]);
  await page.locator('#game').waitFor();
}

test('a live game lost on time names the winner and why, with every move control gone', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });
  // The smallest clock the lobby allows: one minute, no increment. The reader never moves.
  await tableAgainstComputer(page, 'live', { minutes: 1, increment: 0 });
  await page.locator('#outcome').waitFor({ timeout: 90_000 });
  const outcome = await page.textContent('#outcome');
  assert.match(outcome, /computer.*wins/i, `the box names the winner: ${outcome}`);
  assert.match(outcome, /on time/, `and why: ${outcome}`);
  const status = await page.textContent('#status-line');
  assert.match(status, /wins/, `the status line names the winner: ${status}`);
  assert.equal(await page.locator('.players li:has(.won)').count(), 1, 'one seat row is marked the winner');
  assert.equal(await page.locator('#hand input:not([disabled]), #board-grid button[name=target], #typed-move, #resign').count(), 0, 'every move control is gone');
  await checkA11y(page, 'a Tyrus game lost on time');
});

test('a correspondence deadline is printed in the browser\'s time zone', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url, locale: 'de', timezoneId: 'America/New_York' });
  await tableAgainstComputer(page, 'correspondence', { days: 2 });
  // The computer answers at once: the reader is to move, with a deadline.
  const time = page.locator('.deadline time[data-local-time]').first();
  await time.waitFor();
  const iso = await time.getAttribute('datetime');
  const shown = (await time.textContent()).trim();
  const inNewYork = new Intl.DateTimeFormat('de', {
    year: 'numeric', month: 'long', day: 'numeric',
    hour: '2-digit', minute: '2-digit', timeZoneName: 'short', timeZone: 'America/New_York',
  }).format(new Date(iso));
  assert.equal(shown, inNewYork, `the deadline ${iso} in New York's time`);
  assert.doesNotMatch(shown, /UTC/, 'not in UTC');
  // About two days ahead, in the zone's own hour.
  const ahead = new Date(iso).getTime() - Date.now();
  assert.ok(ahead > 47 * 3_600_000 && ahead <= 48 * 3_600_000, `the deadline is two days ahead (${ahead} ms)`);
  await checkA11y(page, 'a correspondence game with its deadline, in German, in New York');
});

test('a guest on a 360×740 phone goes from the home page to a game', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const viewport = { width: 360, height: 740 };
  const page = await browser.newPlayer({ baseURL: server.url, viewport });

  /** Every visible element stays inside the viewport's width: no sideways scroll. */
  async function insideTheWidth(label) {
    await assertReflows(page, label);
    const outside = await page.evaluate((width) => {
      const wide = [];
      for (const el of document.querySelectorAll('main *, header *')) {
        const box = el.getBoundingClientRect();
        if (box.width === 0 || box.height === 0) continue;
        // Inside a box that scrolls on its own (a zoomed board) is still inside the page.
        if (el.closest('.visually-hidden, [hidden]')) continue;
        let scroller = el.parentElement;
        while (scroller && getComputedStyle(scroller).overflowX === 'visible') scroller = scroller.parentElement;
        if (scroller && scroller !== document.body && scroller !== document.documentElement) {
          const clip = scroller.getBoundingClientRect();
          if (clip.left >= -1 && clip.right <= width + 1) continue;
        }
        if (box.left < -1 || box.right > width + 1) {
          wide.push(`${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${el.className} ${Math.round(box.left)}–${Math.round(box.right)}`);
        }
      }
      return wide;
    }, viewport.width);
    assert.deepEqual(outside, [], `${label}: elements outside the ${viewport.width} px width`);
    await checkA11y(page, `${label} at 360×740`);
  }

  await page.goto('/');
  await insideTheWidth('the home page');
  await page.goto('/lobby');
  await insideTheWidth('the lobby with its form');
  await page.selectOption('#game', 'tsuro');
  await page.selectOption('#seat1', 'ai-beginner');
  await Promise.all([page.waitForURL(/\/games\//), page.click('#create-table button[value=guest]')]);
  await page.locator('#game').waitFor();
  assert.match(await page.textContent('.signed-in'), /guest/i, 'a guest now');
  await insideTheWidth('the game page');
  const board = await page.locator('.ts-board-wrap').boundingBox();
  assert.ok(board.width >= viewport.width * 0.9, `the board fills the width (${board.width} px)`);
  await screenshot(page, 'guest-phone-game');
});
