// The harness on today's server: a fresh `agora serve`, a browser page on it, an account made
// and read back through the page's own fetch (so through its cookie jar); and checkA11y shown
// to fail when a page has a fault.

import assert from 'node:assert/strict';
import { test } from 'node:test';
import { pathToFileURL } from 'node:url';

import { checkA11y, launchBrowser } from '../lib/browser.mjs';
import { repoRoot, startServer } from '../lib/server.mjs';

/** `fetch` run inside the page: same origin, the page's cookies. */
function fetchInPage(page, path, { method = 'GET', body } = {}) {
  return page.evaluate(
    async ({ path, method, body }) => {
      const response = await fetch(path, {
        method,
        headers: body === undefined ? {} : { 'content-type': 'application/json' },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return { status: response.status, body: await response.json() };
    },
    { path, method, body },
  );
}

test('a browser page signs up on a fresh server and reads its account back', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ baseURL: server.url });

  const health = await ada.goto('/api/health');
  assert.equal(health.status(), 200);
  assert.equal((await health.json()).ok, true);

  const signup = await fetchInPage(ada, '/api/signup', {
    method: 'POST',
    body: { name: 'Ada', password: 'correct horse' },
  });
  assert.equal(signup.status, 200, JSON.stringify(signup.body));
  assert.equal(signup.body.account.name, 'Ada');

  const me = await fetchInPage(ada, '/api/me');
  assert.equal(me.status, 200, JSON.stringify(me.body));
  assert.deepEqual(me.body.account, signup.body.account);
  // The session cookie is HttpOnly: the page's scripts cannot read it.
  assert.equal(await ada.evaluate(() => document.cookie), '');

  // Another player's context shares no cookies with Ada's.
  const stranger = await browser.newPlayer({ baseURL: server.url });
  await stranger.goto('/api/health');
  const strangerMe = await fetchInPage(stranger, '/api/me');
  assert.equal(strangerMe.status, 401, JSON.stringify(strangerMe.body));
});

test('checkA11y passes a clean page and reports an image without alt text', async (t) => {
  const browser = await launchBrowser(t);
  const page = await browser.newPlayer();
  const fixture = (name) => pathToFileURL(`${repoRoot}/e2e/fixtures/${name}`).href;

  await page.goto(fixture('accessible.html'));
  await checkA11y(page, 'the accessible fixture');

  await page.goto(fixture('missing-alt.html'));
  await assert.rejects(checkA11y(page, 'the missing-alt fixture'), (error) => {
    assert.match(error.message, /^1 accessibility violation\(s\) on the missing-alt fixture/);
    assert.match(error.message, /image-alt \(critical\): Images must have alternative text/);
    assert.match(error.message, /#no-alt/);
    return true;
  });
});
