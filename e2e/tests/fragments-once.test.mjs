// A move brings each page up to date with one request: the mover's page with the answer to
// its move (which brings its fragments), so it must not fetch them again for the game's live
// frame of the same move; the other player's page fetches once for the live frame.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { launchBrowser } from '../lib/browser.mjs';
import { gameState, openInvitationTable, playTypedMove, signUp, waitHistoryAbove, waitTurnOrEnd } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** How many moves are counted. */
const MOVES = 8;

/** Counts the page's requests for its game's fragments, in `counter[who]`. */
function countFragments(page, counter, who) {
  counter[who] = 0;
  page.on('request', (request) => {
    if (/\/games\/[^/]+\/fragments$/.test(new URL(request.url()).pathname)) counter[who] += 1;
  });
}

test('each page makes one request per move: the mover\'s its move, the other its fragments', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ baseURL: server.url });
  const bruno = await browser.newPlayer({ baseURL: server.url });
  await signUp(ada, 'Ada');
  const invitation = await openInvitationTable(ada);
  await bruno.goto(invitation);
  await bruno.fill('#guest-name', 'Bruno');
  await Promise.all([bruno.waitForURL(/\/games\//), bruno.press('#guest-name', 'Enter')]);
  await ada.waitForURL(/\/games\//, { timeout: 20_000 });
  const pages = { ada, bruno };
  const fetches = {};
  for (const [who, page] of Object.entries(pages)) {
    await page.locator('#game').waitFor();
    countFragments(page, fetches, who);
  }

  let single = 0;
  for (let move = 0; move < MOVES; move++) {
    const turn = await Promise.race(
      Object.entries(pages).map(([who, page]) => waitTurnOrEnd(page).then((what) => ({ who, what }))),
    );
    assert.equal(turn.what, 'turn', 'the game goes on');
    const other = turn.who === 'ada' ? 'bruno' : 'ada';
    const before = {};
    for (const who of Object.keys(pages)) before[who] = { state: await gameState(pages[who]), fetches: fetches[who] };

    await playTypedMove(pages[turn.who], move);
    await waitHistoryAbove(pages[other], before[other].state.history);
    // Whatever else either page would ask for comes within this.
    await ada.waitForTimeout(800);

    for (const [who, page] of Object.entries(pages)) {
      const versions = (await gameState(page)).version - before[who].state.version;
      const asked = fetches[who] - before[who].fetches;
      const mover = who === turn.who;
      const role = mover ? 'mover' : 'other player';
      assert.ok(versions >= 1, `move ${move}: the ${role}'s page caught up`);
      // The move's answer brings the mover's page its move; any later event is one request
      // more, and more events may come in one answer.
      const brought = mover ? 1 : 0;
      assert.ok(mover || asked >= 1, `move ${move}: the ${role}'s page asked for its fragments`);
      assert.ok(asked <= versions - brought, `move ${move}: the ${role}'s page asked ${asked} times for ${versions} new events`);
      if (versions === 1) {
        assert.equal(asked, 1 - brought, `move ${move}: the ${role}'s page asked ${1 - brought} times`);
        single += 1;
      }
    }
  }
  assert.ok(single >= MOVES, `most moves logged one event (${single} pages of ${2 * MOVES})`);
});
