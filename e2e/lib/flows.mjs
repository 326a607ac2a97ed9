// The steps several page tests share, done the way a person does them on the pages: signing
// up, opening a table with an invitation seat, starting a game against the computer, and
// reading a Tyrus game page (whose turn, its history, its tiles).

import assert from 'node:assert/strict';

/** Signs up `name` through the sign-up form; resolves once the home page shows the account. */
export async function signUp(page, name, password = 'correct horse battery') {
  await page.goto('/signup');
  await page.fill('#name', name);
  await page.fill('#password', password);
  await Promise.all([page.waitForURL((url) => url.pathname !== '/signup'), page.click('main form[action="/signup"] button[type=submit]')]);
  await page.locator('.signed-in').waitFor();
}

/**
 * Opens a Tyrus table in the lobby with its second seat kept for an invited friend; resolves
 * to the invitation link the table page shows (once).
 */
export async function openInvitationTable(page) {
  await page.goto('/lobby');
  await page.selectOption('#seat1', 'invite');
  await Promise.all([page.waitForURL(/\/tables\//), page.click('#create-table button[type=submit]')]);
  const link = await page.inputValue('#invite-link');
  assert.match(link, /\/tables\/[^?]+\?invite=/, 'the table page shows an invitation link');
  return link;
}

/** Starts a game of Tyrus against the computer at `level` from the home page. */
export async function playComputer(page, level = 'easy') {
  await page.goto('/');
  await page.selectOption('#level-tyrus', level);
  await Promise.all([page.waitForURL(/\/games\//), page.click('form[action="/play"] button[type=submit]')]);
  await page.locator('#game').waitFor();
}

/** What a Tyrus game page shows its reader right now. */
export function gameState(page) {
  return page.evaluate(() => ({
    over: document.getElementById('outcome') !== null,
    myTurn: document.querySelector('#board-grid button[name=target]') !== null &&
      document.querySelector('#hand input[name=tile]:not([disabled])') !== null,
    history: document.querySelectorAll('#history li').length,
    version: Number(document.getElementById('game').dataset.version),
  }));
}

/**
 * Waits, by watching the page, until it is the reader's turn or the game is over (no fixed
 * sleeps): resolves to 'turn' or 'over'. `timeout` in ms.
 */
export async function waitTurnOrEnd(page, timeout = 60_000) {
  const handle = await page.waitForFunction(
    () => {
      if (document.getElementById('outcome')) return 'over';
      const canPlace = document.querySelector('#board-grid button[name=target]') &&
        document.querySelector('#hand input[name=tile]:not([disabled])');
      return canPlace ? 'turn' : false;
    },
    undefined,
    { timeout },
  );
  return handle.jsonValue();
}

/** Waits until the page's history holds more than `count` entries. */
export async function waitHistoryAbove(page, count, timeout = 30_000) {
  await page.waitForFunction(
    (n) => document.querySelectorAll('#history li').length > n,
    count,
    { timeout },
  );
}

/**
 * Records, inside the page, the wall-clock time (ms since the epoch, like the test's
 * `Date.now()`) at which each history entry appeared; read back with `historyTimes`.
 */
export async function watchHistory(page) {
  await page.evaluate(() => {
    const log = document.getElementById('history');
    window.__historyTimes = [...log.querySelectorAll('li')].map(() => 0);
    new MutationObserver(() => {
      const now = Date.now();
      const count = log.querySelectorAll('li').length;
      while (window.__historyTimes.length < count) window.__historyTimes.push(now);
    }).observe(log, { childList: true });
  });
}

/** When history entry `index` (0-based) appeared, per `watchHistory`. */
export function historyTime(page, index) {
  return page.evaluate((i) => window.__historyTimes[i], index);
}

/** The text of the page's history entries. */
export function historyLines(page) {
  return page.locator('#history li').allTextContents();
}

/**
 * The codes (S5, M10, …) of the tiles shown face up on the page's board: the notation, which
 * a tile's face shows in the reader's language (a German Händler 10 shows H10).
 */
export function faceUpTiles(page) {
  return page.locator('#board-grid .tile:not(.back)').evaluateAll((tiles) => tiles.map((t) => t.dataset.code));
}

/** The codes of the tiles in the reader's hand that can be placed. */
export function handTiles(page) {
  return page.locator('#hand input[name=tile]:not([disabled])').evaluateAll((inputs) => inputs.map((i) => i.value));
}

/** p50, p90, p99, max and count of `values` (nearest-rank percentiles). */
export function percentiles(values) {
  const sorted = [...values].sort((a, b) => a - b);
  const rank = (p) => sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
  return { count: sorted.length, p50: rank(50), p90: rank(90), p99: rank(99), max: sorted[sorted.length - 1] };
}

/** The moves the page offers in the typed move box's list (`#legal-moves`). */
export function offeredMoves(page) {
  return page.locator('#legal-moves option').evaluateAll((options) => options.map((o) => o.value));
}

/**
 * Plays one move through the typed move box: types the `pick`-th offered move, presses Enter
 * and, when `confirm` (the default setting) and the move had an alternative, answers the
 * dialog's "yes". Resolves to the move once the page's history shows it.
 */
export async function playTypedMove(page, pick = 0, { confirm = true } = {}) {
  const moves = await offeredMoves(page);
  assert.ok(moves.length > 0, 'the move box offers moves on the reader\'s turn');
  const move = moves[pick % moves.length];
  const before = (await gameState(page)).history;
  await page.focus('#move-input');
  await page.keyboard.type(move);
  await page.keyboard.press('Enter');
  // The only move there is goes without a question.
  if (confirm && moves.length > 1) {
    const yes = page.locator('#confirm-dialog[open] #confirm-yes');
    await yes.waitFor();
    await yes.click();
  }
  await waitHistoryAbove(page, before);
  return move;
}

/**
 * Plays the reader's moves through the typed move box until the game is over or `stopAfter`
 * moves were made; resolves to the number of moves made.
 */
export async function playTypedMoves(page, stopAfter = Infinity) {
  let made = 0;
  while (made < stopAfter && (await waitTurnOrEnd(page)) === 'turn') {
    await playTypedMove(page, made);
    made += 1;
  }
  return made;
}

/** The element that has focus: its tag, id, name and type. */
export function focusedElement(page) {
  return page.evaluate(() => {
    const el = document.activeElement;
    return { tag: el?.tagName, id: el?.id, name: el?.getAttribute('name'), type: el?.getAttribute('type') };
  });
}

/**
 * Presses `key` until focus is on an element `want` accepts, as `read` (by default
 * `focusedElement`) describes it; fails after `limit` presses, naming `what` was sought.
 */
export async function pressUntil(page, key, want, what, { limit = 40, read = focusedElement } = {}) {
  for (let i = 0; i < limit; i++) {
    if (want(await read(page))) return;
    await page.keyboard.press(key);
  }
  assert.fail(`${limit} presses of ${key} never reached ${what}; focus is on ${JSON.stringify(await read(page))}`);
}
