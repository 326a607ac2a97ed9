// The replay viewer: a finished game of each game stepped through from its start to its end
// with the keyboard alone (Home, then →), the polite live region saying every step, the
// heading and the marked history line following; axe clean in English, German and French;
// readable at 360 px without sideways scrolling.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertReflows, checkA11y, checkA11yInEachLanguage, launchBrowser, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const PHONE = { width: 360, height: 740 };

/** Plays up to `moves` of the reader's moves against the computer through the API, then resigns. */
async function finishGame(page, moves) {
  const id = new URL(page.url()).pathname.split('/')[2];
  await page.evaluate(async ({ id, moves }) => {
    const api = `/api/games/${id}`;
    const post = (path, body) => fetch(path, {
      method: 'POST',
      credentials: 'same-origin',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    });
    for (let made = 0, waited = 0; made < moves && waited < 400;) {
      const state = await (await fetch(api, { credentials: 'same-origin' })).json();
      if (state.status !== 'playing') return;
      const legal = state.legal_moves || [];
      if (legal.length === 0) {
        waited += 1;
        await new Promise((resolve) => setTimeout(resolve, 50));
        continue;
      }
      await post(`${api}/move`, { move: legal[made % legal.length], version: state.version });
      made += 1;
    }
    const state = await (await fetch(api, { credentials: 'same-origin' })).json();
    if (state.status === 'playing') await post(`${api}/resign`, {});
  }, { id, moves });
  return id;
}

/** The polite live region's last line. */
function lastSaid(page) {
  return page.evaluate(() => document.querySelector('#announce-polite p:last-child')?.textContent ?? '');
}

/** Steps through the replay now shown from its start to its end with ← → Home End alone. */
async function stepThrough(page, label) {
  const steps = Number(await page.getAttribute('#replay-step-h2', 'data-steps'));
  assert.ok(steps >= 3, `${label}: a few steps to go through (${steps})`);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('replay-step-h2').dataset.step === '0');
  assert.match(await lastSaid(page), new RegExp(`^Step 0 of ${steps} `), `${label}: step 0 said`);
  for (let step = 1; step <= steps; step++) {
    await page.keyboard.press('ArrowRight');
    await page.waitForFunction(
      (want) => document.getElementById('replay-step-h2').dataset.step === String(want), step);
    const said = await lastSaid(page);
    const narration = await page.textContent('#replay-narration');
    assert.equal(said, `Step ${step} of ${steps} ${narration}`, `${label}: step ${step} said`);
    assert.equal(await page.getAttribute('#replay-history [aria-current=step]', 'data-step'), String(step),
      `${label}: step ${step} marked in the history`);
    assert.ok(new URL(page.url()).searchParams.get('step') === String(step), `${label}: the address follows`);
  }
  // Past the end nothing moves; ← goes back one, End to the last again.
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('ArrowLeft');
  await page.waitForFunction(
    (want) => document.getElementById('replay-step-h2').dataset.step === String(want), steps - 1);
  await page.keyboard.press('End');
  await page.waitForFunction(
    (want) => document.getElementById('replay-step-h2').dataset.step === String(want), steps);
  return steps;
}

for (const game of ['tyrus', 'tsuro', 'tyranny']) {
  test(`a finished game of ${game} stepped through with the keyboard alone`, async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPlayer({ locale: 'en', baseURL: server.url });
    await page.goto('/');
    await page.selectOption(`#level-${game}`, 'beginner');
    await Promise.all([
      page.waitForURL(/\/games\//),
      page.click(`form[action="/play"]:has(#level-${game}) button[type=submit]`),
    ]);
    const id = await finishGame(page, 6);
    await page.goto(`/games/${id}`);
    await Promise.all([page.waitForURL(/\/replay/), page.click('#replay-link')]);
    const steps = await stepThrough(page, game);
    // Without the script the same controls are links to each step.
    assert.equal(await page.getAttribute('#replay-first', 'href'), `/games/${id}/replay?step=0&as=0`);
    await checkA11yInEachLanguage(page, `the replay of ${game}`);
    await screenshot(page, `replay-${game}-en`);
    // A step in the middle, everything revealed, on a phone.
    await page.setViewportSize(PHONE);
    await page.goto(`/games/${id}/replay?step=${Math.floor(steps / 2)}&as=all`);
    await assertReflows(page, `the replay of ${game} at 360 px`);
    await checkA11y(page, `the replay of ${game}, everything revealed, at 360 px`);
    await screenshot(page, `replay-${game}-all-360`);
  });
}

test('a record opened from disk is shown in the same viewer', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'fr', baseURL: server.url });
  await page.goto('/');
  await page.selectOption('#level-tsuro', 'beginner');
  await Promise.all([
    page.waitForURL(/\/games\//),
    page.click('form[action="/play"]:has(#level-tsuro) button[type=submit]'),
  ]);
  const id = await finishGame(page, 4);
  const record = await page.evaluate(async (id) => (await fetch(`/api/games/${id}/record`)).text(), id);
  await page.goto('/replay');
  await checkA11y(page, 'the record form');
  await page.setInputFiles('#record-file', { name: 'game.json', mimeType: 'application/json', buffer: Buffer.from(record) });
  await page.waitForFunction(() => document.getElementById('record').value.length > 0);
  await Promise.all([page.waitForNavigation(), page.click('#replay-open-form button[type=submit]')]);
  await page.locator('#replay-step-h2').waitFor();
  assert.match(await page.textContent('#fair-verdict'), /équitable/);
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('replay-step-h2').dataset.step === '0');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('replay-step-h2').dataset.step === '1');
  assert.match(await lastSaid(page), /^Étape 1 sur /);
  await checkA11y(page, 'an opened record, in French');
  await screenshot(page, 'replay-record-fr');
  // A broken record: the form again, saying what is wrong.
  await page.goto('/replay');
  await page.fill('#record', '{"game": "chess", "seed": 1}');
  await Promise.all([page.waitForNavigation(), page.click('#replay-open-form button[type=submit]')]);
  assert.match(await page.textContent('#error-summary'), /chess/);
  await checkA11y(page, 'a record refused, in French');
});
