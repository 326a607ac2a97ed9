// Every page, in English, German and French: axe finds no WCAG 2.2 AA violation, `<html lang>`
// is the page's language, and the pages that matter on a phone reflow at 320 CSS px. English
// pages are screenshotted once each (docs/screenshots/); the game page also in German and
// French, on a phone, and the settings in the dark theme.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertReflows, checkA11y, launchBrowser, LOCALES, screenshot } from '../lib/browser.mjs';
import {
  openInvitationTable,
  playComputer,
  playTypedMoves,
  signUp,
  waitTurnOrEnd,
} from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** Checks the page now shown: its language and axe; screenshots it in English as `shot`. */
async function checkPage(page, lang, label, shot) {
  assert.equal(await page.getAttribute('html', 'lang'), lang, `<html lang> of ${label}`);
  await checkA11y(page, `${label} (${lang})`);
  if (shot && lang === 'en') await screenshot(page, shot);
}

/** Opens `path` and checks it (see `checkPage`); the response must be `status`. */
async function visit(page, path, lang, label, shot, status = 200) {
  const response = await page.goto(path);
  assert.equal(response.status(), status, `${label}: ${path} answers ${status}`);
  await checkPage(page, lang, label, shot);
}

/** Submits the form holding `button` and waits for the page it leads to. */
async function submit(page, button) {
  await Promise.all([page.waitForNavigation(), page.click(button)]);
}

for (const lang of LOCALES) {
  test(`every page in ${lang}`, async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPlayer({ locale: lang, baseURL: server.url });

    await visit(page, '/', lang, 'the home page, signed out', 'home');
    await visit(page, '/no-such-page', lang, 'the 404 page', 'not-found', 404);
    await visit(page, '/signin', lang, 'the sign-in page', 'sign-in');
    await visit(page, '/signup', lang, 'the sign-up page', 'sign-up');
    await submit(page, 'main form[action="/signup"] button[type=submit]');
    assert.equal(await page.locator('#error-summary').count(), 1, 'an empty sign-up shows its errors');
    assert.equal(await page.getAttribute('#name', 'aria-invalid'), 'true');
    await checkPage(page, lang, 'the sign-up page with errors', 'sign-up-errors');

    // Another account opens a listed table, so the lobby has one to show.
    const host = await browser.newPlayer({ locale: lang, baseURL: server.url });
    await signUp(host, 'Hostess');
    await host.goto('/lobby');
    await submit(host, '#create-table button[type=submit]');

    await signUp(page, 'Ada');
    await checkPage(page, lang, 'the home page, signed in', 'home-signed-in');
    await visit(page, '/lobby', lang, 'the lobby with a table listed', 'lobby');
    assert.ok((await page.locator('#open-tables .table-item').count()) >= 1, 'the lobby lists the table');

    await openInvitationTable(page);
    await checkPage(page, lang, "a table's waiting room with its invitation link", 'table-invite');

    await visit(page, '/settings', lang, 'the settings');
    for (const theme of ['light', 'dark']) {
      await page.check(`#theme-${theme}`);
      await submit(page, 'main form[action="/settings"] button[type=submit]');
      assert.equal(await page.getAttribute('html', 'data-theme'), theme);
      await checkPage(page, lang, `the settings in the ${theme} theme`, theme === 'dark' ? 'settings-dark' : 'settings');
    }
    await page.check('#theme-system');
    await submit(page, 'main form[action="/settings"] button[type=submit]');

    // A game against the computer: the game page at its start, middle and end, and "my
    // games" while it waits for Ada's move.
    await playComputer(page, 'easy');
    assert.equal(await waitTurnOrEnd(page), 'turn');
    const game = new URL(page.url()).pathname;
    await checkPage(page, lang, 'the game page at the start');
    await visit(page, '/games', lang, 'my games with a game waiting for my move', 'my-games');
    assert.match(await page.title(), /^\(1\) /, 'the title counts the games waiting for my move');
    await page.goto(game);
    await playTypedMoves(page, 4);
    assert.equal(await waitTurnOrEnd(page), 'turn');
    await checkPage(page, lang, 'the game page in the middle');
    if (lang !== 'en') await screenshot(page, `game-${lang}`);
    await playTypedMoves(page);
    await page.locator('#outcome').waitFor();
    await checkPage(page, lang, 'the game page at the end');
  });

  test(`the move confirmation page without JavaScript, in ${lang}`, async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const context = await browser.browser.newContext({
      locale: lang,
      baseURL: server.url,
      javaScriptEnabled: false,
      timezoneId: 'UTC',
    });
    const page = await context.newPage();
    await page.goto('/');
    await submit(page, 'form[action="/play"] button[type=submit]');
    assert.match(page.url(), /\/games\//);
    // Without scripts the page does not update itself: reload until the computer has moved.
    for (let tries = 0; (await page.locator('#board-grid button[name=target]').count()) === 0; tries++) {
      assert.ok(tries < 50, 'the computer made its move within 50 reloads');
      await page.waitForTimeout(100);
      await page.reload();
    }
    const history = await page.locator('#history li').count();
    await page.locator('#hand label.tile').first().click();
    await submit(page, '#board-grid button[name=target]');
    assert.equal(await page.locator('main form input[name=confirmed]').count(), 1, 'the move asks to be confirmed');
    assert.equal(await page.getAttribute('html', 'lang'), lang);
    // axe runs as a script in the page, which a context without JavaScript never runs: it
    // checks a copy of the page in a context whose own scripts are blocked.
    const copy = await browser.newPlayer({ locale: lang, baseURL: server.url });
    await copy.route('**/*.js', (route) => route.abort());
    await copy.goto('/');
    await copy.setContent(await page.content());
    await checkPage(copy, lang, 'the move confirmation page, without JavaScript', 'confirm-move-no-js');
    await submit(page, 'main form button[type=submit].primary');
    assert.match(page.url(), /\/games\/[^/]+$/, 'confirming leads back to the game');
    assert.ok((await page.locator('#history li').count()) > history, 'the move was played');
    await context.close();
  });
}

test('home, lobby and game page reflow at 320 CSS px', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url, viewport: { width: 320, height: 640 } });
  await page.goto('/');
  await assertReflows(page, 'the home page');
  await page.goto('/lobby');
  await assertReflows(page, 'the lobby');
  await playComputer(page, 'easy');
  await waitTurnOrEnd(page);
  await assertReflows(page, 'the game page');
  await checkA11y(page, 'the game page on a phone');
  await screenshot(page, 'game-phone');
});
