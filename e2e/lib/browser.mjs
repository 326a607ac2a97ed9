// Debian's chromium, headless, driven by playwright-core: one browser per test, one context per
// player (its own cookies, language, motion and colour preferences), and the checks every page
// test makes: axe-core for WCAG 2.2 AA with every control's name holding its visible text
// (names.mjs), full-page screenshots, ARIA snapshots.

import assert from 'node:assert/strict';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';

import { AxeBuilder } from '@axe-core/playwright';
import { chromium } from 'playwright-core';

import { lineDiff } from './diff.mjs';
import { namesWithoutTheirText } from './names.mjs';
import { repoRoot } from './server.mjs';

/** The languages Agora speaks; a player's context takes one. */
export const LOCALES = ['en', 'de', 'fr'];

/** The axe-core tags of WCAG 2.2 at levels A and AA. */
export const WCAG_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** Where `screenshot` writes: `$E2E_SCREENSHOT_DIR`, else docs/screenshots. */
export function screenshotDir() {
  return process.env.E2E_SCREENSHOT_DIR
    ? resolve(process.env.E2E_SCREENSHOT_DIR)
    : join(repoRoot, 'docs', 'screenshots');
}

/** Where `ariaSnapshot` keeps the committed snapshots: e2e/snapshots/<name>.aria.yml. */
export const SNAPSHOT_DIR = join(repoRoot, 'e2e', 'snapshots');

/**
 * What this machine's chromium needs: no sandbox (root in a container), no GPU, no QUIC, and
 * nothing that reaches out to the network on its own. playwright-core adds `--headless` and a
 * fresh `--user-data-dir` of its own, deleted when the browser closes.
 */
const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** The browser to run: `$CHROMIUM`, else Debian's /usr/bin/chromium. */
export function chromiumPath() {
  return process.env.CHROMIUM || '/usr/bin/chromium';
}

/**
 * Launches chromium for the test `t` (node:test's TestContext); it closes when `t` ends. If `t`
 * failed, every page's console errors and uncaught exceptions are printed then.
 *
 * @param {import('node:test').TestContext} t
 * @returns {Promise<E2EBrowser>}
 */
export async function launchBrowser(t) {
  const executablePath = chromiumPath();
  if (!existsSync(executablePath)) {
    throw new Error(
      `no chromium at ${executablePath}: install it (\`apt-get install chromium\`) ` +
        'or point CHROMIUM at one',
    );
  }
  const browser = await chromium.launch({ executablePath, args: CHROMIUM_ARGS });
  const e2eBrowser = new E2EBrowser(browser);
  t.after(async () => {
    if (!t.passed) process.stderr.write(e2eBrowser.pageErrorsReport());
    await browser.close();
  });
  return e2eBrowser;
}

/** A launched chromium that hands out one context per player. */
export class E2EBrowser {
  /** The playwright-core Browser, for what the helpers here do not cover. */
  browser;
  #pageErrors = [];

  constructor(browser) {
    this.browser = browser;
  }

  /**
   * A new player: a fresh context (no cookies shared with any other) and a page in it.
   * `locale` sets `navigator.language` and the `Accept-Language` header; `baseURL` lets
   * `page.goto('/path')` take paths; `reducedMotion` is 'reduce' or 'no-preference',
   * `colorScheme` 'light' or 'dark'; `timezoneId` the browser's time zone (default UTC).
   *
   * @param {{locale?: string, baseURL?: string, reducedMotion?: 'reduce' | 'no-preference',
   *   colorScheme?: 'light' | 'dark', viewport?: {width: number, height: number},
   *   timezoneId?: string}} [options]
   * @returns {Promise<import('playwright-core').Page>}
   */
  async newPlayer({
    locale = 'en',
    baseURL,
    reducedMotion,
    colorScheme,
    viewport = { width: 1280, height: 800 },
    // Dates on screen do not depend on the machine's zone (a test of zones names its own).
    timezoneId = 'UTC',
  } = {}) {
    if (!LOCALES.includes(locale)) {
      throw new Error(`locale ${JSON.stringify(locale)} is not one of ${LOCALES.join(', ')}`);
    }
    const context = await this.browser.newContext({
      locale,
      baseURL,
      reducedMotion,
      colorScheme,
      viewport,
      timezoneId,
    });
    const page = await context.newPage();
    const label = `[${locale} player ${this.browser.contexts().length}]`;
    page.on('pageerror', (error) => this.#pageErrors.push(`${label} uncaught: ${error.message}`));
    page.on('console', (message) => {
      if (message.type() === 'error') this.#pageErrors.push(`${label} console: ${message.text()}`);
    });
    return page;
  }

  /** The pages' console errors and uncaught exceptions so far, for a failed test's output. */
  pageErrorsReport() {
    if (this.#pageErrors.length === 0) return '--- no console errors in the browser\n';
    return `--- browser console errors:\n${this.#pageErrors.join('\n')}\n--- end of console errors\n`;
  }
}

/**
 * Runs axe-core on `page` with the WCAG 2.2 A and AA rules, and fails listing every violation
 * (rule id, impact, what to fix, and the elements) under `label`, the state being checked.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
export async function checkA11y(page, label) {
  // label-content-name-mismatch (WCAG 2.5.3, label in name) is experimental in axe, so off
  // unless asked for: every control's accessible name must hold the text it shows.
  const results = await new AxeBuilder({ page })
    .options({
      runOnly: { type: 'tag', values: WCAG_TAGS },
      rules: { 'label-content-name-mismatch': { enabled: true } },
    })
    .analyze();
  // Every control, not axe's sample: its accessible name holds the text it shows.
  const unnamed = await namesWithoutTheirText(page);
  if (results.violations.length === 0 && unnamed.length === 0) return;
  const lines = results.violations.map((violation) => {
    const targets = violation.nodes.map((node) => `      ${formatTarget(node.target)}`);
    return `  ${violation.id} (${violation.impact}): ${violation.help}\n${targets.join('\n')}`;
  });
  if (unnamed.length) {
    lines.push(`  name without its visible text (WCAG 2.5.3):\n${unnamed.map((m) => `      ${m}`).join('\n')}`);
  }
  assert.fail(
    `${results.violations.length + unnamed.length} accessibility violation(s) on ${label} (${page.url()}):\n` +
      lines.join('\n'),
  );
}

/** Fails unless the page has no horizontal scroll at its viewport's width; `label` names it. */
export async function assertReflows(page, label) {
  const { scroll, width } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    width: window.innerWidth,
  }));
  assert.ok(scroll <= width, `${label} scrolls sideways at ${width} px: it is ${scroll} px wide`);
}

/** axe's target: a selector per frame or shadow root, nested arrays for shadow roots. */
function formatTarget(target) {
  return target.map((part) => (Array.isArray(part) ? part.join(' >>> ') : part)).join(' >> ');
}

/** Names of screenshots and snapshots: letters, digits, `.`, `_` and `-`, no folders. */
function checkName(name) {
  if (!/^[A-Za-z0-9][A-Za-z0-9._-]*$/.test(name)) {
    throw new Error(`${JSON.stringify(name)} is not a file name (letters, digits, . _ -)`);
  }
}

/**
 * Saves a full-page PNG of `page` to docs/screenshots/<name>.png (see `screenshotDir`), unless
 * E2E_SCREENSHOTS is 0.
 * Resolves to the file written, or null when screenshots are off.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} name
 * @returns {Promise<string | null>}
 */
export async function screenshot(page, name) {
  checkName(name);
  if (process.env.E2E_SCREENSHOTS === '0') return null;
  const dir = screenshotDir();
  mkdirSync(dir, { recursive: true });
  const path = join(dir, `${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: 'disabled' });
  return path;
}

/** What differs in every game whatever its deal: the deal's commitment (a fresh salt each game). */
const ALWAYS_MASKED = [[/\b[0-9a-f]{12}…/g, 'COMMITMENT…']];

/**
 * Compares the ARIA snapshot of `selector` on `page` (playwright's YAML of roles, names and
 * states) with the committed e2e/snapshots/<name>.aria.yml, and fails with a diff when they
 * differ or the file is missing. With E2E_UPDATE=1 it writes the file instead; review the
 * change with `git diff` before committing it.
 *
 * `mask` lists `[pattern, replacement]` pairs applied to the snapshot first, for what differs
 * from run to run (a random deal): `[/\b[SMP]\d+\b/g, 'TILE']`.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} selector
 * @param {string} name
 * @param {{mask?: Array<[RegExp, string]>}} [options]
 */
export async function ariaSnapshot(page, selector, name, { mask = [] } = {}) {
  checkName(name);
  let actual = `${(await page.locator(selector).ariaSnapshot()).trimEnd()}\n`;
  for (const [pattern, replacement] of [...ALWAYS_MASKED, ...mask]) {
    actual = actual.replace(pattern, replacement);
  }
  const path = join(SNAPSHOT_DIR, `${name}.aria.yml`);
  const shown = relative(repoRoot, path);
  if (process.env.E2E_UPDATE === '1') {
    const before = existsSync(path) ? readFileSync(path, 'utf8') : null;
    if (before !== actual) {
      mkdirSync(SNAPSHOT_DIR, { recursive: true });
      writeFileSync(path, actual);
      process.stderr.write(`${before === null ? 'wrote' : 'updated'} ${shown}\n`);
    }
    return;
  }
  if (!existsSync(path)) {
    assert.fail(
      `no committed ARIA snapshot ${shown}; run with E2E_UPDATE=1 to write it, then review it. ` +
        `It would be:\n${actual}`,
    );
  }
  const expected = readFileSync(path, 'utf8');
  if (actual !== expected) {
    assert.fail(
      `ARIA snapshot ${shown} of ${selector} differs (+ now, - committed); ` +
        `if the change is meant, run with E2E_UPDATE=1 and review it:\n` +
        lineDiff(expected, actual),
    );
  }
}

/**
 * Runs `checkA11y` on the page now shown in each of the site's languages, switched as a
 * reader switches it (the footer's language picker, which brings the reader back to the same
 * page), checking that `<html lang>` follows; then switches back to the language it was in.
 *
 * @param {import('playwright-core').Page} page
 * @param {string} label
 */
export async function checkA11yInEachLanguage(page, label) {
  const was = await page.getAttribute('html', 'lang');
  for (const lang of [...LOCALES.filter((l) => l !== was), was]) {
    await pickLanguage(page, lang);
    assert.equal(await page.getAttribute('html', 'lang'), lang, `${label}: the page is in ${lang}`);
    await checkA11y(page, `${label} (${lang})`);
  }
}

/** Switches the page's language with the footer's picker and waits for the page again. */
async function pickLanguage(page, lang) {
  if ((await page.getAttribute('html', 'lang')) === lang) return;
  await page.selectOption('#lang-select', lang);
  await Promise.all([page.waitForNavigation(), page.click('form.lang-picker button[type=submit]')]);
  await page.locator('#game, main').first().waitFor();
}
