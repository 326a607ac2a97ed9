// Guests: a guest in a game in progress signs up and keeps the game and its seat; a visitor's
// table choices in the lobby survive "sign in first" and "play as a guest".

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, checkA11yInEachLanguage, launchBrowser, screenshot } from '../lib/browser.mjs';
import { gameState, playComputer, playTypedMoves, waitTurnOrEnd } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

test('a guest in a game in progress signs up and still has the game and its seat', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });

  await playComputer(page, 'easy');
  const gameUrl = new URL(page.url()).pathname;
  const guestName = (await page.textContent('.signed-in')).match(/Guest \d+/)?.[0];
  assert.ok(guestName, 'a default guest name with a unique number');
  assert.equal(await playTypedMoves(page, 2), 2);
  const before = (await gameState(page)).history;

  await page.goto('/signup');
  assert.equal(await page.inputValue('#name'), guestName, 'the sign-up form offers the guest its own name');
  assert.match(await page.textContent('main'), /keeps your games, your seats and your settings/);
  await screenshot(page, 'guest-sign-up');
  await checkA11yInEachLanguage(page, 'sign-up as a guest');
  assert.equal(await page.inputValue('#name'), guestName, 'the name is still offered');
  await page.fill('#password', 'correct horse battery');
  await Promise.all([page.waitForURL((url) => url.pathname !== '/signup'), page.click('main form[action="/signup"] button[type=submit]')]);
  assert.equal((await page.textContent('.signed-in')).trim(), `Signed in as ${guestName}`);

  await page.goto('/games');
  assert.equal(await page.locator(`a[href="${gameUrl}"]`).count() > 0, true, '"My games" lists the game');
  await page.goto(gameUrl);
  await page.locator('#game').waitFor();
  assert.equal(await waitTurnOrEnd(page), 'turn', 'the same seat, to move as before');
  assert.ok((await gameState(page)).history >= before, 'the game went on where it was');
  assert.equal(await playTypedMoves(page, 1), 1, 'and the account plays its next move');
});

test('a visitor\'s table choices survive signing in and playing as a guest', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });

  await page.goto('/lobby');
  await page.selectOption('#game', 'tsuro');
  await page.selectOption('#seat1', 'ai-easy');
  await page.selectOption('#seat2', 'open');
  await page.check('#clock-correspondence');
  await page.fill('#days', '5');
  await page.uncheck('#listed');
  await checkA11y(page, 'lobby, signed out, choices made');
  await screenshot(page, 'lobby-signed-out');
  await Promise.all([page.waitForURL(/\/signin/), page.click('#create-table button[value=signin]')]);
  // "Play as a guest" on the sign-in page comes back with every choice made.
  await Promise.all([page.waitForURL(/\/lobby/), page.click('main form[action="/guest"] button[type=submit]')]);
  assert.match(await page.textContent('.signed-in'), /guest/);
  assert.equal(await page.inputValue('#game'), 'tsuro');
  assert.equal(await page.inputValue('#seat1'), 'ai-easy');
  assert.equal(await page.inputValue('#seat2'), 'open');
  assert.equal(await page.isChecked('#clock-correspondence'), true);
  assert.equal(await page.inputValue('#days'), '5');
  assert.equal(await page.isChecked('#listed'), false);
  await checkA11y(page, 'lobby, choices carried back');
  await Promise.all([page.waitForURL(/\/tables\//), page.click('#create-table button[type=submit]')]);
  assert.match(await page.textContent('main'), /Tsuro/);

  // Straight from the lobby as a guest, in one step.
  const other = await browser.newPlayer({ baseURL: server.url });
  await other.goto('/lobby');
  await checkA11yInEachLanguage(other, 'lobby, signed out');
  await other.selectOption('#seat1', 'ai-easy');
  await Promise.all([other.waitForURL(/\/games\//), other.click('#create-table button[value=guest]')]);
  await other.locator('#game').waitFor();
});
