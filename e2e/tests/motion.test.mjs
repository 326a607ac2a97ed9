// Motion against the computer, on a server that paces its moves (`--ai-pace-ms 700`): the
// computer's reply reaches the page as its own history entry at least 400 ms after the
// player's move; with the setting "reduce motion", or the browser's prefers-reduced-motion,
// no animation runs at any time (`document.getAnimations()` sampled every 50 ms); without
// either, the board animates after the computer's move (Tsuro's marker along its trail).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { launchBrowser } from '../lib/browser.mjs';
import { watchHistory } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';
import { moveWithMouse, pageVersion, waitTurnOrEnd, waitVersion } from '../lib/tsuro.mjs';

const PACE_MS = 700;
/** The least time the page may show the computer's reply after the player's move. */
const APART_MS = 400;
/** Long enough for the longest animation (a Tsuro marker runs up to 2.4 s) to end. */
const SETTLE_MS = 2600;

/**
 * Counts, inside the page, every 50 ms, the animations running, and notes when each one was
 * first seen (ms since the epoch, like the history's times).
 */
async function sampleAnimations(page) {
  await page.evaluate(() => {
    window.__animationSamples = [];
    window.__newAnimations = [];
    const seen = new WeakSet();
    window.setInterval(() => {
      const now = Date.now();
      const running = document.getAnimations();
      window.__animationSamples.push(running.length);
      for (const animation of running) {
        if (!seen.has(animation)) {
          seen.add(animation);
          window.__newAnimations.push(now);
        }
      }
    }, 50);
  });
}

/** Starts a game of Tsuro against the computer from the home page. */
async function playTsuroAgainstComputer(page) {
  await page.goto('/');
  await page.selectOption('#level-tsuro', 'beginner');
  await Promise.all([
    page.waitForURL(/\/games\//),
    page.click('form[action="/play"]:has(input[value="tsuro"]) button[type=submit]'),
  ]);
  await page.locator('#game').waitFor();
}

/** Whether the reader's turn now is laying a tile (not a start mark or a bonus choice). */
function layingATile(page) {
  return page.evaluate(() => document.querySelector('#hand [data-play]') !== null);
}

/**
 * Plays until the reader has laid a tile and the computer has answered with its own; resolves
 * to the times (in the page) of the reader's entry and the computer's reply in the history.
 */
async function layATileAndWatchTheReply(page) {
  for (let moves = 0; moves < 12; moves++) {
    assert.equal(await waitTurnOrEnd(page), 'turn', 'the game goes on');
    const tile = await layingATile(page);
    const before = await page.locator('#history li').count();
    const version = await pageVersion(page);
    await moveWithMouse(page);
    await waitVersion(page, version + 1);
    // The computer's reply, once it lands, then the reader's turn (or the end).
    await page.waitForFunction((n) => document.querySelectorAll('#history li').length > n + 1, before, { timeout: 30_000 });
    if (tile) {
      const times = await page.evaluate(() => window.__historyTimes);
      return { mine: times[before], reply: times[before + 1] };
    }
  }
  assert.fail('no tile laid in twelve moves');
}

async function watchAGame(t, { reducedMotion, setting }) {
  const server = await startServer(t, { extraArgs: ['--ai-pace-ms', String(PACE_MS)] });
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ baseURL: server.url, reducedMotion });
  if (setting) {
    // A first game makes the visitor a guest, whose settings the server keeps.
    await playTsuroAgainstComputer(page);
    await page.goto('/settings');
    await page.check('#reduced_motion');
    await Promise.all([page.waitForNavigation(), page.click('main form[action="/settings"] button[type=submit]')]);
  }
  await playTsuroAgainstComputer(page);
  await sampleAnimations(page);
  await watchHistory(page);
  const { mine, reply } = await layATileAndWatchTheReply(page);
  assert.ok(reply - mine >= APART_MS, `the computer's reply came ${reply - mine} ms after the move, not at once`);
  await page.waitForTimeout(SETTLE_MS);
  const samples = await page.evaluate(() => window.__animationSamples);
  const started = await page.evaluate(() => window.__newAnimations);
  assert.ok(samples.length > 20, `sampled ${samples.length} times`);
  return { samples, started, reply };
}

test('without reduced motion the board animates after the computer\'s paced move', async (t) => {
  const { started, reply } = await watchAGame(t, { reducedMotion: 'no-preference', setting: false });
  assert.ok(
    started.some((at) => at >= reply - 50),
    `an animation starts when the computer's move lands (at ${reply}; started ${started})`,
  );
});

test('the setting "reduce motion" runs no animation at all', async (t) => {
  const { samples } = await watchAGame(t, { reducedMotion: 'no-preference', setting: true });
  assert.deepEqual(samples.filter((n) => n > 0), [], 'no animation while the moves land');
});

test('the browser\'s prefers-reduced-motion runs no animation at all', async (t) => {
  const { samples } = await watchAGame(t, { reducedMotion: 'reduce', setting: false });
  assert.deepEqual(samples.filter((n) => n > 0), [], 'no animation while the moves land');
});
