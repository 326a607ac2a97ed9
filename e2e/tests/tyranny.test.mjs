// Tyranny in the browser: a whole game against the computer, started from the home page's one
// click and played with the keyboard alone (Tab to a choice, Enter or Space, the arrow keys on
// the tiles' grid), checked by axe in English, German and French at the start, and in the
// middle and at the end, and screenshotted.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ariaSnapshot, checkA11yInEachLanguage, launchBrowser, screenshot } from '../lib/browser.mjs';
import { pressUntil as pressUntilFocus } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** Waits until the reader has a choice to make or the game ends. */
async function waitTurnOrEnd(page, timeout = 60_000) {
  const handle = await page.waitForFunction(() => {
    if (document.getElementById('outcome')) return 'over';
    if (document.querySelector('#hand button[name=move]')) return 'turn';
    return null;
  }, null, { timeout, polling: 100 });
  return handle.jsonValue();
}

/** The element that has focus: its tag, id, name, value and label. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return {
      tag: el?.tagName,
      id: el?.id,
      name: el?.getAttribute('name'),
      value: el?.getAttribute('value'),
      label: el?.getAttribute('aria-label') || el?.textContent?.trim(),
    };
  });
}

/** Presses `key` until focus is where `want` says, read as `focused` reads it. */
function pressUntil(page, key, want, what, limit = 120) {
  return pressUntilFocus(page, key, want, what, { limit, read: focused });
}

/**
 * One choice, keyboard only: the first choice that moves the game on (not a pass while
 * something else is offered), reached with Tab, pressed with Enter, confirmed in the dialog
 * with Enter or Space; resolves once the page has taken it. A refresh that changes the
 * choices meanwhile (the table rolled) starts the choice again.
 */
let redrawChecked = false;

async function chooseWithKeyboard(page, moveNumber) {
  for (let attempt = 0; attempt < 5; attempt++) {
    if ((await waitTurnOrEnd(page)) === 'over') return;
    const version = Number(await page.getAttribute('#game', 'data-version'));
    const offered = await page.$$eval('#hand button[name=move]', (buttons) => buttons.map((b) => b.value));
    const wanted = offered.find((v) => v !== 'pass') ?? offered[0];
    const isWanted = (f) => f.tag === 'BUTTON' && f.name === 'move' && f.value === wanted;
    await pressUntil(page, 'Tab', isWanted, `the choice "${wanted}"`);
    const now = await focused(page);
    if (!isWanted(now)) continue;
    assert.ok(now.label && now.label !== wanted, `the choice "${wanted}" is in words: ${now.label}`);
    await page.keyboard.press('Enter');
    // A roll, a pass or the only choice there is goes at once; anything else is asked first.
    const unasked = offered.length === 1 || ['move', 'capture', 'escape', 'pass', 'stay'].includes(wanted);
    const played = () => page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, version, { timeout: 10_000 });
    const asked = await Promise.race([
      page.locator('#confirm-dialog[open]').waitFor({ timeout: 10_000 }).then(() => true, () => null),
      played().then(() => false, () => null),
    ]);
    if (asked === null) {
      const error = await page.textContent('#move-error').catch(() => '');
      assert.equal(error.trim(), '', `move ${moveNumber}, "${wanted}" refused`);
      continue;
    }
    assert.equal(asked, !unasked, `"${wanted}" among ${JSON.stringify(offered)} is ${unasked ? 'not ' : ''}asked first`);
    if (asked) {
      assert.equal((await focused(page)).id, 'confirm-yes', 'the dialog opens with focus on its "yes" button');
      if (!redrawChecked) {
        redrawChecked = true;
        // A refresh while the dialog is open redraws the button that opened it; going back
        // returns focus to the redrawn button, not to the page.
        const opener = now.id;
        assert.ok(opener, `the choice "${wanted}" has an id`);
        await page.evaluate(() => { const hand = document.getElementById('hand'); hand.innerHTML = hand.innerHTML; });
        await page.keyboard.press('Escape');
        const back = await page.evaluate(() => document.activeElement?.id);
        assert.equal(back, opener, 'after a redraw, "go back" returns focus to the choice');
        continue;
      }
      await page.keyboard.press(moveNumber % 2 ? 'Space' : 'Enter');
      await page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, version);
    }
    // The played choice is gone: focus goes to the choices' heading (or, on the computer's
    // turn, the hand's), whence Tab reaches the next choice; never the page or a container.
    const after = await focused(page);
    assert.ok(
      after.tag === 'BUTTON' || ['ty-choices-h2', 'ty-hand-h2'].includes(after.id),
      `after move ${moveNumber}, focus is on a choice or a heading: ${JSON.stringify(after)}`,
    );
    return;
  }
  assert.fail(`move ${moveNumber}: the choices kept changing under the keyboard`);
}

test('a whole game of Tyranny against the computer, with the keyboard alone', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });

  await page.goto('/');
  // The easy computer, chosen from its list with the arrow keys, then the form's button.
  await pressUntil(page, 'Tab', (f) => f.id === 'level-tyranny', 'the level of the computer for Tyranny');
  await page.keyboard.press('ArrowUp');
  assert.equal(await page.inputValue('#level-tyranny'), 'easy');
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).tag, 'BUTTON');
  await Promise.all([page.waitForURL(/\/games\//), page.keyboard.press('Enter')]);
  await page.locator('#game').waitFor();
  assert.equal(await page.locator('.ty-seat').count(), 2, 'two seats: one against the computer');
  assert.equal(await page.locator('#board-grid [role=gridcell]').count(), 42, 'every tile of both cities on the grid');

  assert.equal(await waitTurnOrEnd(page), 'turn');
  // What a screen reader meets at the start: the same for every game but the guest's name.
  await ariaSnapshot(page, '#game', 'tyranny-game-start', { mask: [[/Guest \d+/g, 'Guest N']] });
  await checkA11yInEachLanguage(page, 'the Tyranny page at the start');
  await screenshot(page, 'tyranny-start');

  // The tiles in words: Tab into the grid, the arrow keys walk it, each tile says what it is.
  await pressUntil(page, 'Tab', (f) => f.id?.startsWith('tile-'), 'the tiles grid');
  const first = (await focused(page)).label;
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowDown');
  const walked = await focused(page);
  assert.notEqual(walked.label, first, 'the arrow keys move between tiles');
  assert.match(walked.label, /^I\d+ /, 'down goes to the inner city');
  assert.match(first, /^O0 .*: .+\./, `a tile in words: ${first}`);

  let moves = 0;
  while ((await waitTurnOrEnd(page)) === 'turn') {
    await chooseWithKeyboard(page, moves);
    moves += 1;
    if (moves === 12) {
      await waitTurnOrEnd(page);
      await checkA11yInEachLanguage(page, 'the Tyranny page in the middle');
      await screenshot(page, 'tyranny-middle');
    }
    assert.ok(moves < 1500, 'the game ends');
  }
  assert.ok((await page.textContent('#outcome')).trim().length > 0, 'the outcome is said');
  const history = await page.$$eval('#history li', (items) => items.map((li) => li.textContent.trim()));
  assert.ok(history.length > moves, 'every move is in the history');
  assert.ok(history.every((line) => line.length > 0), 'no empty history line');
  assert.ok(history.some((line) => line.startsWith('The die shows')), 'the rolls are told');
  await checkA11yInEachLanguage(page, 'the Tyranny page at the end');
  await screenshot(page, 'tyranny-end');
});
