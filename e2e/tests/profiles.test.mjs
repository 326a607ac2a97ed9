// Profiles, leaderboards, games to watch and "My games" (issue 34), as two people use them:
// Ada and Bob sign up, play a rated Tyrus game through an invitation link until Ada resigns,
// and then each page says so: Ada's profile (games played and won per game, her rating marked
// provisional, its history as a chart with a data table, her games linking to the game, the
// filter), the leaderboard (both of them), /watch (a game being played), and "My games" with
// its filter. Every page is checked with axe in English, German and French, reflows at 360 px,
// and is screenshotted (profile-*, leaderboard-*, watch-*, my-games-*).

import assert from 'node:assert/strict';
import { test } from 'node:test';

import {
  assertReflows,
  checkA11y,
  checkA11yInEachLanguage,
  launchBrowser,
  screenshot,
} from '../lib/browser.mjs';
import { playComputer, signUp } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

const PHONE = { width: 360, height: 740 };

/** Ada opens a rated Tyrus table with a seat for Bob; Bob joins it by the link. The game's path. */
async function ratedGame(ada, bob) {
  await ada.goto('/lobby');
  await ada.selectOption('#game', 'tyrus');
  await ada.selectOption('#seat1', 'invite');
  await ada.check('#rated');
  await Promise.all([ada.waitForURL(/\/tables\//), ada.click('#create-table button[type=submit]')]);
  const link = await ada.inputValue('#invite-link');
  await bob.goto(link);
  await Promise.all([bob.waitForURL(/\/games\//), bob.click('form[action$="/join"] button[type=submit]')]);
  await bob.locator('#game').waitFor();
  return new URL(bob.url()).pathname;
}

/** Ada resigns the game at `path` with the resign button and its confirmation. */
async function resign(ada, path) {
  await ada.goto(path);
  await ada.locator('#resign').waitFor();
  await ada.click('#resign');
  await ada.locator('#confirm-dialog[open]').waitFor();
  await ada.click('#confirm-yes');
  await ada.locator('#outcome').waitFor();
}

/** The rows of the table under `selector`, each as its cells' text. */
function rows(page, selector) {
  return page.locator(`${selector} tbody tr`).evaluateAll((trs) =>
    trs.map((tr) => [...tr.querySelectorAll('th, td')].map((cell) => cell.textContent.trim())),
  );
}

test('a rated game shows on the profiles, the leaderboard, My games and the games to watch', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bob = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  await signUp(ada, 'Ada');
  await signUp(bob, 'Bob');
  const game = await ratedGame(ada, bob);
  await resign(ada, game);
  // Bob starts a public game against the computer, which anyone may watch.
  await playComputer(bob, 'beginner');
  const watched = new URL(bob.url()).pathname;

  // Ada's profile, as Bob sees it.
  await bob.goto('/players/Ada');
  assert.equal(await bob.textContent('h1'), 'Ada');
  assert.deepEqual(await rows(bob, '#played-h2 + .table-scroll'), [['Tyrus', '1', '0', '0', '1']],
    'games played, won, drawn and lost per game');
  const rating = await bob.textContent('dl.ratings');
  assert.match(rating, /Tyrus \(two players\)\s*1338 ± 290\s*provisional/, `the rating, provisional: ${rating}`);
  const chart = bob.locator('figure.rating-history');
  assert.equal(await chart.locator('svg[role=img] circle').count(), 2, 'the chart: before and after');
  assert.match(await chart.locator('svg').getAttribute('aria-label'), /Tyrus \(two players\)/);
  const history = await rows(bob, 'figure.rating-history');
  assert.equal(history.length, 1);
  assert.deepEqual(history[0].slice(1, 4), ['lost', '1338', '−162'], 'the history table: result, rating, change');
  const gameLinks = await bob.locator('#games-section table a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  assert.deepEqual(gameLinks, [`${game}/replay`], 'her ended games open their replay');
  assert.match(await bob.textContent('#games-section'), /One game/);
  await screenshot(bob, 'profile-en');
  await checkA11yInEachLanguage(bob, "Ada's profile");

  // The filter, without any script: a GET form; the page keeps what was chosen.
  await bob.goto('/players/Ada');
  await bob.selectOption('#filter-result', 'won');
  await Promise.all([bob.waitForURL(/result=won/), bob.click('#games-section form button[type=submit]')]);
  assert.match(await bob.textContent('#games-section'), /No finished game matches\./);
  assert.equal(await bob.inputValue('#filter-result'), 'won');
  await bob.selectOption('#filter-result', 'lost');
  await Promise.all([bob.waitForURL(/result=lost/), bob.click('#games-section form button[type=submit]')]);
  assert.equal(await bob.locator('#games-section tbody tr').count(), 1);

  // Bob's own profile: won, rated the other way.
  await ada.goto('/players/Bob');
  assert.match(await ada.textContent('dl.ratings'), /1662 ± 290\s*provisional/);

  // The leaderboard lists both, provisional, best first, each linking to the profile.
  await ada.goto('/leaderboard/tyrus');
  const ladder = await rows(ada, 'table.ladder');
  assert.deepEqual(ladder.map((row) => row.slice(0, 2)), [['Bob', '1662 ± 290'], ['Ada', '1338 ± 290']]);
  assert.match(await ada.textContent('main'), /Provisional ratings/);
  assert.equal(await ada.getAttribute('table.ladder a >> nth=0', 'href'), '/players/Bob');
  await screenshot(ada, 'leaderboard-en');
  await checkA11yInEachLanguage(ada, 'the Tyrus leaderboard');

  // Games to watch: Bob's game against the computer.
  await ada.goto('/watch');
  const watchLinks = await ada.locator('main a').evaluateAll((links) => links.map((a) => a.getAttribute('href')));
  assert.ok(watchLinks.includes(watched), `/watch lists ${watched}: ${watchLinks}`);
  await screenshot(ada, 'watch-en');
  await checkA11yInEachLanguage(ada, 'the games to watch');

  // My games: the rated game among the ended ones, filtered by game.
  await ada.goto('/games?game=tyrus');
  assert.equal(await ada.inputValue('#filter-game'), 'tyrus');
  const mine = await rows(ada, 'section[aria-labelledby=games]');
  assert.deepEqual(mine.map((row) => row.slice(1)), [['Tyrus', 'Ada, Bob', 'lost', 'rated']]);
  await ada.goto('/games?game=tsuro');
  assert.match(await ada.textContent('section[aria-labelledby=games]'), /No finished game matches\./);
  await ada.goto('/games');
  await screenshot(ada, 'my-games-en');
  await checkA11yInEachLanguage(ada, 'My games');
});

test('the profile, the leaderboard and the games to watch reflow at 360 px in every language', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'de', baseURL: server.url, viewport: PHONE });
  const bob = await browser.newPlayer({ locale: 'fr', baseURL: server.url, viewport: PHONE });
  await signUp(ada, 'Ada');
  await signUp(bob, 'Bob');
  const game = await ratedGame(ada, bob);
  await resign(ada, game);
  await playComputer(bob, 'beginner');
  for (const [page, lang] of [[ada, 'de'], [bob, 'fr']]) {
    for (const path of ['/players/Ada', '/leaderboard/tyrus', '/watch', '/games']) {
      await page.goto(path);
      const label = `${path} at 360 px (${lang})`;
      await assertReflows(page, label);
      await checkA11y(page, label);
    }
  }
  await ada.goto('/players/Ada');
  assert.match(await ada.textContent('dl.ratings'), /vorläufig/);
  await screenshot(ada, 'profile-phone-de');
  await bob.goto('/leaderboard/tyrus');
  assert.match(await bob.textContent('main'), /Cotes provisoires|provisoire/);
  await screenshot(bob, 'leaderboard-phone-fr');
});
