// The move box is locked only while its own request is on its way: a move typed and sent while
// the page is still refreshing after the last one waits for that refresh and is played, rather
// than dropped; a second Enter while the first request is on its way is dropped without a false
// error.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { launchBrowser } from '../lib/browser.mjs';
import { gameState, offeredMoves, playComputer, waitHistoryAbove, waitTurnOrEnd } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** The game's state for the reader, as the API gives it, asked from inside the page. */
function apiState(page) {
  return page.evaluate(async () => {
    const id = document.getElementById('game').dataset.game;
    const response = await fetch(`/api/games/${id}`, { credentials: 'same-origin' });
    const body = await response.json();
    return body.state ?? body;
  });
}

test('a move sent while the page refreshes is played once the refresh is done', async (t) => {
  // The computer's reply comes well after the answer to the reader's move (which brings the
  // page up to date with that move itself): the reply's news is what the page refreshes for.
  const server = await startServer(t, { extraArgs: ['--ai-pace-ms', '400'] });
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });
  await playComputer(page, 'beginner');
  assert.equal(await waitTurnOrEnd(page), 'turn');

  // The page's fragments are held back while `hold` is set, as on a slow connection.
  let release = null;
  let hold = false;
  let held = 0;
  await page.route('**/fragments*', async (route) => {
    if (hold) {
      held += 1;
      await new Promise((resolve) => { release = resolve; });
    }
    await route.continue();
  });

  const before = (await gameState(page)).history;
  const [first] = await offeredMoves(page);
  hold = true;
  await page.fill('#move-input', first);
  await page.press('#move-input', 'Enter');
  const yes = page.locator('#confirm-dialog[open] #confirm-yes');
  if ((await offeredMoves(page)).length > 1) {
    await yes.waitFor();
    await yes.click();
  }
  // The move is stored and the form free again, and the move's answer showed it.
  await page.locator('#typed-move:not([aria-busy])').waitFor();
  await page.waitForFunction(() => document.getElementById('move-input').value === '');
  assert.equal((await gameState(page)).history, before + 1, 'the answer to the move brought the move');
  assert.equal(held, 0, 'the mover\'s page asked for no fragments of its own move');

  // The computer answers after its pace; the reader's next move, learnt from the API.
  let state = await apiState(page);
  for (let i = 0; i < 200 && !state.legal_moves; i++) {
    await page.waitForTimeout(50);
    state = await apiState(page);
  }
  assert.ok(state.legal_moves && state.legal_moves.length > 0, `the reader is to move again: ${JSON.stringify(state).slice(0, 300)}`);
  // The live frame of the computer's move asked for the fragments, which are held back.
  for (let i = 0; i < 100 && !held; i++) await page.waitForTimeout(50);
  assert.equal(held, 1, 'the page is refreshing for the computer\'s move');
  assert.equal((await gameState(page)).history, before + 1, 'the refresh is held back');
  const second = state.legal_moves[0];
  await page.fill('#move-input', second);
  await page.press('#move-input', 'Enter');
  assert.equal(await page.getAttribute('#typed-move', 'aria-busy'), 'true', 'the move waits for the refresh');

  hold = false;
  release();
  if (state.legal_moves.length > 1) {
    await yes.waitFor();
    await yes.click();
  }
  // Both of the reader's moves and the computer's between them.
  await waitHistoryAbove(page, before + 2);
  await page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, state.version ?? 0);
  const after = await apiState(page);
  assert.ok(!after.legal_moves || after.version > state.version, 'the second move was played');
  assert.equal(await page.textContent('#move-alert'), '', 'no error shown');
  assert.equal(await page.getAttribute('#move-input', 'aria-invalid'), null);
});

test('a second Enter while the move is on its way is dropped without an error', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });
  await playComputer(page, 'beginner');
  await page.goto('/settings');
  await page.uncheck('#confirm_moves');
  await Promise.all([page.waitForNavigation(), page.click('main form[action="/settings"] button[type=submit]')]);
  await playComputer(page, 'beginner');
  assert.equal(await waitTurnOrEnd(page), 'turn');

  // The move's request is held back until both Enters are pressed.
  let release = null;
  let posts = 0;
  await page.route('**/move', async (route) => {
    posts += 1;
    if (posts === 1) await new Promise((resolve) => { release = resolve; });
    await route.continue();
  });
  const before = (await gameState(page)).history;
  const [move] = await offeredMoves(page);
  await page.fill('#move-input', move);
  await page.press('#move-input', 'Enter');
  await page.press('#move-input', 'Enter');
  release();
  await waitHistoryAbove(page, before);
  await page.waitForTimeout(500);
  assert.equal(posts, 1, 'one request for the two Enters');
  assert.equal(await page.textContent('#move-alert'), '', 'no false error');
});
