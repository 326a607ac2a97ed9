// Tyrus's board against the computer: each profession's tiles drawn with their own outline,
// colour and emblem and the reader's initials (German H for Händler), the computer's last
// tile marked on its building until it plays again, that tile moving in as the board
// arrives (never under reduced motion), and every building's and tile's accessible name
// holding the text it shows. Screenshots in the light and the dark theme.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { gameState, playTypedMove, waitHistoryAbove, waitTurnOrEnd } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** Starts a game of Tyrus against the computer from the home page, as a guest. */
async function startGame(page) {
  await page.goto('/');
  await Promise.all([
    page.waitForURL(/\/games\//),
    page.click('form[action="/play"]:has(input[value="tyrus"]) button[type=submit]'),
  ]);
  assert.equal(await waitTurnOrEnd(page), 'turn');
}

/**
 * Plays until it is the reader's turn right after a move of the computer's (at once when the
 * computer placed first), so that the computer's last tile is the game's last move.
 */
async function untilTheComputerJustPlayed(page) {
  for (let moves = 0; ; moves++) {
    const last = await page.evaluate(() => document.querySelector('#history li:last-child')?.textContent ?? '');
    if (/^\s*(The computer placed|Der Computer hat)/.test(last)) return;
    assert.ok(moves < 6, 'the computer plays within a few moves');
    const before = (await gameState(page)).history;
    await playTypedMove(page);
    await waitHistoryAbove(page, before);
    assert.equal(await waitTurnOrEnd(page), 'turn');
  }
}

/**
 * Every Tyrus control whose accessible name (its aria-label, else its label's text) does not
 * hold the text it shows, the way axe's label-content-name-mismatch compares them (case,
 * spaces and punctuation aside); and every name with a space before a comma.
 */
function namesMissingTheirText(page) {
  return page.evaluate(() => {
    const plain = (s) => s.toLowerCase().replace(/[.,;:!?()«»„“"]/g, ' ').replace(/\s+/g, ' ').trim();
    const wrong = [];
    const controls = [
      ...[...document.querySelectorAll('#board-grid button')].map((b) => [b, b.getAttribute('aria-label') ?? '', b.innerText]),
      ...[...document.querySelectorAll('#hand input[name=tile]')].map((i) => [i, i.getAttribute('aria-label') ?? i.labels[0].innerText, i.labels[0].innerText]),
    ];
    for (const [el, name, shown] of controls) {
      if (!plain(name).includes(plain(shown)) || / ,/.test(name)) wrong.push(`${el.id}: "${name}" shows "${shown}"`);
    }
    return wrong;
  });
}

test('the computer\'s last tile is marked and moves in; professions drawn apart; names hold their text', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url });
  await startGame(page);
  await untilTheComputerJustPlayed(page);

  // The computer's last tile: one building marked, in words and in its name.
  const marked = page.locator('#board-grid .building.just-placed');
  assert.equal(await marked.count(), 1, 'one building holds the computer\'s last tile');
  assert.equal((await marked.locator('.placed-mark').textContent()).trim(), 'just placed');
  assert.match(await marked.getAttribute('aria-label'), /, just placed, .*, the computer's last tile$/);
  assert.equal(await page.locator('#board-grid .placed-mark').count(), 1, 'the reader\'s own tiles are not marked');

  // Each profession of the hand has its emblem, outline and colour; the face shows the code.
  const looks = await page.evaluate(() => [...document.querySelectorAll('#hand label.tile')].map((label) => {
    const style = getComputedStyle(label);
    const emblem = label.querySelector('svg.emblem');
    const box = emblem?.getBoundingClientRect();
    return {
      profession: ['soldier', 'merchant', 'priest'].find((p) => label.classList.contains(p)),
      face: label.querySelector('.face').textContent,
      code: label.htmlFor.slice('tile-'.length),
      emblem: emblem ? emblem.innerHTML : null,
      emblemSize: box ? Math.min(box.width, box.height) : 0,
      radius: style.borderTopLeftRadius,
      border: style.borderTopColor,
    };
  }));
  assert.ok(looks.length > 0, 'the hand holds tiles');
  for (const look of looks) {
    assert.ok(look.emblem && look.emblemSize >= 14, `${look.code} shows its emblem (${look.emblemSize} px)`);
    assert.equal(look.face, look.code, `${look.code}'s face in English is its code`);
  }
  const byProfession = new Map(looks.map((l) => [l.profession, l]));
  const kinds = [...byProfession.values()];
  for (let i = 0; i < kinds.length; i++) {
    for (let j = i + 1; j < kinds.length; j++) {
      const [a, b] = [kinds[i], kinds[j]];
      assert.notEqual(a.emblem, b.emblem, `${a.profession} and ${b.profession} have their own emblems`);
      assert.notEqual(a.radius, b.radius, `${a.profession} and ${b.profession} have their own outlines`);
      assert.notEqual(a.border, b.border, `${a.profession} and ${b.profession} have their own colours`);
    }
  }

  assert.deepEqual(await namesMissingTheirText(page), [], 'every building and tile is named by what it shows');
  await checkA11y(page, 'Tyrus after the computer placed a tile (en)');
  await screenshot(page, 'tyrus-board-light-en');

  // The board arriving (the page's script marks #board so after a live update): the marked
  // building and the tile the computer placed move in.
  await page.evaluate(() => document.getElementById('board').classList.add('arriving'));
  const running = await page.evaluate(() => document.getAnimations().map((a) => a.animationName));
  assert.ok(running.includes('tyrus-mark'), `the marked building animates: ${running}`);
  if (await page.locator('#board-grid .arriving-tile').count()) {
    assert.ok(running.includes('tyrus-arrive'), `the computer's tile moves in: ${running}`);
  }
  await page.evaluate(() => document.getElementById('board').classList.remove('arriving'));

  // Until the computer plays again the mark stays, through the reader's own move.
  const markedId = await marked.getAttribute('id');
  const before = (await gameState(page)).history;
  await playTypedMove(page);
  await waitHistoryAbove(page, before);
  const after = await page.evaluate((id) => ({
    mark: document.querySelectorAll('#board-grid .just-placed').length,
    history: [...document.querySelectorAll('#history li')].slice(-1)[0].textContent,
    same: document.getElementById(id)?.classList.contains('just-placed'),
  }), markedId);
  if (!/^\s*The computer placed/.test(after.history)) {
    assert.equal(after.mark, 1, 'the computer\'s mark stays after the reader\'s own move');
    assert.ok(after.same, 'on the same building');
    // The reader's own move arriving moves nothing of the computer's.
    await page.evaluate(() => document.getElementById('board').classList.add('arriving'));
    const moving = await page.evaluate(() => document.getAnimations().map((a) => a.animationName));
    assert.ok(!moving.includes('tyrus-mark') && !moving.includes('tyrus-arrive'), `nothing of the computer's moves: ${moving}`);
    await page.evaluate(() => document.getElementById('board').classList.remove('arriving'));
  }
  // With two of the reader's tiles in a building (the first offered move both times), the
  // faces still read apart, in the name as on screen.
  assert.equal(await waitTurnOrEnd(page), 'turn');
  const again = (await gameState(page)).history;
  await playTypedMove(page);
  await waitHistoryAbove(page, again);
  assert.deepEqual(await namesMissingTheirText(page), [], 'names hold their text with several tiles in a building');
  await checkA11y(page, 'Tyrus with several tiles in a building (en)');
});

test('German initials and the dark theme; no animation under reduced motion', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'de', baseURL: server.url, colorScheme: 'dark', reducedMotion: 'reduce' });
  await startGame(page);
  await untilTheComputerJustPlayed(page);

  const merchants = page.locator('#hand label.tile.merchant');
  if (await merchants.count()) {
    assert.equal(await page.textContent('#hand-merchant'), 'Händler (tippe M)', 'the hand says how merchants are typed');
    for (const face of await merchants.locator('.face').allTextContents()) {
      assert.match(face, /^H\d+$/, 'a Händler shows H');
    }
    const input = page.locator('#hand input[value^="M"]').first();
    assert.match(await input.getAttribute('aria-label'), /^H\d+, Händler \d+$/);
  } else {
    t.diagnostic('no merchant was dealt to the hand: the German initials are checked on the board only');
  }
  for (const face of await page.locator('#hand label.tile.soldier .face').allTextContents()) assert.match(face, /^S\d+$/);
  for (const face of await page.locator('#hand label.tile.priest .face').allTextContents()) assert.match(face, /^P\d+$/);
  const marked = page.locator('#board-grid .building.just-placed');
  assert.equal(await marked.count(), 1);
  assert.equal((await marked.locator('.placed-mark').textContent()).trim(), 'gerade gesetzt');
  assert.match(await marked.getAttribute('aria-label'), /, gerade gesetzt, .*, der letzte Spielstein des Computers$/);

  assert.deepEqual(await namesMissingTheirText(page), []);
  await checkA11y(page, 'Tyrus after the computer placed a tile, dark (de)');
  await screenshot(page, 'tyrus-board-dark-de');

  await page.evaluate(() => document.getElementById('board').classList.add('arriving'));
  assert.deepEqual(await page.evaluate(() => document.getAnimations().length), 0, 'no animation under reduced motion');
});
