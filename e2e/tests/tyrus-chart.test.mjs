// Tyrus's elections chart on a 360×740 phone, in English, German and French, after a whole
// game against the computer (every office shown): no word of the chart breaks across two lines
// ("Hohepries|ter" did), the page does not scroll sideways, and where the chart is wider than
// the screen it scrolls in a named region the keyboard reaches and scrolls; axe clean;
// screenshots `tyrus-chart-phone-{en,de,fr}` of the chart.

import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { test } from 'node:test';

import { checkA11y, launchBrowser, LOCALES, screenshotDir } from '../lib/browser.mjs';
import { playComputer, playTypedMoves } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

const PHONE = { width: 360, height: 740 };

/** The words of the chart's cells drawn on more than one line. */
const splitWords = (page) =>
  page.evaluate(() => {
    const split = [];
    for (const cell of document.querySelectorAll('#chart-scroll th, #chart-scroll td, #chart-scroll caption')) {
      const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        for (const word of node.data.matchAll(/\S+/g)) {
          const range = document.createRange();
          range.setStart(node, word.index);
          range.setEnd(node, word.index + word[0].length);
          const lines = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
          if (lines.size > 1) split.push(word[0]);
        }
      }
    }
    return split;
  });

test('the elections chart keeps its words whole on a phone, in every language', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  await Promise.all(
    LOCALES.map(async (locale) => {
      const page = await browser.newPlayer({ locale, baseURL: server.url, viewport: PHONE });
      await playComputer(page);
      await playTypedMoves(page);
      await page.locator('#outcome').waitFor();
      const region = page.locator('#chart-scroll');
      assert.deepEqual(await splitWords(page), [], `${locale}: no word of the chart broken across lines`);
      const sideways = await page.evaluate(() => document.scrollingElement.scrollWidth - window.innerWidth);
      assert.ok(sideways <= 0, `${locale}: the page scrolls sideways by ${sideways} px`);
      assert.equal(await region.getAttribute('role'), 'region');
      assert.match(await page.textContent('#chart-caption'), /Elections|Wahlen|Élections/);
      const { scrolls, wide } = await region.evaluate((el) => ({
        scrolls: el.scrollWidth > el.clientWidth,
        wide: el.scrollWidth,
      }));
      if (scrolls) {
        // The keyboard reaches the region and scrolls it.
        await region.focus();
        await page.keyboard.press('ArrowRight');
        await page.waitForFunction(() => document.getElementById('chart-scroll').scrollLeft > 0);
        await region.evaluate((el) => { el.scrollLeft = 0; });
      }
      t.diagnostic(`${locale}: chart ${wide} px wide${scrolls ? ', scrolls' : ', fits'}`);
      await checkA11y(page, `the finished Tyrus chart at 360 px, in ${locale}`);
      await region.evaluate((el) => el.blur());
      if (process.env.E2E_SCREENSHOTS !== '0') {
        const dir = screenshotDir();
        mkdirSync(dir, { recursive: true });
        await page.locator('#chart').screenshot({ path: join(dir, `tyrus-chart-phone-${locale}.png`), animations: 'disabled' });
      }
    }),
  );
});
