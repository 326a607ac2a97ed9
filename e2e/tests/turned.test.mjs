// Where the game turned (issue 34): a finished Tyrus game against the computer says, while the
// server looks back over it, that the computer is looking back; then (its script asking again,
// no reload) it shows the chart of each player's chance with its table and three turning points marked, each with the
// move the computer preferred and the hint's words. axe finds nothing in en, de and fr. The
// replay page shows the same chart and turning points beside its steps, which the keyboard
// still drives (the whole game stepped with the keyboard alone is replay.test.mjs).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, checkA11yInEachLanguage, launchBrowser, screenshot } from '../lib/browser.mjs';
import { playComputer, playTypedMoves } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

test('a finished game shows where it turned, with three turning points', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  await playComputer(page, 'beginner');
  await playTypedMoves(page, 6);
  await page.locator('#resign').waitFor();
  // A running game has nothing to look back at yet: its page loads no script for it.
  assert.equal(await page.locator('script[src*="turned"]').count(), 0, 'no turned.js while playing');
  await page.click('#resign');
  await page.locator('#confirm-dialog[open] #confirm-yes').click();
  await page.locator('#outcome').waitFor();

  // The look back runs in the background: the page says so until it is done.
  await page.reload();
  const section = page.locator('#turned');
  await section.waitFor();
  // The page's script asks for the section again until it is ready, then says so once.
  const waited = (await page.locator('#turned-waiting').count()) > 0;
  if (waited) {
    assert.match(await page.textContent('#turned-waiting'), /looking back/);
    // While the tab is hidden the script asks nothing; shown again, it asks at once.
    const visibility = (hidden) => page.evaluate((hidden) => {
      Object.defineProperty(document, 'hidden', { value: hidden, configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    }, hidden);
    await visibility(true);
    let asked = 0;
    page.on('request', (request) => { if (request.url().endsWith('/turned')) asked += 1; });
    await page.waitForTimeout(9_000);
    assert.equal(asked, 0, 'no polling while hidden');
    const next = page.waitForRequest((request) => request.url().endsWith('/turned'), { timeout: 2_000 });
    await visibility(false);
    await next;
  }
  await page.locator('#turned svg.turned-chart').waitFor({ timeout: 300_000 });
  t.diagnostic(`the page waited for the look back: ${waited}`);
  if (waited) {
    const said = await page.textContent('#announce-polite');
    assert.equal(said.split('finished looking back').length - 1, 1, said);
  }

  // One line per seat, each in the legend; a mark and a list item per turning point.
  assert.equal(await page.locator('#turned .turned-legend li').count(), 2);
  assert.ok((await page.locator('#turned svg.turned-chart polyline').count()) >= 2, 'a line per seat');
  assert.equal(await page.locator('#turned svg .chart-mark').count(), 3, 'three turning points marked');
  const points = page.locator('#turned .turning-point');
  assert.equal(await points.count(), 3);
  for (const point of await points.all()) {
    const text = await point.textContent();
    assert.match(text, /The computer preferred/, text);
    assert.match(text, /from \d+% to \d+%/, text);
    assert.match(text, /The computer would play|You have only one move|hardly matters|Every play loses/, text);
  }
  // The table holds every move, the turning points tagged.
  await page.click('#turned details summary');
  const rows = page.locator('#turned tbody tr');
  assert.ok((await rows.count()) >= 6, 'every move has a row');
  assert.equal(await page.locator('#turned tbody tr.turning').count(), 3);

  await checkA11y(page, 'where the game turned');
  await page.locator('#turned').scrollIntoViewIfNeeded();
  await screenshot(page, 'turned-tyrus-en');
  await checkA11yInEachLanguage(page, 'where the game turned');

  // The replay page: the same three turning points, the chart beside the steps.
  await page.goto(new URL(page.url()).pathname);
  await Promise.all([page.waitForURL(/\/replay/), page.click('#replay-link')]);
  await page.locator('#turned svg.turned-chart').waitFor();
  assert.equal(await page.locator('#turned svg .chart-mark').count(), 3, 'replay: three turning points marked');
  const replayPoints = page.locator('#turned .turning-point');
  assert.equal(await replayPoints.count(), 3);
  for (const point of await replayPoints.all()) {
    assert.match(await point.textContent(), /The computer preferred/);
  }
  await page.click('#turned details summary');
  assert.equal(await page.locator('#turned tbody tr.turning').count(), 3, 'replay: turning moves tagged');
  // The history tags the same three moves, in words, each line's link going to its step.
  const tagged = page.locator('#replay-history li.turning');
  assert.equal(await tagged.count(), 3, 'replay history: three turning points');
  for (const [i, line] of (await tagged.all()).entries()) {
    assert.equal(await line.locator('.turning-tag').textContent(), `turning point ${i + 1}`);
    assert.match(await line.locator('a[data-step]').getAttribute('href'), /step=\d+/);
  }
  // Stepping leaves the chart where it is.
  const steps = Number(await page.getAttribute('#replay-step-h2', 'data-steps'));
  await page.keyboard.press('Home');
  await page.waitForFunction(() => document.getElementById('replay-step-h2').dataset.step === '0');
  await page.keyboard.press('ArrowRight');
  await page.waitForFunction(() => document.getElementById('replay-step-h2').dataset.step === '1');
  await page.keyboard.press('End');
  await page.waitForFunction(
    (want) => document.getElementById('replay-step-h2').dataset.step === String(want), steps);
  assert.equal(await page.locator('#turned .turning-point').count(), 3, 'replay: still there after stepping');
  await checkA11yInEachLanguage(page, 'the replay with where the game turned');
  await page.locator('#turned').scrollIntoViewIfNeeded();
  await screenshot(page, 'turned-replay-tyrus-en');
});
