// The steps the Tsuro page tests share: waiting for the reader's turn, and a move made with
// the mouse as a player makes it (a start mark on the rim, a bonus choice, or turning tiles
// until the preview allows one and laying it).

import assert from 'node:assert/strict';

/** Waits until the reader may act (a start mark, a tile or a bonus choice) or the game ends. */
export async function waitTurnOrEnd(page, timeout = 60_000) {
  const handle = await page.waitForFunction(() => {
    if (document.getElementById('outcome')) return 'over';
    if (document.querySelector('#hand button[name=move], #board button[name=move], #start-mark')) return 'turn';
    return null;
  }, null, { timeout, polling: 100 });
  return handle.jsonValue();
}

/** The page's version, as the game's root element carries it. */
export function pageVersion(page) {
  return page.evaluate(() => Number(document.getElementById('game').dataset.version));
}

/** Waits until the page has caught up with version `v` or a later one. */
export function waitVersion(page, v) {
  return page.waitForFunction((want) => Number(document.getElementById('game').dataset.version) >= want, v, { polling: 100 });
}

/**
 * One move with the mouse: the `mark`-th free start mark on the rim, the first bonus choice,
 * or tiles turned right until a rotation the preview does not refuse shows, then laid; the
 * dialog answered "yes" when one is asked. Resolves once clicked: wait for the page's version to follow.
 */
export async function moveWithMouse(page, mark = 5) {
  const before = Number(await page.getAttribute('#game', 'data-version'));
  if (await page.locator('.ts-mark-button').count()) {
    await page.locator('.ts-mark-button').nth(mark).click();
  } else if (await page.locator('.ts-bonus-list button').count()) {
    await page.locator('.ts-bonus-list button').first().click();
  } else {
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
  // The only move there is goes without a question; any other is asked first.
  const asked = await Promise.race([
    page.locator('#confirm-dialog[open]').waitFor().then(() => true, () => false),
    page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, before).then(() => false, () => false),
  ]);
  if (asked) await page.click('#confirm-yes');
}
