// Table chat across languages: Ada (English, signed up) and Bruno (German, a guest through
// her invitation link) greet each other with quick messages, each reading them in their own
// language, live; Ada types a message Bruno reads, Bruno's guest panel offers quick messages
// only; Bruno mutes Ada from the row of seats and unmutes her there; Ada mutes Bruno from
// his chat line, whose next message never reaches her page; chat turned off and on
// reaches her open page at once; Bruno's replay shows what was said. The pages pass axe.

import assert from 'node:assert/strict';
import { test } from 'node:test';

import { checkA11y, launchBrowser, screenshot } from '../lib/browser.mjs';
import { openInvitationTable, signUp } from '../lib/flows.mjs';
import { startServer } from '../lib/server.mjs';

/** Waits until the chat's lines on `page` hold `text`. */
async function waitLine(page, text) {
  await page.locator('#chat-log li', { hasText: text }).first().waitFor({ timeout: 10_000 });
}

test('two players of two languages greet each other, write and mute', async (t) => {
  const server = await startServer(t);
  const browser = await launchBrowser(t);
  const ada = await browser.newPlayer({ locale: 'en', baseURL: server.url });
  const bruno = await browser.newPlayer({ locale: 'de', baseURL: server.url });

  await signUp(ada, 'Ada');
  const invitation = await openInvitationTable(ada);
  await bruno.goto(invitation);
  await bruno.fill('#guest-name', 'Bruno');
  await Promise.all([bruno.waitForURL(/\/games\//), bruno.press('#guest-name', 'Enter')]);
  await ada.waitForURL(/\/games\//, { timeout: 20_000 });
  for (const page of [ada, bruno]) await page.locator('#chat').waitFor();
  assert.equal(await ada.textContent('#chat-heading'), "Players' chat");
  assert.equal(await bruno.textContent('#chat-heading'), 'Chat der Spieler');
  assert.equal(await bruno.locator('#chat-text').count(), 0, 'a guest has no text box');

  // Bruno greets with a quick message; each reads it in their own language, live.
  await bruno.click('.chat-quick button[value=hello]');
  await waitLine(bruno, 'Bruno sagt: Hallo!');
  await waitLine(ada, 'Bruno says: Hello!');
  // Said in the chat's own polite status, apart from the moves' announcements.
  await ada.locator('#chat-announce', { hasText: 'Bruno says: Hello!' }).waitFor();
  await ada.click('.chat-quick button[value=good_luck]');
  await waitLine(bruno, 'Ada sagt: Viel Glück!');

  // Ada types; markup stays text.
  await ada.fill('#chat-text', 'Nice to meet you <b>Bruno</b>');
  await ada.press('#chat-text', 'Enter');
  await waitLine(bruno, 'Ada sagt: Nice to meet you <b>Bruno</b>');
  assert.equal(await bruno.locator('#chat-log b').count(), 0, 'no markup from a message');
  assert.equal(await ada.inputValue('#chat-text'), '', 'the box is emptied once sent');

  await checkA11y(ada, 'the game page with its chat, in English');
  await checkA11y(bruno, "a guest's game page with its chat, in German");
  await screenshot(ada, 'chat-en');
  await screenshot(bruno, 'chat-de');

  // Bruno, a guest, mutes Ada from the row of seats: her next message never reaches his
  // page, and the row says so; unmuted there, her line shows again.
  await Promise.all([
    bruno.waitForURL(/#players$/),
    bruno.locator('#players').getByRole('button', { name: 'Ada stummschalten' }).click(),
  ]);
  await bruno.locator('#players', { hasText: 'stummgeschaltet' }).waitFor();
  await checkA11y(bruno, 'a seat row with a player muted, in German');
  await ada.click('.chat-quick button[value=well_played]');
  await waitLine(ada, 'Ada says: Well played!');
  await bruno.click('.chat-quick button[value=thanks]');
  await waitLine(bruno, 'Bruno sagt: Danke!');
  assert.equal(await bruno.locator('#chat-log li', { hasText: 'Gut gespielt' }).count(), 0,
    "the muted player's message never came");
  await Promise.all([
    bruno.waitForURL(/#players$/),
    bruno.locator('#players').getByRole('button', { name: 'Ada wieder anzeigen' }).click(),
  ]);
  await waitLine(bruno, 'Ada sagt: Gut gespielt!');
  await bruno.locator('#players').getByRole('button', { name: 'Ada stummschalten' }).waitFor();

  // Ada mutes Bruno from his line: his next message does not reach her.
  await Promise.all([
    ada.waitForURL(/#chat$/),
    ada.click('#chat-log li:has-text("Bruno says: Hello!") .chat-mute button'),
  ]);
  await ada.locator('#chat').waitFor();
  assert.equal(await ada.locator('#chat-log li', { hasText: 'Bruno says' }).count(), 0, 'his lines are gone for her');
  await bruno.click('.chat-quick button[value=oops]');
  await waitLine(bruno, 'Bruno sagt: Hoppla!');
  await ada.click('.chat-quick button[value=thanks]');
  await waitLine(ada, 'Ada says: Thanks!');
  assert.equal(await ada.locator('#chat-log li', { hasText: 'Oops' }).count(), 0, 'the muted message never came');

  // Chat turned off elsewhere (another tab, here the API) reaches the open page at once, and
  // on again brings the panel back with what was said.
  const setChat = (off) => ada.evaluate(async (off) => {
    const response = await fetch('/api/me/chat', {
      method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ off }),
    });
    return response.status;
  }, off);
  assert.equal(await setChat(true), 200);
  await ada.locator('#chat').waitFor({ state: 'hidden', timeout: 10_000 });
  assert.equal(await setChat(false), 200);
  await ada.locator('#chat').waitFor({ state: 'visible', timeout: 10_000 });
  await waitLine(ada, 'Ada says: Thanks!');

  // The replay shows what was said by its step, in the reader's language.
  await bruno.goto(`${new URL(bruno.url()).pathname}/replay`);
  await bruno.locator('#replay-chat li', { hasText: 'Bruno sagt: Hallo!' }).waitFor();
  await checkA11y(bruno, 'a replay with its chat, in German');
});
