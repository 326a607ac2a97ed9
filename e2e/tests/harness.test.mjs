// The harness's own helpers, checked on local pages so that they are known to fail when they
// should: players' languages and preferences, ARIA snapshots, screenshots, names that hold
// their visible text.

import assert from 'node:assert/strict';
import { once } from 'node:events';
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { LOCALES, ariaSnapshot, launchBrowser, screenshot } from '../lib/browser.mjs';
import { namesWithoutTheirText } from '../lib/names.mjs';
import { repoRoot } from '../lib/server.mjs';

const fixture = (name) => pathToFileURL(join(repoRoot, 'e2e', 'fixtures', name)).href;

/** An HTTP server on loopback answering every request with its Accept-Language header. */
async function acceptLanguageEcho(t) {
  const server = createServer((request, response) => {
    response.setHeader('content-type', 'text/plain; charset=utf-8');
    response.end(request.headers['accept-language'] ?? '');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  t.after(() => server.close());
  return `http://127.0.0.1:${server.address().port}/`;
}

test("each player's Accept-Language and navigator.language follow its locale", async (t) => {
  const echo = await acceptLanguageEcho(t);
  const browser = await launchBrowser(t);
  for (const locale of LOCALES) {
    const page = await browser.newPlayer({ locale });
    const response = await page.goto(echo);
    const header = await response.text();
    assert.match(header, new RegExp(`^${locale}\\b`), `Accept-Language for ${locale}: ${header}`);
    assert.equal(await page.evaluate(() => navigator.language), locale);
  }
  await assert.rejects(browser.newPlayer({ locale: 'es' }), /"es" is not one of en, de, fr/);
});

test('reducedMotion and colorScheme reach the media queries', async (t) => {
  const browser = await launchBrowser(t);
  const matches = (page, query) => page.evaluate((q) => matchMedia(q).matches, query);

  const calm = await browser.newPlayer({ reducedMotion: 'reduce', colorScheme: 'dark' });
  await calm.goto(fixture('accessible.html'));
  assert.equal(await matches(calm, '(prefers-reduced-motion: reduce)'), true);
  assert.equal(await matches(calm, '(prefers-color-scheme: dark)'), true);

  const plain = await browser.newPlayer({ reducedMotion: 'no-preference', colorScheme: 'light' });
  await plain.goto(fixture('accessible.html'));
  assert.equal(await matches(plain, '(prefers-reduced-motion: reduce)'), false);
  assert.equal(await matches(plain, '(prefers-color-scheme: dark)'), false);
});

test('ariaSnapshot matches the committed file and fails with a diff when the page differs', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer();
  await page.goto(fixture('accessible.html'));
  await ariaSnapshot(page, 'main', 'fixture-accessible');

  if (process.env.E2E_UPDATE === '1') return; // would overwrite the committed file
  await page.goto(fixture('missing-alt.html'));
  await assert.rejects(ariaSnapshot(page, 'main', 'fixture-accessible'), (error) => {
    assert.match(error.message, /ARIA snapshot e2e\/snapshots\/fixture-accessible\.aria\.yml of main differs/);
    assert.match(error.message, /heading "Missing alt fixture"/);
    assert.match(error.message, /heading "Accessible fixture"/);
    return true;
  });
  await assert.rejects(
    ariaSnapshot(page, 'main', 'fixture-never-committed'),
    /no committed ARIA snapshot e2e\/snapshots\/fixture-never-committed\.aria\.yml/,
  );
  await assert.rejects(ariaSnapshot(page, 'main', '../escape'), /is not a file name/);
});

test('screenshot writes a full-page PNG, and nothing when E2E_SCREENSHOTS=0', async (t) => {
  const dir = mkdtempSync(join(tmpdir(), 'agora-e2e-shots-'));
  t.after(() => rmSync(dir, { recursive: true, force: true }));
  const saved = { dir: process.env.E2E_SCREENSHOT_DIR, on: process.env.E2E_SCREENSHOTS };
  t.after(() => {
    for (const [name, value] of [
      ['E2E_SCREENSHOT_DIR', saved.dir],
      ['E2E_SCREENSHOTS', saved.on],
    ]) {
      if (value === undefined) delete process.env[name];
      else process.env[name] = value;
    }
  });
  process.env.E2E_SCREENSHOT_DIR = dir;
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer({ viewport: { width: 400, height: 300 } });
  await page.goto(fixture('accessible.html'));

  process.env.E2E_SCREENSHOTS = '1';
  const path = await screenshot(page, 'fixture');
  assert.equal(path, join(dir, 'fixture.png'));
  const png = readFileSync(path);
  assert.deepEqual([...png.subarray(1, 4)], [...Buffer.from('PNG')]);
  assert.equal(png.readUInt32BE(16), 400, 'PNG width is the viewport width');

  process.env.E2E_SCREENSHOTS = '0';
  assert.equal(await screenshot(page, 'fixture-off'), null);
  assert.equal(existsSync(join(dir, 'fixture-off.png')), false);
});

test('namesWithoutTheirText lists every control whose name does not hold its visible text', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer();
  await page.setContent(`<!doctype html><html lang="en"><body><main>
    <button id="same">Play</button>
    <button id="more" aria-label="Play this tile">Play</button>
    <button id="other" aria-label="Counted in this election">★ counted now</button>
    <a id="link" href="/x" aria-label="Home">Back to the lobby</a>
    <label for="name">Your name</label><input id="name">
    <label for="mood">Mood</label><input id="mood" aria-label="Feeling">
    <button id="hidden" hidden aria-label="nothing">Secret</button>
    <button id="icon" aria-label="Close">×</button>
  </main></body></html>`);
  const mismatches = await namesWithoutTheirText(page);
  assert.deepEqual(mismatches, [
    'button#other: shown "★ counted now", named "Counted in this election"',
    'a#link: shown "Back to the lobby", named "Home"',
    'input#mood: shown "Mood", named "Feeling"',
  ]);
  assert.equal(await page.locator('[data-name-check]').count(), 0, 'the page is left as it was');
});
