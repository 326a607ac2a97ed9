// Tsuro in the browser: a whole game at four seats, one person against three computers, made
// in the lobby and played with the mouse (the rim's start marks, the tiles' buttons), checked by
// axe in English, German and French at the start, in the middle and at the end, and
// screenshotted.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, LOCALES, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

/** Waits until the reader may act (a start mark, a tile or a bonus choice) or the game ends. */
async function waitTurnOrEnd(page, timeout = 60_000) {
  const handle = await page.waitForFunction(() => {
    if (document.getElementById('outcome')) return 'over';
    if (document.querySelector('#hand button[name=move], #board button[name=move], #start-mark')) return 'turn';
    return null;
  }, null, { timeout, polling: 100 });
  return handle.jsonValue();
}

/** Confirms the move the page asks about. */
async function confirm(page) {
  await page.locator('#confirm-dialog[open]').waitFor();
  await page.click('#confirm-yes');
}

/** One move as a mouse user makes it; resolves once the page has taken it. */
async function playOnce(page) {
  const version = Number(await page.getAttribute('#game', 'data-version'));
  if (await page.locator('.ts-mark-button').count()) {
    await page.locator('.ts-mark-button').nth(5).click();
  } else if (await page.locator('.ts-bonus-list button').count()) {
    await page.locator('.ts-bonus-list button').first().click();
  } else {
    // Turn the tiles as a player would, until a rotation the preview does not refuse shows.
    const shown = '[data-rotation]:not([hidden])';
    const safe = page.locator(`${shown}:not(:has(.refused)) [data-play]`);
    for (let turns = 0; turns < 12 && !(await safe.count()); turns++) {
      const slots = page.locator('.ts-hand-slot');
      const turn = slots.nth(turns % (await slots.count())).locator(`${shown} [data-turn="right"]`);
      if (await turn.count()) await turn.click();
    }
    assert.ok(await safe.count(), 'the engine always leaves a play it does not refuse');
    await safe.first().click();
  }
  await confirm(page);
  await page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, version);
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
  for (const lang of LOCALES) {
    await page.setExtraHTTPHeaders({ 'accept-language': lang });
    await page.reload();
    await checkA11y(page, `the Tsuro page at the start (${lang})`);
  }
  await page.setExtraHTTPHeaders({ 'accept-language': 'en' });
  await page.reload();
  await screenshot(page, 'tsuro-start');

  let moves = 0;
  while ((await waitTurnOrEnd(page)) === 'turn') {
    await playOnce(page);
    moves += 1;
    if (moves === 3) {
      await waitTurnOrEnd(page);
      await checkA11y(page, 'the Tsuro page in the middle');
      await screenshot(page, 'tsuro-middle');
    }
    assert.ok(moves < 40, 'the game ends');
  }
  assert.ok((await page.textContent('#outcome')).trim().length > 0, 'the outcome is said');
  assert.ok((await page.locator('#history li').count()) > moves, 'every move is in the history');
  await checkA11y(page, 'the Tsuro page at the end');
  await screenshot(page, 'tsuro-end');
});
