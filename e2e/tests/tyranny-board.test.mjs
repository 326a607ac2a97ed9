// Tyranny's board as a game: after the computer has moved, its move is marked along the ring
// (and said in the board's words), the last roll's die is drawn in the middle, the piece to
// move is ringed; the choices sit beside the ring on a wide screen and right after it on a
// phone, before the key, the tiles' grid and the typed-move box. In English and French, at
// 1280×800 and 360×740, checked by axe (with label-content-name-mismatch) and screenshotted.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 360, height: 740 };

/** What the board's words say of the computer's last move and of the die, by language. */
const WORDS = {
  en: { move: /^The computer's last move, marked on the ring: Criminal \d from .+ to .+\.$/, die: /^The die in the middle of the ring shows [1-6]: the last roll\.$/ },
  fr: { move: /^Dernier déplacement de l’ordinateur, marqué sur l’anneau\u202f: Truand \d de la case .+ à la case .+\.$/, die: /^Le dé au centre de l’anneau indique [1-6]\u202f: c’est le dernier lancer\.$/ },
};

/** Waits until the reader has a choice to make. */
function waitTurn(page) {
  return page.waitForFunction(() => document.querySelector('#hand button[name=move]') !== null, null, { timeout: 60_000, polling: 100 });
}

/** Rolls and moves (confirming if asked) until the computer has moved a piece after it. */
async function playUntilTheComputerMoves(page) {
  for (let turn = 0; turn < 12; turn++) {
    await waitTurn(page);
    if (await page.locator('#board .ty-trail[data-seat="1"].fresh').count()) return;
    const offered = await page.$$eval('#hand button[name=move]', (buttons) => buttons.map((b) => b.value));
    const pick = offered.includes('move') ? 'move' : offered.find((v) => v !== 'pass') ?? offered[0];
    const version = Number(await page.getAttribute('#game', 'data-version'));
    await page.click(`#hand button[name=move][value="${pick}"]`);
    // The page asks first where a slip would cost something (a card's choice).
    const moved = (v) => Number(document.getElementById('game').dataset.version) > v || document.getElementById('confirm-dialog').open;
    await page.waitForFunction(moved, version, { timeout: 30_000, polling: 100 });
    if (await page.locator('#confirm-dialog[open]').count()) await page.click('#confirm-yes');
    await page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, version, { timeout: 30_000, polling: 100 });
  }
  assert.fail('the computer moved no piece in twelve turns');
}

/** The box of the first match of `selector`. */
async function box(page, selector) {
  const b = await page.locator(selector).first().boundingBox();
  assert.ok(b, `${selector} is on the page`);
  return b;
}

for (const locale of ['en', 'fr']) {
  test(`tyranny in ${locale}: the computer's move, the die and the piece to move on the board, the choices by the ring`, async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPlayer({ locale, baseURL: server.url });
    await page.setViewportSize(DESKTOP);
    await page.goto('/');
    await Promise.all([
      page.waitForURL(/\/games\//),
      page.click('form[action="/play"]:has(input[value="tyranny"]) button[type=submit]'),
    ]);
    await playUntilTheComputerMoves(page);

    // The computer's way along the ring, in its colour, with where it started; nothing for ours.
    const trail = page.locator('#board .ty-trail[data-seat="1"]');
    assert.equal(await trail.count(), 1, 'the computer\'s last move is marked');
    assert.equal(await page.locator('#board .ty-trail[data-seat="0"]').count(), 0, 'the reader\'s own move is not');
    assert.equal(await trail.locator('path.ty-way').first().getAttribute('stroke'), '#b91c1c', 'in the criminals\' red');
    assert.equal(await trail.locator('.ty-from').count(), 1, 'with a hollow ring where it started');
    // The last roll's die in the middle, and the piece to move ringed.
    const face = Number(await page.getAttribute('#board .ty-board-die', 'data-face'));
    assert.ok(face >= 1 && face <= 6, `the die shows a face: ${face}`);
    assert.equal(await page.locator('#board .ty-board-die circle').count(), face, 'with as many pips');
    assert.equal(await page.locator('#board .ty-piece.ty-to-move .ty-halo').count(), 1, 'one piece is ringed, the one to move');
    // The board's words say both.
    const words = (await page.$$eval('#ty-words li', (items) => items.map((li) => li.textContent.trim())));
    assert.ok(words.some((w) => WORDS[locale].move.test(w)), `the words say the computer's move: ${words.slice(0, 3).join(' | ')}`);
    const dieLine = words.find((w) => WORDS[locale].die.test(w));
    assert.ok(dieLine?.includes(String(face)), `the words say the die's face ${face}: ${dieLine}`);

    // Wide: the ring, and the choices beside it, all in view from the top of the page.
    await page.evaluate(() => window.scrollTo(0, 0));
    const ring = await box(page, '.ty-board-wrap');
    const choices = await box(page, '.ty-choices');
    assert.ok(choices.x >= ring.x + ring.width, `the choices are beside the ring: ${JSON.stringify({ ring, choices })}`);
    for (const [what, b] of [['the ring', ring], ['the choices', choices]]) {
      assert.ok(b.y >= 0 && b.y + b.height <= DESKTOP.height + 0.5, `${what} in view at 1280×800: ${JSON.stringify(b)}`);
    }
    await checkA11y(page, `the Tyranny board after the computer moved, at 1280×800 (${locale})`);
    await screenshot(page, `tyranny-board-desktop-${locale}`);

    // Where the roll would take the piece: six tiles marked while the choice has the pointer
    // or focus, and hidden again after.
    const rollMarks = page.locator('#board .ty-dest[data-choice="choice-move"]');
    if (await page.locator('#choice-move').count()) {
      assert.equal(await rollMarks.locator('circle').count(), 6, 'a mark for each face');
      // Neither the pointer (left wherever an earlier click put it) nor focus on the choice.
      await page.mouse.move(0, 0);
      await page.evaluate(() => document.activeElement?.blur());
      assert.ok(!(await rollMarks.isVisible()), 'hidden at first');
      await page.hover('#choice-move');
      assert.ok(await rollMarks.isVisible(), 'shown under the pointer');
      await page.mouse.move(0, 0);
      assert.ok(!(await rollMarks.isVisible()), 'hidden when the pointer leaves');
      await page.focus('#choice-move');
      assert.ok(await rollMarks.isVisible(), 'shown with focus');
      await screenshot(page, `tyranny-board-preview-${locale}`);
      await page.locator('#choice-move').blur();
      assert.ok(!(await rollMarks.isVisible()), 'hidden when focus leaves');
    }

    // Arriving with a live update, the moved piece goes round the ring (or lands) and its way
    // draws itself; with reduced motion nothing moves.
    const arriving = () => page.evaluate(() => {
      const board = document.getElementById('board');
      board.classList.add('arriving');
      const count = (selector) => [...board.querySelectorAll(selector)].flatMap((e) => e.getAnimations()).length;
      const running = { piece: count('.ty-piece.ty-moved'), all: count('.ty-piece, .ty-trail *, .ty-board-die') };
      board.classList.remove('arriving');
      return running;
    });
    const moving = await arriving();
    assert.equal(moving.piece, 1, `the computer's piece arrives along the ring: ${JSON.stringify(moving)}`);
    await page.emulateMedia({ reducedMotion: 'reduce' });
    assert.deepEqual(await arriving(), { piece: 0, all: 0 }, 'with reduced motion nothing moves');
    await page.emulateMedia({ reducedMotion: 'no-preference' });

    // A phone: the choices and the hand right after the ring, before the key, grid and move box.
    await page.setViewportSize(PHONE);
    await page.locator('#board').evaluate((board) => board.scrollIntoView({ block: 'start' }));
    const phoneRing = await box(page, '.ty-board-wrap');
    const first = await box(page, '.ty-choices button[name=move]');
    assert.ok(first.y >= phoneRing.y + phoneRing.height, 'the choices come under the ring');
    assert.ok(first.y >= 0 && first.y + first.height <= PHONE.height, `the first choice is in view with the ring: ${JSON.stringify(first)}`);
    const hand = await box(page, '.ty-hand');
    for (const later of ['.ty-key', '#board-grid', '#move-input']) {
      const b = await box(page, later);
      assert.ok(b.y > hand.y, `${later} comes after the choices and the hand`);
    }
    const sideways = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(sideways <= 0, `no sideways scroll on a phone (${sideways} px)`);
    await checkA11y(page, `the Tyranny board after the computer moved, on a phone (${locale})`);
    await screenshot(page, `tyranny-board-phone-${locale}`);
  });
}
