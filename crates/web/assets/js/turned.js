// Where the game turned, once the computer has looked back: while the server says it is
// still looking (`data-turned-poll` on the section), ask for the server-rendered section every
// few seconds and swap it in when it is done, saying so once, politely; never while the tab is
// hidden. The page loads this only while the look back runs. Without this script the waiting
// line asks for a reload.

import { announce } from "./live.js";

const EVERY_MS = 4000;
const TRIES = 150; // ten minutes, then a reload is left to the reader

function watch(section) {
  const url = section.dataset.turnedPoll;
  const ready = section.dataset.turnedReady;
  let tries = 0;
  let timer = null;
  let asking = false;
  let done = false;
  // The next question in `after` ms, unless one is on its way, the tab is hidden (asked
  // again when it shows) or the section came.
  const schedule = (after) => {
    if (done || asking || timer !== null || document.hidden || tries >= TRIES) return;
    timer = window.setTimeout(ask, after);
  };
  const ask = async () => {
    timer = null;
    if (document.hidden) return;
    asking = true;
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
            done = true;
            announce(ready);
          }
        }
      }
    } catch {
      // A failed request is tried again at the next tick, like a slow one.
    }
    asking = false;
    schedule(EVERY_MS);
  };
  // A hidden tab asks nothing; shown again, it asks at once.
  document.addEventListener("visibilitychange", () => {
    if (document.hidden) {
      window.clearTimeout(timer);
      timer = null;
    } else {
      schedule(0);
    }
  });
  schedule(EVERY_MS);
}

const section = document.querySelector("#turned[data-turned-poll]");
if (section) watch(section);
