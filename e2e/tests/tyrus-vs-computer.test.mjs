// A signed-out visitor plays Tyrus against the computer from the home page, in one click, and
// through the typed move box to the end; and the settings that change how a game page plays:
// no confirmation, text first, reduced motion.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { launchBrowser, screenshot } from '../lib/browser.mjs';
import { gameState, handTiles, playComputer, playTypedMoves, waitHistoryAbove, waitTurnOrEnd } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

test('one click from the home page, then a whole game against the computer by typed moves', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });

  await playComputer(page, 'easy');
  assert.match(await page.textContent('.signed-in'), /guest/, 'the visitor plays as a guest');
  await waitTurnOrEnd(page);
  await screenshot(page, 'game-start');

  // Four of the visitor's moves are within the second election: the game still goes on.
  assert.equal(await playTypedMoves(page, 4), 4);
  assert.equal(await waitTurnOrEnd(page), 'turn');
  await screenshot(page, 'game-middle');

  await playTypedMoves(page);
  await page.locator('#outcome').waitFor();
  assert.ok((await page.textContent('#outcome')).trim().length > 0, 'the outcome is said');
  await page.locator('#rematch').waitFor();
  assert.equal(await page.locator('#typed-move').count(), 0, 'the move box is gone once the game is over');
  await screenshot(page, 'game-end');
});

test('settings: no confirmation, text first, reduced motion', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });

  // A first game makes the visitor a guest, whose settings the server keeps.
  await playComputer(page, 'easy');
  await page.goto('/settings');
  await page.uncheck('#confirm_moves');
  await page.check('#text_first');
  await page.check('#reduced_motion');
  await Promise.all([page.waitForNavigation(), page.click('main form[action="/settings"] button[type=submit]')]);
  assert.equal(await page.isChecked('#confirm_moves'), false, 'the setting is saved');

  await playComputer(page, 'easy');
  assert.equal(await page.getAttribute('html', 'data-reduced-motion'), '', 'reduced motion is set on the page');
  assert.notEqual(await page.getAttribute('html', 'data-text-first'), null);
  const side = await page.locator('.game .side').boundingBox();
  const board = await page.locator('.game .board-area').boundingBox();
  assert.ok(side.y + side.height <= board.y, `text first puts the history (${side.y}) above the board (${board.y})`);

  assert.equal(await waitTurnOrEnd(page), 'turn');
  let dialogOpened = false;
  await page.exposeFunction('dialogOpened', () => { dialogOpened = true; });
  await page.evaluate(() => {
    const dialog = document.getElementById('confirm-dialog');
    new MutationObserver(() => { if (dialog.open) window.dialogOpened(); }).observe(dialog, { attributes: true });
  });
  const before = (await gameState(page)).history;
  const [tile] = await handTiles(page);
  await page.click(`label[for="tile-${tile}"]`);
  await page.locator('#board-grid button[name=target]').first().click();
  await waitHistoryAbove(page, before);
  assert.equal(dialogOpened, false, 'the move went through without a confirmation dialog');
  assert.match((await page.locator('#history li').nth(before).textContent()), new RegExp(`\\b${tile}\\b|\\d`), 'the move is in the history');
});
