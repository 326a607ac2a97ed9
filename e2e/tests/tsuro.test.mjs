// Tsuro in the browser: a whole game at four seats, one person against three computers, made
// in the lobby and played with the mouse (the rim's start marks, the tiles' buttons), checked by
// axe in English, German and French at the start, in the middle and at the end, and
// screenshotted.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11yInEachLanguage, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';
import { moveWithMouse, pageVersion, waitTurnOrEnd, waitVersion } from '../lib/tsuro.mjs';

/** One move as a mouse user makes it; resolves once the page has taken it. */
async function playOnce(page) {
  const version = await pageVersion(page);
  await moveWithMouse(page);
  await waitVersion(page, version + 1);
}

test('a whole game of Tsuro at four seats against three computers, with the mouse', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });

  await page.goto('/');
  await Promise.all([page.waitForURL(/\/games\//), page.click('form[action="/play"]:has(input[value="tsuro"]) button[type=submit]')]);
  // A guest now: a table of four from the lobby.
  await page.goto('/lobby');
  await page.selectOption('#game', 'tsuro');
  assert.equal(await page.isVisible('#seat5'), true, 'Tsuro shows seats up to 8');
  await page.selectOption('#seat1', 'ai-easy');
  await page.selectOption('#seat2', 'ai-easy');
  await page.selectOption('#seat3', 'ai-easy');
  await page.check('#bonus');
  await Promise.all([page.waitForURL(/\/games\//), page.click('#create-table button[type=submit]')]);
  assert.equal(await page.locator('.ts-seat').count(), 4, 'four markers in the key');

  assert.equal(await waitTurnOrEnd(page), 'turn');
  await checkA11yInEachLanguage(page, 'the Tsuro page at the start');
  await screenshot(page, 'tsuro-start');

  let moves = 0;
  while ((await waitTurnOrEnd(page)) === 'turn') {
    await playOnce(page);
    moves += 1;
    if (moves === 3) {
      await waitTurnOrEnd(page);
      await checkA11yInEachLanguage(page, 'the Tsuro page in the middle');
      await screenshot(page, 'tsuro-middle');
    }
    assert.ok(moves < 40, 'the game ends');
  }
  assert.ok((await page.textContent('#outcome')).trim().length > 0, 'the outcome is said');
  assert.ok((await page.locator('#history li').count()) > moves, 'every move is in the history');
  await checkA11yInEachLanguage(page, 'the Tsuro page at the end');
  await screenshot(page, 'tsuro-end');
});
