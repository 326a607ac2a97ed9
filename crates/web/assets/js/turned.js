// Where the game turned, once the computer has looked back: while the server says it is
// still looking (`data-turned-poll` on the section), ask for the server-rendered section every
// few seconds and swap it in when it is done, saying so once, politely. Without this script
// the waiting line asks for a reload.

import { announce } from "./live.js";

const EVERY_MS = 4000;
const TRIES = 150; // ten minutes, then a reload is left to the reader

function watch(section) {
  const url = section.dataset.turnedPoll;
  const ready = section.dataset.turnedReady;
  let tries = 0;
  const ask = async () => {
    tries += 1;
    try {
      const response = await fetch(url, { headers: { Accept: "text/html" } });
      if (response.ok) {
        const html = await response.text();
        const fresh = new DOMParser().parseFromString(html, "text/html").getElementById("turned");
        const now = document.getElementById("turned");
        if (fresh && now) {
          now.replaceWith(document.importNode(fresh, true));
          if (!fresh.dataset.turnedPoll) {
            announce(ready);
            return;
          }
        }
      }
    } catch {
      // A failed request is tried again at the next tick, like a slow one.
    }
    if (tries < TRIES) window.setTimeout(ask, EVERY_MS);
  };
  window.setTimeout(ask, EVERY_MS);
}

const section = document.querySelector("#turned[data-turned-poll]");
if (section) watch(section);
