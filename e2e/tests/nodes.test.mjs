// Two `agora serve` nodes sharing one PostgreSQL database: Ada's browser talks to one, Bruno's
// (in French) to the other. Ada opens a Tsuro table on her node; Bruno follows the invitation
// on his, which starts the game there (his node runs it, hers relays). They play it out with
// the mouse: every move shows on the other node's page, live. Then both ask for a rematch,
// each on their own node, and both pages move on to it. Skipped without a PostgreSQL server
// (scripts/test always starts one).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser } from '../lib/browser.mjs';
import { historyLines, signUp } from '../lib/flows.mjs';
import { postgresDatabase, startServer } from '../lib/server.mjs';
import { moveWithMouse, pageVersion, waitVersion } from '../lib/tsuro.mjs';

/** Two markers, 35 tiles: a game cannot last longer than this many moves. */
const MAX_MOVES = 40;

/** Whether the reader may act now, the game is over, or neither (without waiting). */
function turnNow(page) {
  return page.evaluate(() => {
    if (document.getElementById('outcome')) return 'over';
    if (document.querySelector('#hand button[name=move], #board button[name=move], #start-mark')) return 'turn';
    return 'wait';
  });
}

/** Presses a game page's action button, answering "yes" if the page asks first. */
async function act(page, selector) {
  await page.click(selector);
  const asked = page.locator('#confirm-dialog[open]');
  if (await asked.waitFor({ timeout: 1_000 }).then(() => true, () => false)) await page.click('#confirm-yes');
}

/** Waits until one of the pages may act, or both show the game over. */
async function whoseTurn(pages, timeout = 30_000) {
  const start = Date.now();
  for (;;) {
    const states = await Promise.all(pages.map(turnNow));
    const mover = states.indexOf('turn');
    if (mover >= 0) return mover;
    if (states.every((s) => s === 'over')) return -1;
    assert.ok(Date.now() - start < timeout, `nobody could move: ${states.join(', ')}`);
    await new Promise((resolveWait) => setTimeout(resolveWait, 100));
  }
}

/**
 * Waits until `page` has loaded a URL that `predicate` accepts. A page may be sent to the same
 * place twice at once (Bruno's own rematch form and the server's push to his page both lead to
 * the new game), and the browser then aborts the first navigation for the second: that is no
 * failure, so the wait goes on for the one that lands.
 */
async function arriveAt(page, predicate, timeout = 20_000) {
  const deadline = Date.now() + timeout;
  for (;;) {
    try {
      await page.waitForURL(predicate, { timeout: Math.max(1, deadline - Date.now()) });
      return;
    } catch (error) {
      if (!/ERR_ABORTED|frame was detached/.test(String(error)) || Date.now() >= deadline) throw error;
    }
  }
}

test('two players on two nodes of one database play Tsuro and its rematch', async (t) => {
  const database = postgresDatabase('nodes');
  if (!database) {
    t.skip('no PostgreSQL server (set AGORA_TEST_POSTGRES)');
    return;
  }
  const adaNode = await startServer(t, { database });
  const brunoNode = await startServer(t, { database });
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: adaNode.url });
  const bruno = await browser.newPlayer({ locale: 'fr', baseURL: brunoNode.url });

  await signUp(ada, 'Ada');
  await ada.goto('/lobby');
  await ada.selectOption('#game', 'tsuro');
  await ada.selectOption('#seat1', 'invite');
  await Promise.all([ada.waitForURL(/\/tables\//), ada.click('#create-table button[type=submit]')]);
  const invitation = new URL(await ada.inputValue('#invite-link'));
  // The same link, on Bruno's node.
  await bruno.goto(`${invitation.pathname}${invitation.search}`);
  await bruno.fill('#guest-name', 'Bruno');
  await Promise.all([bruno.waitForURL(/\/games\//), bruno.press('#guest-name', 'Enter')]);
  await ada.waitForURL(/\/games\//, { timeout: 20_000 });
  const game = new URL(ada.url()).pathname;
  assert.equal(new URL(bruno.url()).pathname, game, 'both players are in the same game, each on a node');
  for (const page of [ada, bruno]) await page.locator('#game').waitFor();
  await checkA11y(ada, "Ada's Tsuro page, relayed from the other node");

  const pages = [ada, bruno];
  let moves = 0;
  for (; moves < MAX_MOVES; moves++) {
    const mover = await whoseTurn(pages);
    if (mover < 0) break;
    const [me, other] = [pages[mover], pages[1 - mover]];
    const v = await pageVersion(me);
    const heard = (await historyLines(other)).length;
    await moveWithMouse(me, 5 + 20 * mover);
    await waitVersion(me, v + 1);
    // The other node's page hears of it by itself: a new line in its history.
    await waitVersion(other, v + 1);
    await other.waitForFunction((n) => document.querySelectorAll('#history li').length > n, heard);
  }
  for (const page of pages) await page.locator('#outcome').waitFor();
  assert.ok(moves >= 3, `the game was played (${moves} moves)`);
  const [adaLines, brunoLines] = [await historyLines(ada), await historyLines(bruno)];
  assert.equal(adaLines.length, brunoLines.length, 'both histories hold every move');
  assert.equal(await pageVersion(ada), await pageVersion(bruno));

  // Ada asks for a rematch on her node; Bruno's page, on his, says so. Bruno asks too: the
  // rematch starts, and both pages go to it.
  await act(ada, '#rematch');
  await ada.locator('#rematch').waitFor({ state: 'detached' });
  await bruno.waitForFunction(() => /Ada/.test(document.querySelector('.actions, #actions, main')?.textContent ?? ''));
  const atRematch = (url) => url.pathname !== game && url.pathname.startsWith('/games/');
  await Promise.all([arriveAt(ada, atRematch), arriveAt(bruno, atRematch), act(bruno, '#rematch')]);
  assert.equal(new URL(ada.url()).pathname, new URL(bruno.url()).pathname, 'both moved on to the same rematch');
  for (const page of pages) await page.locator('#game').waitFor();
  assert.equal(await pageVersion(ada), await pageVersion(bruno));
});
