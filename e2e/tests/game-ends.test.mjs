// The end of a game names the winner and why, in every game, after a resignation and after a
// timeout: the box, the status line and the seat rows say it, every move control is gone, and
// axe finds nothing. Each game is seen at 1280×800 and at 360×740, in English and in German or
// French (the three games of one test play at once: the timeouts take a minute).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertReflows, checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const WIDE = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** What each language says: the computer winning, each reason, and a turn. */
const WORDS = {
  en: { wins: /computer.*wins/i, resignation: /resignation/, timeout: /on time/, turn: /your turn/i },
  de: { wins: /Computer.*gewinnt/, resignation: /Aufgabe/, timeout: /Zeitüberschreitung/, turn: /dran/ },
  fr: { wins: /ordinateur.*gagne/i, resignation: /abandon/, timeout: /temps écoulé/, turn: /À vous/ },
};

/** Every control that makes or sends a move, in any game. */
const MOVE_CONTROLS = [
  '#hand button',
  '#hand input:not([disabled]):not([type=hidden])',
  '#board-grid button[name=target]',
  'button[form=move-form]',
  '#typed-move',
  '#resign',
].join(', ');

/** A live two-seat table of `game` against the computer, one minute a side; its game page. */
async function liveGameAgainstComputer(page, game) {
  await page.goto('/lobby');
  await page.selectOption('#game', game);
  await page.selectOption('#seat1', 'ai-beginner');
  await page.check('#clock-live');
  await page.fill('#minutes', '1');
  await page.fill('#increment', '0');
  await Promise.all([page.waitForURL(/\/games\//), page.click('#create-table button[value=guest]')]);
  await page.locator('#game').waitFor();
}

/** Checks the end of `game` on `page`, read in `lang`, ended for `reason`. */
async function checkEnd(page, game, lang, reason, viewport) {
  const words = WORDS[lang];
  const label = `${game} after a ${reason} (${lang}, ${viewport.width}×${viewport.height})`;
  const outcome = await page.textContent('#outcome');
  assert.match(outcome, words.wins, `${label}: the box names the winner: ${outcome}`);
  assert.match(outcome, words[reason], `${label}: and why: ${outcome}`);
  const status = await page.textContent('#status-line');
  assert.match(status, words.wins, `${label}: the status line names the winner: ${status}`);
  assert.doesNotMatch(status, words.turn, `${label}: the status line says no turn: ${status}`);
  const won = page.locator('.players li:has(.won)');
  assert.equal(await won.count(), 1, `${label}: one seat row is marked the winner`);
  assert.match(await won.textContent(), /computer|ordinateur/i, `${label}: the computer's seat row`);
  const left = await page.locator(MOVE_CONTROLS).evaluateAll((els) => els.map((e) => e.outerHTML.slice(0, 200)));
  assert.deepEqual(left, [], `${label}: every move control is gone`);
  await assertReflows(page, label);
  await checkA11y(page, label);
  await page.locator('#outcome').scrollIntoViewIfNeeded();
  await screenshot(page, `end-${game}-${reason}-${lang}-${viewport.width}`);
}

/** Opens `game` for a reader of `lang` at `viewport`, ends it with `end`, checks the end. */
async function endOf(browser, server, { game, lang, viewport }, reason, end) {
  const page = await browser.newPlayer({ locale: lang, baseURL: server.url, viewport });
  await liveGameAgainstComputer(page, game);
  await end(page);
  await page.locator('#outcome').waitFor({ timeout: 120_000 });
  await checkEnd(page, game, lang, reason, viewport);
}

test('after a resignation each game names the computer the winner, and why', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const resign = async (page) => {
    await page.locator('#resign').waitFor();
    await page.click('#resign');
    await page.locator('#confirm-dialog[open]').waitFor();
    await page.click('#confirm-yes');
  };
  for (const table of [
    { game: 'tyrus', lang: 'de', viewport: PHONE },
    { game: 'tsuro', lang: 'en', viewport: WIDE },
    { game: 'tyranny', lang: 'en', viewport: PHONE },
  ]) {
    await endOf(browser, server, table, 'resignation', resign);
  }
});

test('after a timeout each game names the computer the winner, and why', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  // The reader never moves: its minute runs out. The three games run at once.
  await Promise.all([
    { game: 'tyrus', lang: 'en', viewport: WIDE },
    { game: 'tsuro', lang: 'de', viewport: PHONE },
    { game: 'tyranny', lang: 'fr', viewport: WIDE },
  ].map((table) => endOf(browser, server, table, 'timeout', async () => {})));
});
