// The rules pages, /rules and /rules/<game>, in English, German and French: axe finds no WCAG
// 2.2 AA violation (light and dark), `<html lang>` is the page's language, there is one h1, each
// entry of the contents leads to its section, every figure has a caption, and the pages reflow
// at 320 CSS px in every language. One page per language is screenshotted on a desktop
// (docs/screenshots/rules-<game>-<lang>.png), and the German Tyranny page on a phone.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { assertReflows, checkA11y, launchBrowser, LOCALES, screenshot } from '../lib/browser.mjs';
import { startServer } from '../lib/server.mjs';

const GAMES = ['tyrus', 'tsuro', 'tyranny'];
/** The page screenshotted in each language: a different game each, so all three are seen. */
const SHOT = { en: 'tyrus', de: 'tsuro', fr: 'tyranny' };

/** Opens `path`, checks its language, its single h1 and axe. */
async function visit(page, path, lang) {
  const response = await page.goto(path);
  assert.equal(response.status(), 200, `${path} in ${lang}`);
  assert.equal(await page.getAttribute('html', 'lang'), lang, `<html lang> of ${path}`);
  assert.equal(await page.locator('h1').count(), 1, `one h1 on ${path}`);
  await checkA11y(page, `${path} (${lang})`);
}

for (const lang of LOCALES) {
  test(`the rules pages in ${lang}`, async (t) => {
    const server = await startServer(t);
    const browser = await launchBrowser(t);
    const page = await browser.newPlayer({ locale: lang, baseURL: server.url });

    await visit(page, '/rules', lang);
    for (const game of GAMES) {
      // Reached from the index, as a reader would.
      await page.goto('/rules');
      await Promise.all([page.waitForNavigation(), page.click(`main a[href="/rules/${game}"]`)]);
      await visit(page, `/rules/${game}`, lang);
      const figures = await page.locator('main figure').count();
      assert.ok(figures >= 1, `${game}: figures`);
      assert.equal(await page.locator('main figure figcaption').count(), figures, `${game}: every figure has a caption`);
      // Every entry of the contents leads to a heading of the page.
      const targets = await page.locator('.rules-contents a').evaluateAll((links) =>
        links.map((a) => a.getAttribute('href')),
      );
      assert.ok(targets.length >= 5, `${game}: contents ${targets}`);
      for (const href of targets) {
        assert.equal(await page.locator(`main [id="${href.slice(1)}"]`).count(), 1, `${game}: ${href}`);
      }
      await page.click(`.rules-contents a[href="#rulings"]`);
      assert.ok(page.url().endsWith('#rulings'), `${game}: the contents jump to the rulings`);
      assert.ok(await page.locator('#rulings').isVisible(), `${game}: the rulings are shown`);
      if (SHOT[lang] === game) await screenshot(page, `rules-${game}-${lang}`);
    }

    // The figures' own colours stay readable in the dark theme.
    const dark = await browser.newPlayer({ locale: lang, baseURL: server.url, colorScheme: 'dark' });
    await visit(dark, `/rules/${SHOT[lang]}`, lang);
  });
}

test('the rules pages reflow on a phone in every language', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  for (const lang of LOCALES) {
    // 320 CSS px, the narrowest the other pages are held to; the screenshot at 360.
    const page = await browser.newPlayer({ locale: lang, baseURL: server.url, viewport: { width: 320, height: 640 } });
    for (const game of GAMES) {
      await page.goto(`/rules/${game}`);
      await assertReflows(page, `/rules/${game} in ${lang}`);
    }
  }
  const phone = await browser.newPlayer({ locale: 'de', baseURL: server.url, viewport: { width: 360, height: 740 } });
  await visit(phone, '/rules/tyranny', 'de');
  await screenshot(phone, 'rules-tyranny-phone-de');
});
