// The signals that a game waits for the reader, on pages other than the game's: the header's
// count grows without a reload; with the setting on, one soft tone (and none with it off); and
// the browser notifications of Settings: permission asked only on the button, one notification
// for a correspondence game that comes to the reader's turn, none for a live one. The browser's
// AudioContext and Notification are stubbed (addInitScript) to count what the page asks of them;
// the poll is triggered by a `visibilitychange` event rather than waited for (30 s).

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshotDir } from '../lib/browser.mjs';
import { gameState, playTypedMove, signUp } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** Counts the tones started (an AudioContext that plays nothing). */
function stubAudio() {
  window.tonesStarted = 0;
  const node = () => ({
    type: '',
    frequency: { value: 0 },
    gain: { setValueAtTime() {}, exponentialRampToValueAtTime() {} },
    connect: (next) => next,
    start() {
      window.tonesStarted += 1;
    },
    stop() {},
  });
  window.AudioContext = class {
    currentTime = 0;
    destination = node();
    createOscillator = node;
    createGain = node;
  };
}

/**
 * Records each notification made and each permission asked, across the page's navigations;
 * the prompt is answered `answer`.
 */
function stubNotification(answer = 'granted') {
  const record = (key, value) => {
    const list = JSON.parse(sessionStorage.getItem(key) || '[]');
    list.push(value);
    sessionStorage.setItem(key, JSON.stringify(list));
  };
  window.Notification = class {
    static get permission() {
      return sessionStorage.getItem('stub-permission') || 'default';
    }
    static async requestPermission() {
      record('stub-asked', Date.now());
      sessionStorage.setItem('stub-permission', answer);
      return answer;
    }
    constructor(title, options) {
      record('stub-notes', { title, body: options?.body, tag: options?.tag });
      this.onClick = [];
      window.lastNotification = this;
    }
    addEventListener(type, listener) {
      if (type === 'click') this.onClick.push(listener);
    }
    /** What the browser does when the reader clicks the notification. */
    click() {
      for (const listener of this.onClick) listener();
    }
    close() {}
  };
}

const recorded = (page, key) => page.evaluate((k) => JSON.parse(sessionStorage.getItem(k) || '[]'), key);

/** A screenshot of one part of a page, like `screenshot` takes of a whole one. */
async function sectionShot(locator, name) {
  if (process.env.E2E_SCREENSHOTS === '0') return;
  const dir = screenshotDir();
  mkdirSync(dir, { recursive: true });
  await locator.screenshot({ path: join(dir, `${name}.png`), animations: 'disabled' });
}

/** Makes the page ask for the header count now, as it does when its tab shows again. */
const pollNow = (page) => page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));

/** The header's count of games waiting for the reader, 0 when none is shown. */
const headerCount = (page) =>
  page.evaluate(() => Number(document.querySelector('#waiting-count .waiting-count')?.firstChild?.textContent ?? 0));

/** Polls `page` until its header count is `want`. */
async function untilHeaderCount(page, want) {
  for (let tries = 0; tries < 100; tries++) {
    await pollNow(page);
    if ((await headerCount(page)) === want) return;
    await page.waitForTimeout(100);
  }
  assert.fail(`the header count never became ${want} (it is ${await headerCount(page)})`);
}

/**
 * Ada opens a Tyrus table from the lobby with the `clock` given (and its `fields`) and a seat
 * for Bob, who takes it through the invitation link; resolves to the game's path once both
 * are on its page.
 */
async function invitedGame(ada, bob, clock, fields = {}) {
  await ada.goto('/lobby');
  await ada.selectOption('#game', 'tyrus');
  await ada.selectOption('#seat1', 'invite');
  await ada.check(`#clock-${clock}`);
  for (const [id, value] of Object.entries(fields)) await ada.fill(`#${id}`, String(value));
  await Promise.all([ada.waitForURL(/\/tables\//), ada.click('#create-table button[type=submit]')]);
  const link = await ada.inputValue('#invite-link');
  await bob.goto(link);
  if (await bob.locator('#guest-name').count()) {
    await bob.fill('#guest-name', 'Bob');
    await Promise.all([bob.waitForURL(/\/games\//), bob.press('#guest-name', 'Enter')]);
  } else {
    await Promise.all([bob.waitForURL(/\/games\//), bob.click('main form button[type=submit]')]);
  }
  await ada.waitForURL(/\/games\//);
  await Promise.all([ada.locator('#game').waitFor(), bob.locator('#game').waitFor()]);
  return new URL(ada.url()).pathname;
}

/** Plays `page`'s moves until it is no longer its turn (the other player's, in two). */
async function passTurn(page) {
  while ((await gameState(page)).myTurn) await playTypedMove(page);
}

/** Resolves once it is `first`'s turn, `second` playing theirs if the deal gave them the first. */
async function untilTurnOf(first, second) {
  for (let tries = 0; tries < 100; tries++) {
    if ((await gameState(first)).myTurn) return;
    if ((await gameState(second)).myTurn) {
      await passTurn(second);
      await first.waitForFunction(() => document.querySelector('#hand input[name=tile]:not([disabled])') !== null);
      return;
    }
    await first.waitForTimeout(100);
  }
  assert.fail('neither player was given the turn');
}

test('the header count grows on another page without a reload, with one tone when it is on and none when off', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bob = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  for (const page of [ada, bob]) await page.context().addInitScript(stubAudio);
  await signUp(ada, 'Ada');
  await signUp(bob, 'Bob');
  // Bob turns the tone on; Ada leaves it off.
  await bob.goto('/settings');
  await bob.check('#turn_sound');
  await Promise.all([bob.waitForURL(/saved/), bob.click('main form[action="/settings"] button[type=submit]')]);

  await invitedGame(ada, bob, 'none');
  await untilTurnOf(ada, bob);
  const gameUrl = bob.url();
  await bob.goto('/lobby');
  assert.equal(await headerCount(bob), 0, 'nothing waits for Bob while Ada is to move');
  await bob.click('h1'); // Browsers start audio only after a gesture.
  await passTurn(ada);
  await untilHeaderCount(bob, 1);
  assert.equal(await bob.getAttribute('#nav-my-games', 'href'), '/games');
  assert.equal(await bob.evaluate(() => window.tonesStarted), 1, 'one tone when the turn came');
  await pollNow(bob);
  assert.equal(await bob.evaluate(() => window.tonesStarted), 1, 'not again for the same turn');

  // Now Bob plays, and Ada, on another page with the tone off, sees her count grow: no tone.
  await ada.goto('/rules');
  await ada.click('h1');
  await bob.goto(gameUrl);
  await bob.locator('#game').waitFor();
  await passTurn(bob);
  await untilHeaderCount(ada, 1);
  assert.equal(await ada.evaluate(() => window.tonesStarted), 0, 'no tone with the setting off');
});

test('browser notifications: asked for on the button only, one for a correspondence turn, none for a live game', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bob = await browser.newPlayer({ locale: 'de', baseURL: server.url });
  await ada.context().grantPermissions(['notifications']);
  await ada.context().addInitScript(stubNotification);
  await signUp(ada, 'Ada');
  await signUp(bob, 'Bob');

  await ada.goto('/settings');
  assert.deepEqual(await recorded(ada, 'stub-asked'), [], 'no question on page load');
  const section = ada.locator('#browser-notify');
  await section.locator('#browser-notify-on').waitFor();
  assert.match(await section.textContent(), /even when no Agora page is open/);
  await checkA11y(ada, 'Settings with browser notifications, off');
  await sectionShot(section, 'settings-browser-notify-off');
  await ada.click('#browser-notify-on');
  await ada.locator('#browser-notify-off:focus').waitFor();
  assert.equal((await recorded(ada, 'stub-asked')).length, 1, 'the button asks the browser once');
  assert.match(await ada.textContent('#browser-notify-state'), /on in this browser/);
  await checkA11y(ada, 'Settings with browser notifications, on');
  await sectionShot(section, 'settings-browser-notify-on');

  // A live (untimed) game coming to Ada's turn: no notification.
  await invitedGame(ada, bob, 'none');
  await untilTurnOf(bob, ada);
  await ada.goto('/lobby');
  await passTurn(bob);
  await untilHeaderCount(ada, 1);
  assert.deepEqual(await recorded(ada, 'stub-notes'), [], 'none for a game that is not correspondence');

  // A correspondence game coming to Ada's turn: exactly one, naming the game and Bob.
  const post = await invitedGame(ada, bob, 'correspondence', { days: 3 });
  await untilTurnOf(bob, ada);
  await ada.goto('/lobby');
  await passTurn(bob);
  await untilHeaderCount(ada, 2);
  await ada.waitForFunction(() => window.lastNotification !== undefined);
  const notes = await recorded(ada, 'stub-notes');
  assert.equal(notes.length, 1, `one notification: ${JSON.stringify(notes)}`);
  assert.match(notes[0].title, /Tyrus/);
  assert.match(notes[0].title, /Bob/);
  assert.match(notes[0].body, /your turn/);
  assert.equal(notes[0].tag, `agora-${post.split('/').pop()}`);
  // A click opens the game.
  await Promise.all([ada.waitForURL((url) => url.pathname === post), ada.evaluate(() => window.lastNotification.click())]);
  // Not again for the same turn, on another page or after a reload.
  await ada.goto('/lobby');
  await pollNow(ada);
  await ada.reload();
  await pollNow(ada);
  await ada.waitForTimeout(300);
  assert.equal((await recorded(ada, 'stub-notes')).length, 1, 'still one notification');

  // Turned off again: the button to turn it on is back.
  await ada.goto('/settings');
  await ada.click('#browser-notify-off');
  await ada.locator('#browser-notify-on:focus').waitFor();
  assert.match(await ada.textContent('#browser-notify-state'), /off in this browser/);

  // German and French: axe, with each control's name holding its visible text.
  for (const locale of ['de', 'fr']) {
    const reader = await browser.newPlayer({ locale, baseURL: server.url });
    await reader.goto('/settings');
    await reader.locator('#browser-notify-on').waitFor();
    await checkA11y(reader, `Settings with browser notifications, in ${locale}`);
  }
});

test('without JavaScript the section says it needs it', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const context = await browser.browser.newContext({ baseURL: server.url, javaScriptEnabled: false, locale: 'en' });
  const page = await context.newPage();
  await page.goto('/settings');
  assert.match(await page.textContent('#browser-notify'), /need JavaScript/);
  assert.equal(await page.locator('#browser-notify-on').isVisible(), false);
});

test('a refusal at the prompt says how to undo it in the browser, focus on those words', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'fr', baseURL: server.url });
  await page.context().addInitScript(stubNotification, 'denied');
  await page.goto('/settings');
  await page.click('#browser-notify-on');
  await page.locator('#browser-notify-state:focus').waitFor();
  assert.match(await page.textContent('#browser-notify-state'), /bloque les notifications/);
  assert.equal(await page.locator('#browser-notify-on').isVisible(), false);
  assert.equal(await page.evaluate(() => localStorage.getItem('agora-notify')), null, 'not turned on');
  await checkA11y(page, 'Settings after notifications were refused, in French');
});

/** Keeps the header's 30 s poll from running, so only what the page itself asks is seen. */
function noTimedPoll() {
  const every = window.setInterval;
  window.setInterval = (callback, ms, ...rest) => (ms === 30000 ? 0 : every(callback, ms, ...rest));
}

/** Waits (without asking the page to poll) until `page`'s header count is `want`. */
async function untilShownCount(page, want, what) {
  try {
    await page.waitForFunction(
      (n) => Number(document.querySelector('#waiting-count .waiting-count')?.firstChild?.textContent ?? 0) === n,
      want,
      { timeout: 5000 },
    );
  } catch {
    assert.fail(`${what}: the header count stayed ${await headerCount(page)}, not ${want}`);
  }
}

test('on the game page the header count follows a move and an end in place, without a reload or the timed poll', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bob = await browser.newPlayer({ locale: 'fr', baseURL: server.url });
  for (const page of [ada, bob]) await page.context().addInitScript(noTimedPoll);
  await signUp(ada, 'Ada');
  await signUp(bob, 'Bob');
  await invitedGame(ada, bob, 'none');
  await untilTurnOf(ada, bob);
  await ada.reload();
  await bob.reload();
  await untilShownCount(ada, 1, 'Ada is to move');
  await untilShownCount(bob, 0, 'Bob waits');

  // Ada moves: her count drops, and Bob's grows, both at once.
  await passTurn(ada);
  await untilShownCount(ada, 0, 'after Ada moved');
  await untilShownCount(bob, 1, 'after Ada moved, on Bob’s page');

  // Ada resigns while Bob is to move: the game ends in place and Bob's count drops.
  await ada.click('#resign');
  await ada.locator('#confirm-dialog[open]').waitFor();
  await ada.click('#confirm-yes');
  await bob.locator('#outcome').waitFor();
  await untilShownCount(bob, 0, 'after the game ended on Bob’s page');
  await untilShownCount(ada, 0, 'after the game ended on Ada’s page');
});

test('Web Push: the button registers the service worker, and a browser without a push service is told so in words', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const [locale, failed] of [
    ['en', /could not sign up for notifications with no page open/],
    ['de', /konnte sich dieser Browser nicht anmelden/],
    ['fr', /n’a pas pu s’abonner aux notifications sans page ouverte/],
  ]) {
    const page = await browser.newPlayer({ locale, baseURL: server.url });
    await page.context().grantPermissions(['notifications']);
    await signUp(page, `Push${locale}`);
    await page.goto('/settings');
    await page.locator('#browser-notify-on').waitFor();
    assert.ok(await page.getAttribute('#browser-notify', 'data-push-key'), 'the server offers its key');
    assert.equal(
      await page.evaluate(async () => (await navigator.serviceWorker.getRegistrations()).length),
      0,
      'no service worker before the button',
    );
    await page.click('#browser-notify-on');
    await page.locator('#browser-notify-off:focus').waitFor({ timeout: 30_000 });
    // The button registered the worker, at the site's root.
    const worker = await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration('/');
      return registration && { scope: registration.scope, script: (registration.active || registration.installing || registration.waiting)?.scriptURL };
    });
    assert.equal(worker?.scope, server.at('/'));
    assert.equal(worker?.script, server.at('/push-worker.js'));
    // Headless Chromium has no push service here: subscribing fails, and the page says so
    // (notifications still come while a page is open).
    assert.equal(await page.evaluate(() => localStorage.getItem('agora-push')), 'failed');
    assert.match(await page.textContent('#browser-notify-state'), failed);
    assert.match(await page.textContent('#announce-polite'), failed, 'said politely on the press');
    await checkA11y(page, `Settings after a push subscription failed, in ${locale}`);
    if (locale === 'en') await sectionShot(page.locator('#browser-notify'), 'settings-push-failed');
    // Turned off: the button to turn it on is back, and the state is forgotten.
    await page.click('#browser-notify-off');
    await page.locator('#browser-notify-on:focus').waitFor();
    assert.equal(await page.evaluate(() => localStorage.getItem('agora-push')), null);
  }
});
