// Two people play a whole game of Tsuro in two browsers: Ada (English) with the mouse, Bob
// (German, a guest who came through Ada's invitation link) with the keyboard alone: Tab and
// Shift+Tab between controls, the arrow keys in the start-mark list and on the board's grid
// (reading each square's name), R and Shift+R to turn a tile, Enter to lay it and to confirm.
// Checks that each move reaches the other page (its history and its live region), that focus is
// never lost when the page refreshes itself, and axe at the start, in the middle and at the end;
// screenshots Bob's page mid-game (tsuro-de) and Ada's on a 320 px wide phone (tsuro-phone).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { ariaSnapshot, checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { historyLines, pressUntil as pressUntilFocus, signUp, waitHistoryAbove } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';
import { moveWithMouse, pageVersion, waitTurnOrEnd, waitVersion } from '../lib/tsuro.mjs';

/**
 * What differs from deal to deal on Ada's page before the first move: her three tiles (each
 * told as its paths, with turn buttons when turning changes it).
 */
const START_MASK = [
  [/^( *)- group "Tile (\d) of 3":\n(?:\1 {2}.*\n)*/gm, '$1- group "Tile $2 of 3": (a dealt tile)\n'],
];

/** Two markers, 35 tiles: a game cannot last longer than this many moves. */
const MAX_MOVES = 40;

/**
 * Records, inside the page, every text that appears in its two live regions, in order: read
 * back with `announced`. Watching (not clearing) the regions leaves the page as it is.
 */
async function watchAnnouncements(page) {
  await page.evaluate(() => {
    window.__announced = [];
    for (const id of ['announce-polite', 'announce-assertive']) {
      const region = document.getElementById(id);
      new MutationObserver(() => {
        const text = id === 'announce-polite' ? region.lastElementChild?.textContent : region.textContent;
        if (text) window.__announced.push({ region: id, text });
      }).observe(region, { childList: true, subtree: true, characterData: true });
    }
  });
}

function announced(page) {
  return page.evaluate(() => window.__announced);
}

/** The element that has focus, as a keyboard user meets it. */
function focused(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    const slot = el?.closest('.ts-hand-slot');
    return {
      tag: el?.tagName,
      id: el?.id,
      name: el?.getAttribute('name'),
      role: el?.getAttribute('role'),
      label: el?.getAttribute('aria-label'),
      turn: el?.dataset.turn,
      play: el?.hasAttribute('data-play'),
      slot: slot ? slot.id : null,
      slotIndex: slot ? [...document.querySelectorAll('.ts-hand-slot')].indexOf(slot) : -1,
      inGrid: !!el?.closest('#board-grid'),
    };
  });
}

/** Presses `key` until focus is where `want` says, read as `focused` reads it. */
function pressUntil(page, key, want, what, limit = 60) {
  return pressUntilFocus(page, key, want, what, { limit, read: focused });
}

/** Focus is somewhere a reader can go on from: not lost to the page's body. */
async function assertFocusKept(page, when) {
  const f = await focused(page);
  assert.ok(f.tag && f.tag !== 'BODY', `focus is lost to the page's body ${when}`);
}

/** What the shown rotation of hand slot `index` says: its preview, refused or not. */
function shownRotation(page, index) {
  return page.evaluate((i) => {
    const slot = document.querySelectorAll('.ts-hand-slot')[i];
    const panel = [...slot.querySelectorAll('[data-rotation]')].find((p) => !p.hidden);
    return {
      id: panel.id,
      refused: !!panel.querySelector('.refused'),
      preview: panel.querySelector('.ts-preview')?.textContent ?? '',
      rotations: slot.querySelectorAll('[data-rotation]').length,
    };
  }, index);
}

/** The accessible description of the focused element, from its aria-describedby. */
function focusedDescription(page) {
  return page.evaluate(() => {
    const ids = (document.activeElement.getAttribute('aria-describedby') || '').split(/\s+/).filter(Boolean);
    return ids.map((id) => document.getElementById(id)?.textContent.replace(/\s+/g, ' ').trim() ?? '').join(' ');
  });
}

/**
 * Bob walks the board's grid: Tab on from the hand to the grid (one tab stop), then the arrow
 * keys to the square his marker faces, reading each square's name on the way. Tab away and
 * Shift+Tab back lands on the same square (the roving tab stop). Resolves to the labels read.
 */
async function walkGrid(page, left) {
  await pressUntil(page, 'Tab', (f) => f.inGrid, 'the board grid');
  const start = await focused(page);
  assert.equal(start.role, 'gridcell', 'the grid\'s tab stop is a square');
  if (left) assert.equal(start.id, left, 'the grid\'s tab stop is still where Bob left it, the board refreshed since');
  const target = await page.evaluate(() => {
    const cells = [...document.querySelectorAll('#board-grid [role=row]')].map((r) => [...r.querySelectorAll('[role=gridcell]')]);
    for (const [r, row] of cells.entries()) {
      for (const [c, cell] of row.entries()) {
        if (cell.classList.contains('target')) return { r, c, id: cell.id };
      }
    }
    return null;
  });
  const here = await page.evaluate(() => {
    const rows = [...document.querySelectorAll('#board-grid [role=row]')];
    const r = rows.findIndex((row) => row.contains(document.activeElement));
    return { r, c: [...rows[r].children].indexOf(document.activeElement) };
  });
  const labels = [start.label];
  const goal = target ?? { r: 3, c: 3 };
  const keys = [
    ...Array(Math.abs(goal.r - here.r)).fill(goal.r > here.r ? 'ArrowDown' : 'ArrowUp'),
    ...Array(Math.abs(goal.c - here.c)).fill(goal.c > here.c ? 'ArrowRight' : 'ArrowLeft'),
  ];
  for (const key of keys) {
    await page.keyboard.press(key);
    const f = await focused(page);
    assert.ok(f.inGrid && f.role === 'gridcell', `${key} keeps focus on a square`);
    assert.ok(f.label && f.label.length > 3, `the square ${f.id} has a name`);
    labels.push(f.label);
  }
  const there = await focused(page);
  if (target) assert.equal(there.id, target.id, 'the arrow keys reached the square Bob\'s marker faces');
  // The focus ring shows on the square.
  const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
  assert.notEqual(outline, 'none', 'a focused square shows a focus ring');
  // One tab stop: Tab leaves the grid, Shift+Tab comes back to the same square.
  await page.keyboard.press('Tab');
  assert.equal((await focused(page)).inGrid, false, 'Tab leaves the grid at once');
  await page.keyboard.press('Shift+Tab');
  assert.equal((await focused(page)).id, there.id, 'Shift+Tab returns to the square left');
  return { labels, left: there.id };
}

/** Whether Bob has once tried a play the preview refuses. */
let refusalTried = false;

/**
 * Bob lays the tile of `slot` as shown although its preview refuses it (it would put him out
 * while a safe play exists): the page says why, at once, in an alert in view and next to the button,
 * and sends nothing. Focus stays on the button, so R goes on turning the tile.
 */
async function tryRefusedPlay(page, slot) {
  await pressUntil(page, 'Tab', (f) => f.play && f.slotIndex === slot, `"lay this tile" of tile ${slot + 1}`, 4);
  const v = await pageVersion(page);
  await page.keyboard.press('Enter');
  // The reason is an alert in view (announced) and stands next to the button pressed.
  await page.waitForFunction(() => document.getElementById('move-alert').textContent.includes('Damit scheidest du aus'));
  assert.equal(await page.getAttribute('#move-alert', 'role'), 'alert');
  assert.equal(await page.getAttribute('#move-alert', 'aria-hidden'), null, 'the alert is announced');
  assert.match(await page.textContent('#move-alert'), /Damit scheidest du aus, obwohl du ein Plättchen hast, mit dem du im Spiel bleibst/);
  const near = await page.evaluate(() => document.activeElement.closest('.ts-rotation')?.querySelector('[data-near-error]')?.textContent ?? '');
  assert.match(near, /Damit scheidest du aus/, 'the reason stands next to the button that was pressed');
  assert.equal(await page.locator('#confirm-dialog[open]').count(), 0, 'no question is asked for a refused play');
  assert.equal(await pageVersion(page), v, 'a refused play is not sent');
  assert.equal((await focused(page)).slotIndex, slot, 'focus stays on the tile');
}

/**
 * Bob's move, keyboard only. The start: Tab to the list of start marks, arrow keys to a
 * mark, Tab to "place", Enter. A play: Shift+Tab back to the first tile, R (and Shift+R) to
 * turn each tile until its preview allows it, Tab to "lay this tile", Enter. The dialog opens
 * on "Ja", answered with Enter.
 */
async function moveWithKeyboard(page, moveNumber) {
  const state = await page.evaluate(() => ({
    start: !!document.getElementById('start-mark'),
    bonus: document.querySelectorAll('.ts-bonus-list button').length,
  }));
  if (state.start) {
    await pressUntil(page, 'Tab', (f) => f.id === 'start-mark', 'the list of start marks');
    // Far from Ada's mark (near the top of the list): End, then up nine, low on the left edge.
    const before = await page.inputValue('#start-mark');
    await page.keyboard.press('ArrowDown');
    const next = await page.inputValue('#start-mark');
    assert.notEqual(next, before, 'ArrowDown chose the next start mark');
    await page.keyboard.press('End');
    for (let i = 0; i < 9; i++) await page.keyboard.press('ArrowUp');
    const mark = await page.inputValue('#start-mark');
    assert.notEqual(mark, next, 'the keys chose another start mark');
    await page.keyboard.press('Tab');
    assert.equal((await focused(page)).name, 'use', 'Tab goes on from the list to its button');
  } else if (state.bonus) {
    await pressUntil(page, 'Tab', (f) => f.name === 'move' && f.tag === 'BUTTON', 'a bonus choice');
  } else {
    // From wherever focus is, back (or on) to the first tile's first button.
    const firstOfHand = (f) => f.slotIndex === 0 && (f.turn === 'left' || (f.play && !f.turn));
    const f0 = await focused(page);
    await pressUntil(page, f0.inGrid || f0.slotIndex > 0 ? 'Shift+Tab' : 'Tab', firstOfHand, 'the first tile of the hand');
    const slots = await page.locator('.ts-hand-slot').count();
    let found = false;
    for (let slot = 0; slot < slots && !found; slot++) {
      if (slot > 0) await pressUntil(page, 'Tab', (f) => f.slotIndex === slot, `tile ${slot + 1}`, 6);
      const { rotations } = await shownRotation(page, slot);
      for (let turn = 0; turn < rotations; turn++) {
        const shown = await shownRotation(page, slot);
        if (!shown.refused) { found = true; break; }
        if (!refusalTried) {
          refusalTried = true;
          await tryRefusedPlay(page, slot);
        }
        if (turn === rotations - 1) break;
        const key = moveNumber % 2 ? 'Shift+R' : 'R';
        const heardBefore = (await announced(page)).length;
        await page.keyboard.press(key);
        const after = await shownRotation(page, slot);
        assert.notEqual(after.id, shown.id, `${key} turns tile ${slot + 1}`);
        const f = await focused(page);
        assert.equal(f.slotIndex, slot, `focus stays on tile ${slot + 1} as it turns`);
        assert.equal(f.turn, key === 'R' ? 'right' : 'left', 'focus moves to the same turn button of the turned tile');
        // A screen-reader user hears the new preview once: as the description of the button
        // focus moved to, and not again from a live region.
        assert.ok((await focusedDescription(page)).includes(after.preview), 'the focused button is described by the preview');
        await page.waitForTimeout(150);
        const heard = (await announced(page)).slice(heardBefore).map((a) => a.text);
        assert.ok(!heard.some((text) => after.preview && text.includes(after.preview)), `the preview is not said twice: ${JSON.stringify(heard)}`);
      }
    }
    assert.ok(found, 'the engine always leaves a play it does not refuse');
    await pressUntil(page, 'Tab', (f) => f.play, '"Dieses Plättchen legen"', 4);
    const description = await focusedDescription(page);
    assert.ok(description.length > 20, `"lay this tile" is described by its preview: "${description}"`);
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement).outlineStyle);
    assert.notEqual(outline, 'none', 'the focused button shows a focus ring');
  }
  const before = Number(await page.getAttribute('#game', 'data-version'));
  await page.keyboard.press('Enter');
  // The only move there is goes without a question; any other is asked first.
  const asked = await Promise.race([
    page.locator('#confirm-dialog[open]').waitFor().then(() => true, () => false),
    page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, before).then(() => false, () => false),
  ]);
  if (!asked) return;
  assert.equal((await focused(page)).id, 'confirm-yes', 'the dialog opens with focus on its "yes" button');
  await page.keyboard.press('Enter');
}

test('two players, mouse and keyboard alone, English and German, play a whole game of Tsuro', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bob = await browser.newPlayer({ locale: 'de', baseURL: server.url });

  // Ada opens a table of two for Tsuro, the second seat kept for whoever has the link.
  await signUp(ada, 'Ada');
  await ada.goto('/lobby');
  await ada.selectOption('#game', 'tsuro');
  await ada.selectOption('#seat1', 'invite');
  await Promise.all([ada.waitForURL(/\/tables\//), ada.click('#create-table button[type=submit]')]);
  const invitation = await ada.inputValue('#invite-link');
  assert.match(invitation, /\/tables\/[^?]+\?invite=/, 'the table page shows an invitation link');

  // Bob, signed out, follows the link and takes the seat as a guest, by keyboard.
  await bob.goto(invitation);
  assert.equal(await bob.getAttribute('html', 'lang'), 'de');
  await pressUntil(bob, 'Tab', (f) => f.id === 'guest-name', 'the guest name field');
  await bob.keyboard.type('Bob');
  await Promise.all([bob.waitForURL(/\/games\//), bob.keyboard.press('Enter')]);
  await ada.waitForURL(/\/games\//, { timeout: 20_000 });
  assert.equal(new URL(ada.url()).pathname, new URL(bob.url()).pathname, 'both players are in the same game');

  for (const page of [ada, bob]) {
    await page.locator('#game').waitFor();
    await watchAnnouncements(page);
    assert.equal(await page.locator('.ts-seat').count(), 2, 'two markers in the key');
  }
  assert.equal(await bob.textContent('#history-h2'), 'Was geschah', "Bob's game page is in German");
  assert.equal(await ada.textContent('#history-h2'), 'What happened');
  // The keys that turn a tile are said where the page's script, which handles them, runs;
  // without it (Ada's page, her cookies, no JavaScript) the hand does not promise them.
  assert.ok(await bob.isVisible('#ts-keys-hint'), 'the hand says which keys turn a tile');
  const noScript = await browser.browser.newContext({ storageState: await ada.context().storageState(), javaScriptEnabled: false });
  const plain = await noScript.newPage();
  await plain.goto(ada.url());
  assert.equal(await plain.locator('#ts-hand-h2').count(), 1, 'Ada\'s hand without JavaScript');
  assert.equal(await plain.isVisible('#ts-keys-hint'), false, 'no keys promised without JavaScript');
  await noScript.close();
  // What a screen reader meets on Ada's page before the first mark is placed: the dealt
  // tiles differ from game to game, the rest does not.
  await ariaSnapshot(ada, '#game', 'tsuro-game-start-ada', { mask: START_MASK });
  await checkA11y(ada, "Ada's Tsuro page at the start");
  await checkA11y(bob, "Bob's Tsuro page at the start");

  const players = {
    ada: { page: ada, name: 'Ada', move: (page) => moveWithMouse(page), yourTurn: 'Your turn.' },
    bob: { page: bob, name: 'Bob', move: moveWithKeyboard, yourTurn: 'Du bist am Zug.' },
  };
  let moves = 0;
  let middle = false;
  let walks = 0;
  let bobActed = false;
  let lastSquare = null;
  let phone = false;
  for (;;) {
    const outcome = await Promise.race([
      waitTurnOrEnd(ada).then((what) => ({ who: 'ada', what })),
      waitTurnOrEnd(bob).then((what) => ({ who: 'bob', what })),
    ]);
    if (outcome.what === 'over') break;
    assert.ok(moves < MAX_MOVES, `the game is still going after ${MAX_MOVES} moves`);
    const mover = players[outcome.who];
    const other = outcome.who === 'ada' ? players.bob : players.ada;
    const v = await pageVersion(mover.page);
    // The other page hears of the last move on its own socket, maybe a moment later.
    await waitVersion(other.page, v);
    assert.equal(await pageVersion(other.page), v, 'both pages show the same state before a move');
    const history = (await historyLines(other.page)).length;
    const heard = (await announced(other.page)).length;

    if (mover === players.bob && moves >= 3) {
      // Before his play Bob reads the board: the squares around his marker and the one it faces.
      const { labels, left } = await walkGrid(bob, lastSquare);
      lastSquare = left;
      walks += 1;
      assert.ok(labels.every((l) => l && l.length > 0), 'every square visited has a name');
      if (!middle && moves >= 5) {
        middle = true;
        await checkA11y(ada, "Ada's Tsuro page in the middle");
        await checkA11y(bob, "Bob's Tsuro page in the middle");
        await screenshot(bob, 'tsuro-de');
      }
    }

    if (mover === players.ada && !phone && moves >= 4) {
      // Ada's page on a phone, her tiles' previews showing: nothing scrolls sideways, and the
      // board fits the width.
      phone = true;
      await ada.setViewportSize({ width: 320, height: 640 });
      const { scroll, width, board } = await ada.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: window.innerWidth,
        board: document.querySelector('.ts-board-wrap').getBoundingClientRect().right,
      }));
      assert.ok(scroll <= width, `the Tsuro page scrolls sideways at ${width} px: it is ${scroll} px wide`);
      assert.ok(board <= width, `the board fits a ${width} px screen (its right edge at ${board})`);
      await checkA11y(ada, "Ada's Tsuro page on a phone");
      await screenshot(ada, 'tsuro-phone');
      await ada.setViewportSize({ width: 1280, height: 800 });
    }

    await mover.move(mover.page, moves);
    moves += 1;
    await waitVersion(mover.page, v + 1);
    await waitVersion(other.page, v + 1);
    // Once Bob has used the page, no refresh of it takes his focus away.
    if (mover === players.bob) bobActed = true;
    if (bobActed) await assertFocusKept(bob, `after move ${moves} (${mover.name}'s)`);
    if (mover === players.bob && !(await bob.locator('#outcome').count())) {
      // The button Bob pressed went with the tile: focus is on his hand's heading instead
      // (or, his marker out and so his hand gone, on the hand's place).
      const handLeft = await bob.locator('#ts-hand-h2').count();
      assert.equal((await focused(bob)).id, handLeft ? 'ts-hand-h2' : 'hand', 'after his move Bob\'s focus is on his hand\'s heading');
    }

    // The move reaches the other page: a line in its history (a live log) naming the mover,
    // and, when the turn passes to them, "your turn" through the assertive live region.
    await waitHistoryAbove(other.page, history);
    const line = (await historyLines(other.page))[history];
    assert.ok(line.includes(mover.name), `"${line}" names ${mover.name}`);
    if ((await waitTurnOrEnd(other.page)) === 'turn') {
      await other.page.waitForFunction(
        ({ from, text }) => window.__announced.slice(from).some((a) => a.region === 'announce-assertive' && a.text === text),
        { from: heard, text: other.yourTurn },
      );
    }
  }

  assert.ok(middle, `the game reached its middle (${moves} moves)`);
  assert.ok(walks >= 1, 'Bob walked the board');
  assert.ok(phone, 'Ada\'s page was seen on a phone');
  if (!refusalTried) t.diagnostic('no refused play came up in Bob\'s hand this game');
  for (const page of [ada, bob]) await page.locator('#outcome').waitFor();
  const [adaLines, bobLines] = [await historyLines(ada), await historyLines(bob)];
  assert.equal(adaLines.length, bobLines.length, 'both histories hold every move');
  assert.ok(adaLines.length >= moves, 'every move is in the history');
  assert.equal(await bob.textContent('#outcome h2'), 'Die Partie ist vorbei');
  await checkA11y(ada, "Ada's Tsuro page at the end");
  await checkA11y(bob, "Bob's Tsuro page at the end");
});
