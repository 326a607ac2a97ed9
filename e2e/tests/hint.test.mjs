// The Hint button in Tsuro against the computer: pressed in German, it says in words which tile
// of the hand to lay, turned how, and where the marker ends up, with the move put into the move
// box and not played; the reader then plays the suggested move. Checked by axe with the hint
// shown, and screenshotted.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';
import { moveWithMouse, pageVersion, waitTurnOrEnd, waitVersion } from '../lib/tsuro.mjs';

/** Presses Tipp and waits for the panel; resolves to its text and the suggested move. */
async function askHint(page) {
  await page.click('#hint-button');
  await page.locator('#hint-panel #hint-move').waitFor();
  const words = (await page.textContent('#hint-panel')).replace(/\s+/g, ' ').trim();
  const move = (await page.textContent('#hint-move')).trim();
  return { words, move };
}

test('a hint in Tsuro against the computer, in German, then its move played', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'de', baseURL: server.url });

  await page.goto('/');
  await Promise.all([page.waitForURL(/\/games\//), page.click('form[action="/play"]:has(input[value="tsuro"]) button[type=submit]')]);
  assert.equal(await waitTurnOrEnd(page), 'turn');
  // The marker goes on the rim first: past that, the hint is about a tile.
  const version = await pageVersion(page);
  await moveWithMouse(page);
  await waitVersion(page, version + 1);
  assert.equal(await waitTurnOrEnd(page), 'turn');

  const before = await pageVersion(page);
  const { words, move } = await askHint(page);
  assert.match(move, /^play \d\d-\d\d-\d\d-\d\d$/);
  assert.match(words, /Der Computer würde spielen:|Du hast nur einen Zug:|Hier ist es fast gleich|Hier verliert jeder Zug/);
  assert.match(words, /Lege Plättchen \d deiner Hand auf [a-f][1-6]/, words);
  assert.match(words, /Deine Figur /, words);
  assert.equal(await page.inputValue('#move-input'), move, 'the move waits in the move box');
  assert.equal(await pageVersion(page), before, 'nothing is played');
  assert.equal(await page.getAttribute('#hint-panel', 'role'), 'status');
  await checkA11y(page, 'the Tsuro page with a hint, in German');
  await screenshot(page, 'tsuro-hint-de');

  // A second press shows the same answer.
  assert.equal((await askHint(page)).move, move);

  // The suggested move, played from the move box.
  await page.locator('#typed-move:not([aria-busy])').waitFor();
  await page.click('#typed-move button[type=submit]');
  const asked = await Promise.race([
    page.locator('#confirm-dialog[open]').waitFor().then(() => true, () => false),
    page.waitForFunction((v) => Number(document.getElementById('game').dataset.version) > v, before).then(() => false, () => false),
  ]);
  if (asked) await page.click('#confirm-yes');
  await waitVersion(page, before + 1);
  const history = await page.textContent('#history');
  assert.match(history, /Du hast .*gelegt|Du legst|Plättchen/, 'the history tells the play');
  // The panel empties with the new state of the game.
  await page.waitForFunction(() => !document.querySelector('#hint-panel #hint-move'));
});

test('a hint in Tyranny against the computer, in French, says what each face of the die brings', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'fr', baseURL: server.url });

  await page.goto('/');
  await Promise.all([page.waitForURL(/\/games\//), page.click('form[action="/play"]:has(input[value="tyranny"]) button[type=submit]')]);
  await page.waitForFunction(() => document.querySelector('#hand button[name=move]'), null, { timeout: 60_000, polling: 100 });
  const before = await pageVersion(page);
  const { words, move } = await askHint(page);
  // The opening: Cop 1 on the Commissariat, free to move; the hint names the piece, where it
  // stands, and what the die would bring (in words, with French typography).
  assert.match(words, /Flic 1 est sur la case O0 \(Commissariat\)\./, words);
  if (move === 'move') {
    assert.match(words, /Avec [1-6][^:]* : Flic 1 arrive sur la case O\d+/, words);
    assert.match(await page.textContent('#hint-panel'), /Avec [1-6][^:]*\u202f: /, 'a narrow no-break space before the colon');
  }
  assert.doesNotMatch(words, /%/, 'no chance shown');
  assert.equal(await page.inputValue('#move-input'), move, 'the move waits in the move box');
  assert.equal(await pageVersion(page), before, 'nothing is played');
  await checkA11y(page, 'the Tyranny page with a hint, in French');
  await screenshot(page, 'tyranny-hint-fr');
});
