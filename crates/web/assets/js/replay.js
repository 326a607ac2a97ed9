// The replay viewer: ← → Home End and the step controls swap in the step the server drew
// (`/games/{id}/replay/fragment`, or the uploaded record posted again) and say it politely.
// Without this script every control is a plain link or button that loads the step's page.

import { announce, swap } from "./live.js";

const page = document.getElementById("replay");
const form = document.getElementById("replay-form");
let busy = false;

/** The step shown and the last one, from the view's heading. */
function steps() {
  const heading = document.getElementById("replay-step-h2");
  return heading ? [Number(heading.dataset.step), Number(heading.dataset.steps)] : [0, 0];
}

async function fetchStep(step) {
  if (form) {
    const body = new URLSearchParams(new FormData(form));
    body.set("step", String(step));
    body.set("fragment", "1");
    return fetch("/replay", {
      method: "POST",
      credentials: "same-origin",
      headers: { "x-agora-fetch": "1" },
      body,
    });
  }
  const url = new URL(page.dataset.fragment, window.location.href);
  url.searchParams.set("step", String(step));
  return fetch(url, { credentials: "same-origin", headers: { "x-agora-fetch": "1" } });
}

/** Scrolls the history (not the page) so that the step shown is in it. */
function showCurrentLine() {
  const list = document.getElementById("replay-history");
  const line = list && list.querySelector("[aria-current=step]");
  if (!line) return;
  const item = line.closest("li");
  const top = item.offsetTop - list.offsetTop;
  if (top < list.scrollTop || top + item.offsetHeight > list.scrollTop + list.clientHeight) {
    list.scrollTop = top - list.clientHeight / 2;
  }
}

/** Shows step `step`: the server's view of it swapped in, its narration said. */
async function go(step) {
  const [, last] = steps();
  if (busy || step < 0 || step > last) return;
  busy = true;
  try {
    const response = await fetchStep(step);
    if (!response.ok) throw new Error(String(response.status));
    const answer = await response.json();
    swap("replay-view", answer.html);
    showCurrentLine();
    if (!form) window.history.replaceState(null, "", answer.href);
    announce(answer.say);
  } catch {
    announce(page.dataset.error, true);
  } finally {
    busy = false;
  }
}

if (page) {
  showCurrentLine();
  page.addEventListener("click", (event) => {
    const control = event.target.closest("[data-step]");
    if (!control || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey) return;
    event.preventDefault();
    go(Number(control.dataset.step));
  });
  document.addEventListener("keydown", (event) => {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return;
    if (event.target.closest("input, textarea, select, [contenteditable]")) return;
    const [step, last] = steps();
    const to = { ArrowLeft: step - 1, ArrowRight: step + 1, Home: 0, End: last }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    go(to);
  });
}

// Opening a record: a file chosen is read into the text box, which the form posts.
const file = document.getElementById("record-file");
if (file) {
  file.addEventListener("change", async () => {
    const chosen = file.files && file.files[0];
    const text = document.getElementById("record");
    if (chosen && text) text.value = await chosen.text();
  });
}
