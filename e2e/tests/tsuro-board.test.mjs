// Tsuro's board as a player reads it: the hand tile in focus or under the pointer is drawn on
// the square the reader's marker faces with the path it would take, turning it redraws that,
// and a click on the square lays it; the computer's last tile stays outlined in its colour; the
// start marks are buttons of at least 24×24 CSS px on a phone, where the hand comes right after
// the board. At 1280×800 and 360×740, in English and German, checked by axe.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';
import { pageVersion, waitTurnOrEnd, waitVersion } from '../lib/tsuro.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** The words each language gives the computer's seat row for its last tile. */
const LAST_PLAY = { en: 'last tile laid on', de: 'zuletzt ein Plättchen auf' };

/** The id of the rotation panel whose preview the board shows, or null. */
function shownPreview(page) {
  return page.evaluate(() => {
    const shown = document.querySelectorAll('.ts-ghost.shown');
    return shown.length === 1 ? shown[0].dataset.ghost : shown.length === 0 ? null : 'several';
  });
}

/** The visible rotation panel of hand slot `n`. */
function shownPanel(page, n) {
  return page.locator('.ts-hand-slot').nth(n).locator('[data-rotation]:not([hidden])');
}

/** Fails unless the shown preview's tile covers the square the reader's marker faces. */
async function assertPreviewOnTarget(page, what) {
  const ghost = await page.locator('.ts-ghost.shown .ts-tile').boundingBox();
  const target = await page.locator('.ts-cell.target').boundingBox();
  assert.ok(ghost && target, `${what}: a preview and a target square are on the page`);
  for (const key of ['x', 'y', 'width', 'height']) {
    assert.ok(Math.abs(ghost[key] - target[key]) < 2, `${what}: the preview lies on the target square (${key}: ${ghost[key]} vs ${target[key]})`);
  }
}

/** Turns the hand's tiles right in turn until a rotation the rules allow shows. */
async function turnUntilSafe(page, safe) {
  const slots = await page.locator('.ts-hand-slot').count();
  for (let turns = 0; turns < 12 && !(await safe.count()); turns++) {
    const right = shownPanel(page, turns % slots).locator('[data-turn="right"]');
    if (await right.count()) await right.click();
  }
  assert.ok(await safe.count(), 'the engine always leaves a play it does not refuse');
}

/** Answers the confirmation dialog when one is asked; resolves once the version moved on. */
async function confirmed(page, before) {
  const asked = await Promise.race([
    page.locator('#confirm-dialog[open]').waitFor().then(() => true, () => false),
    waitVersion(page, before + 1).then(() => false),
  ]);
  if (asked) await page.click('#confirm-yes');
  await waitVersion(page, before + 1);
}

for (const locale of ['en', 'de']) {
  test(`Tsuro's board in ${locale}: previews on the square, the computer's last tile, the phone`, async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPlayer({ locale, baseURL: server.url, viewport: PHONE });
    await page.goto('/');
    await Promise.all([
      page.waitForURL(/\/games\//),
      page.click('form[action="/play"]:has(input[value="tsuro"]) button[type=submit]'),
    ]);
    assert.equal(await waitTurnOrEnd(page), 'turn');

    // On a phone: every free start mark is a button of at least 24×24 CSS px, none overlapping,
    // and the hand comes right after the board, before the move box.
    const marks = await page.locator('.ts-mark-button').evaluateAll((buttons) => buttons.map((b) => b.getBoundingClientRect().toJSON()));
    assert.ok(marks.length >= 40, `the free start marks are buttons on a phone (${marks.length})`);
    for (const m of marks) assert.ok(m.width >= 24 && m.height >= 24, `a start mark's button is ${m.width}×${m.height} CSS px`);
    for (const [i, a] of marks.entries()) {
      for (const b of marks.slice(i + 1)) {
        const overlap = Math.min(a.right, b.right) - Math.max(a.left, b.left) > 0.5 && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 0.5;
        assert.ok(!overlap, 'two start marks\' buttons overlap');
      }
    }
    const order = async () => page.evaluate(() => ['.ts-board-wrap', '#hand', '#typed-move', '#history-log']
      .map((s) => document.querySelector(s).getBoundingClientRect().top + window.scrollY));
    const [board, hand, box, history] = await order();
    assert.ok(board < hand && hand < box && box < history, `on a phone: board, hand, move box, history (${[board, hand, box, history]})`);
    // Tab goes the way the eye does: the same order in the document (no CSS reordering).
    const inDocument = await page.evaluate(() => {
      const [a, b, c, d] = ['.ts-board-wrap', '#hand', '#typed-move', '#history-log'].map((s) => document.querySelector(s));
      const before = (x, y) => Boolean(x.compareDocumentPosition(y) & Node.DOCUMENT_POSITION_FOLLOWING);
      return before(a, b) && before(b, c) && before(c, d);
    });
    assert.ok(inDocument, 'on a phone the document order is board, hand, move box, history, as shown');
    await checkA11y(page, `the Tsuro start on a phone (${locale})`);
    await screenshot(page, `tsuro-board-start-phone-${locale}`);

    // A start mark clicked on the phone's rim places the marker.
    let version = await pageVersion(page);
    await page.locator('.ts-mark-button').nth(7).click();
    await confirmed(page, version);

    await page.setViewportSize(DESKTOP);
    assert.equal(await waitTurnOrEnd(page), 'turn');
    await page.locator('[data-rotation]:not([hidden]) [data-play]').first().waitFor();
    assert.equal(await shownPreview(page), null, 'no preview before a tile is chosen');

    // The pointer on a tile draws it on the faced square; turning it redraws the preview.
    await shownPanel(page, 0).hover();
    const first = await shownPanel(page, 0).getAttribute('id');
    assert.equal(await shownPreview(page), first, 'the tile under the pointer is previewed');
    await assertPreviewOnTarget(page, 'hovered');
    const trails = await page.locator('.ts-ghost.shown .ts-ghost-trail').count();
    assert.ok(trails >= 1, 'the preview draws the path the marker would take');
    const right = shownPanel(page, 0).locator('[data-turn="right"]');
    if (await right.count()) {
      await right.click();
      const turned = await shownPanel(page, 0).getAttribute('id');
      assert.notEqual(turned, first, 'the tile turned');
      assert.equal(await shownPreview(page), turned, 'turning the tile redraws the preview');
    }
    // Focus on another tile (by keyboard) previews that one.
    await shownPanel(page, 1).locator('button').first().focus();
    assert.equal(await shownPreview(page), await shownPanel(page, 1).getAttribute('id'), 'the tile in focus is previewed');
    await checkA11y(page, `a Tsuro preview at 1280×800 (${locale})`);
    await screenshot(page, `tsuro-board-preview-${locale}`);

    // A rotation the rules allow, previewed, is laid by a click on the square.
    const safe = page.locator('[data-rotation]:not([hidden]):not(:has(.refused))');
    await turnUntilSafe(page, safe);
    // The pointer may already rest on that tile (the first hover's), and resting on it tells
    // the page nothing: it leaves the hand first, so the hover is a move onto the tile.
    await page.mouse.move(0, 0);
    await safe.first().hover();
    await page.locator('.ts-cell.target').hover();
    assert.equal(await shownPreview(page), await safe.first().getAttribute('id'), 'the preview stays as the pointer goes to the square');
    version = await pageVersion(page);
    await page.locator('.ts-cell.target').click();
    await confirmed(page, version);

    // The computer plays: its tile is outlined in its colour, and its seat row says where.
    if ((await waitTurnOrEnd(page)) === 'over') return;
    await page.locator('.ts-seat-last').first().waitFor();
    assert.equal(await page.locator('.ts-seat-last').count(), 1, 'one other seat, one outline');
    const computerRow = page.locator('.ts-seat').nth(1);
    assert.match(await computerRow.textContent(), new RegExp(LAST_PLAY[locale]), 'the computer\'s row says its last tile');
    assert.doesNotMatch(await page.locator('.ts-seat').nth(0).textContent(), new RegExp(LAST_PLAY[locale]), 'the reader\'s own tile is not marked as another\'s');
    assert.equal(await page.locator('.ts-legend').count(), 1, 'the board says what the outline means');
    await checkA11y(page, `the computer's last tile marked at 1280×800 (${locale})`);
    await screenshot(page, `tsuro-board-last-${locale}`);

    // On the phone too: focus previews, a tap on the square lays.
    await page.setViewportSize(PHONE);
    await page.locator('[data-rotation]:not([hidden]) [data-play]').first().waitFor();
    await turnUntilSafe(page, safe);
    await safe.first().locator('[data-play]').focus();
    await assertPreviewOnTarget(page, 'focused on a phone');
    await checkA11y(page, `a Tsuro preview on a phone (${locale})`);
    await screenshot(page, `tsuro-board-preview-phone-${locale}`);
    version = await pageVersion(page);
    await page.locator('.ts-cell.target').click();
    await confirmed(page, version);
  });
}
