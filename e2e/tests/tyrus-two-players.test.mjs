// Two people play a whole game of Tyrus in two browsers: Ada (English) with the mouse, Bruno
// (German, a guest who came through Ada's invitation link) with the keyboard alone. Checks
// that every move reaches both histories, that neither page ever shows the other's tile faces,
// that the pages pass axe at the start, middle and end, and measures how long a move takes to
// show on the other player's page (e2e/results/move-latency.json).

import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { ariaSnapshot, checkA11y, launchBrowser } from '../lib/browser.mjs';
import {
  faceUpTiles,
  focusedElement as focused,
  gameState,
  handTiles,
  historyLines,
  historyTime,
  openInvitationTable,
  percentiles,
  pressUntil,
  signUp,
  waitHistoryAbove,
  waitTurnOrEnd,
  watchHistory,
} from '../lib/flows.mjs';
import { repoRoot, startServer } from '../lib/server.mjs';

/** Tyrus places at most 9 elections × 6 tiles. */
const MAX_MOVES = 54;

/**
 * What differs from deal to deal on Ada's page before the first move, in English: her tiles,
 * the first election's office, who places first, and the piles' counts.
 */
const DEAL_MASK = [
  [/^- 'group "Your hand: 9 tiles"':\n(?: {2}.*\n)*/m, '- group "Your hand: 9 tiles": (the dealt tiles)\n'],
  [/^- paragraph: "Election 1 of 9, .*\n/m, '- paragraph: "Election 1 of 9, (office; whose turn)"\n'],
  [/^- paragraph: Your turn\.\n/m, ''],
  [/^- paragraph: Choose a tile from your hand, then a building\..*\n/m, ''],
  [/ \[disabled\]/g, ''],
  [/▶ /g, ''],
  [/ to move$/gm, ''],
  [/\b(General|Guildmaster|High Priest)\b/g, 'OFFICE'],
  [/\((Soldiers|Merchants|Priests) in the (citadels|markets|temples)\)/g, '(PROFESSION in the KIND)'],
  [/, counted now/g, ''],
  [/ counted now$/gm, ''],
  [/being played/g, ''],
  [/: \d (?:generals?|guildmasters?|high priests?), \d (?:generals?|guildmasters?|high priests?), \d (?:generals?|guildmasters?|high priests?)/g, ': N OFFICE, N OFFICE, N OFFICE'],
  [/, (Soldiers|Merchants|Priests) \(\d+\)(?: [\d, ]+)?/g, ', $1 (N) NUMBERS'],
  [/cell "[\d, ]+"/g, 'cell "NUMBERS"'],
];

/** A tile's name in the history, as in "Soldier 5" or "Händler 10". */
function tileName(code, lang) {
  const professions = { en: { S: 'Soldier', M: 'Merchant', P: 'Priest' }, de: { S: 'Soldat', M: 'Händler', P: 'Priester' } };
  return `${professions[lang][code[0]]} ${code.slice(1)}`;
}

/** How the history tells the other player of a placement. */
const FACE_DOWN = { en: /face-down tile/, de: /verdeckten Spielstein/ };

/** Ada's move: click a tile of her hand, click a building, click "Yes" in the dialog. */
async function moveWithMouse(page, moveNumber) {
  const tiles = await handTiles(page);
  const tile = tiles[moveNumber % tiles.length];
  await page.click(`label[for="tile-${tile}"]`);
  const buildings = page.locator('#board-grid button[name=target]');
  const building = buildings.nth(moveNumber % (await buildings.count()));
  const target = await building.getAttribute('value');
  await building.click();
  const yes = page.locator('#confirm-dialog[open] #confirm-yes');
  await yes.waitFor();
  const confirmedAt = Date.now();
  await yes.click();
  return { tile, target, confirmedAt };
}

/**
 * Bruno's move, keyboard only: Tab into the hand, arrow keys to a tile (arrows check the
 * radio), Tab on to the board grid (it comes after the hand), arrows to a building, Enter;
 * the dialog opens on "Ja", answered with Enter.
 */
async function moveWithKeyboard(page, moveNumber) {
  const isTile = (f) => f.tag === 'INPUT' && f.name === 'tile';
  await pressUntil(page, 'Tab', isTile, 'a tile of the hand');
  for (let i = 0; i <= moveNumber % 3; i++) await page.keyboard.press('ArrowRight');
  const tile = await page.evaluate(() => document.querySelector('#hand input[name=tile]:checked')?.value);
  assert.ok(tile, 'the arrow keys chose a tile');
  assert.equal((await focused(page)).id, `tile-${tile}`, 'focus is on the chosen tile');

  const isBuilding = (f) => f.tag === 'BUTTON' && f.name === 'target';
  await pressUntil(page, 'Tab', isBuilding, 'a building of the board grid');
  await page.keyboard.press(moveNumber % 2 === 0 ? 'ArrowDown' : 'ArrowUp');
  for (let i = 0; i < moveNumber % 3; i++) await page.keyboard.press('ArrowRight');
  const target = await page.evaluate(() => document.activeElement.value);
  await page.keyboard.press('Enter');
  await page.locator('#confirm-dialog[open]').waitFor();
  assert.equal((await focused(page)).id, 'confirm-yes', 'the dialog opens with focus on its "yes" button');
  const confirmedAt = Date.now();
  await page.keyboard.press('Enter');
  return { tile, target, confirmedAt };
}

test('two players, mouse and keyboard, English and German, play a whole game of Tyrus', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bruno = await browser.newPlayer({ locale: 'de', baseURL: server.url });

  await signUp(ada, 'Ada');
  const invitation = await openInvitationTable(ada);

  // Bruno, signed out, follows the link and takes the seat as a guest, by keyboard.
  await bruno.goto(invitation);
  assert.equal(await bruno.getAttribute('html', 'lang'), 'de');
  await pressUntil(bruno, 'Tab', (f) => f.id === 'guest-name', 'the guest name field');
  await bruno.keyboard.type('Bruno');
  await Promise.all([bruno.waitForURL(/\/games\//), bruno.keyboard.press('Enter')]);
  await ada.waitForURL(/\/games\//, { timeout: 20_000 });
  assert.equal(new URL(ada.url()).pathname, new URL(bruno.url()).pathname, 'both players are in the same game');

  const players = {
    ada: { page: ada, lang: 'en', move: moveWithMouse, placed: new Set() },
    bruno: { page: bruno, lang: 'de', move: moveWithKeyboard, placed: new Set() },
  };
  for (const { page } of Object.values(players)) {
    await page.locator('#game').waitFor();
    await watchHistory(page);
  }
  assert.equal(await bruno.getAttribute('html', 'lang'), 'de');
  assert.equal(await bruno.textContent('#history-h2'), 'Was geschah', "Bruno's game page is in German");
  assert.equal(await ada.textContent('#history-h2'), 'What happened');

  // What a screen reader is told of Ada's game page before any move, the deal masked.
  await ariaSnapshot(ada, '#game', 'tyrus-game-start-ada', { mask: DEAL_MASK });
  await checkA11y(ada, "Ada's game page at the start");
  await checkA11y(bruno, "Bruno's game page at the start");

  const latencies = [];
  let moves = 0;
  for (;;) {
    // Whoever's turn it is shows it on their page; the other page says it is not theirs.
    const outcome = await Promise.race([
      waitTurnOrEnd(ada).then((what) => ({ who: 'ada', what })),
      waitTurnOrEnd(bruno).then((what) => ({ who: 'bruno', what })),
    ]);
    if (outcome.what === 'over') break;
    assert.ok(moves < MAX_MOVES, `the game is still going after ${MAX_MOVES} moves`);
    const mover = players[outcome.who];
    const other = outcome.who === 'ada' ? players.bruno : players.ada;
    const before = { mover: await gameState(mover.page), other: await gameState(other.page) };
    assert.equal(before.mover.history, before.other.history, 'both histories hold the same entries before a move');

    const { tile, target, confirmedAt } = await mover.move(mover.page, moves);
    mover.placed.add(tile);
    moves += 1;

    await waitHistoryAbove(other.page, before.other.history);
    await waitHistoryAbove(mover.page, before.mover.history);
    latencies.push((await historyTime(other.page, before.other.history)) - confirmedAt);

    // The mover's line names the tile; the other's line says only "a face-down tile". Its
    // first sentence is the placement: what follows may be the count, which reveals tiles.
    const moverLine = (await historyLines(mover.page))[before.mover.history];
    const otherLine = (await historyLines(other.page))[before.other.history];
    assert.ok(moverLine.includes(tileName(tile, mover.lang)), `"${moverLine}" names ${tile}`);
    const placement = otherLine.split('. ')[0];
    assert.match(placement, FACE_DOWN[other.lang], `"${placement}" says a face-down tile`);
    assert.ok(!placement.includes(tileName(tile, other.lang)), `"${placement}" does not name ${tile}`);
    // Whatever a page shows face up on the board is its reader's own tiles, never the other's.
    for (const p of [mover, other]) {
      for (const code of await faceUpTiles(p.page)) {
        assert.ok(p.placed.has(code), `a face-up ${code} on a board is its reader's own tile (target ${target})`);
      }
    }

    if (moves === 8) {
      await checkA11y(ada, "Ada's game page in the middle");
      await checkA11y(bruno, "Bruno's game page in the middle");
    }
  }

  assert.ok(moves >= 18, `a game of Tyrus lasts at least three elections (${moves} moves)`);
  for (const page of [ada, bruno]) await page.locator('#outcome').waitFor();
  const [adaLines, brunoLines] = [await historyLines(ada), await historyLines(bruno)];
  assert.equal(adaLines.length, brunoLines.length, 'both histories hold every move');
  assert.equal(await bruno.textContent('#outcome h2'), 'Die Partie ist vorbei');
  await checkA11y(ada, "Ada's game page at the end");
  await checkA11y(bruno, "Bruno's game page at the end");

  const summary = { ...percentiles(latencies), unit: 'ms', moves, what: 'confirming click or key press to the other browser showing the new history entry' };
  const dir = join(repoRoot, 'e2e', 'results');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'move-latency.json'), `${JSON.stringify({ ...summary, samples: latencies }, null, 2)}\n`);
  t.diagnostic(`move latency over ${summary.count} moves: p50 ${summary.p50} ms, p90 ${summary.p90} ms, p99 ${summary.p99} ms, max ${summary.max} ms`);
  process.stdout.write(`move latency: ${JSON.stringify(summary)}\n`);
});
