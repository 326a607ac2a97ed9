// A game's page, live: the game's WebSocket says when something happened, and the page asks
// the server for its fragments again (rendered for this reader, in their language). Forms
// post with fetch, and the answer to an action brings the fragments it changed; the server
// decides what is legal and what to ask before a move is sent.
import { announce, swap, fetchText, localTimes } from "./live.js";
import "./tsuro.js";

const root = document.getElementById("game");
const id = root.dataset.game;
let version = Number(root.dataset.version);
const dialog = document.getElementById("confirm-dialog");

// ---- Fragments ------------------------------------------------------------------------

let refreshing = null;
let again = false;
// The newest version heard of (from the live feed or a form's answer), and what it was when
// the fetch on its way was sent: that fetch answers with that version or a later one, so news
// of it (the mover hears of their move twice) fetches nothing more.
let known = version;
let sentAt = -1;

// While a form's request is on its way the live feed's news waits (`owed`): the answer brings
// the page's fragments up to the action it took, so the mover's page asks once per move, and
// whatever came after them is fetched once the answer is in.
let posting = 0;
let owed = false;

// Brings the page up to date; with `upTo`, only if the page has not shown (or asked for)
// version `upTo` yet.
async function refresh(upTo) {
  if (upTo !== undefined) {
    if (upTo > known) known = upTo;
    if (refreshing ? upTo <= sentAt : upTo <= version) return refreshing;
  }
  if (posting) {
    if (upTo === undefined) owed = true;
    return refreshing;
  }
  if (refreshing) { again = true; return refreshing; }
  refreshing = (async () => {
    do {
      again = false;
      sentAt = known;
      const text = await fetchText(`/games/${id}/fragments?since=${version}`);
      if (text === null) break;
      if (!take(JSON.parse(text))) return;
    } while (again);
  })();
  try { await refreshing; } finally { refreshing = null; }
}

// Once no form is on its way: what the live feed said meanwhile, beyond what the answers
// brought.
function catchUp() {
  if (posting) return;
  if (owed) { owed = false; refresh(); } else if (known > version) refresh(known);
}

// Shows a page's fragments and says what is new in them; false when the page goes on to the
// rematch instead.
function take(data) {
  if (data.rematch) { window.location.assign(`/games/${data.rematch}`); return false; }
  const focused = document.activeElement && document.activeElement.id;
  for (const [part, html] of Object.entries(data.fragments)) {
    if (swap(part, html) && part === "board") arrive();
  }
  // A deadline's date in the reader's time zone, in fresh fragments as on a fresh page.
  localTimes();
  // A turned Tsuro tile is shown again as the reader left it, and its focus with it.
  keepRotations();
  const refocus = focused && document.getElementById(focused);
  if (refocus && refocus !== document.activeElement && refocus.getClientRects().length) refocus.focus();
  if (data.entries.trim()) {
    const log = document.getElementById("history");
    log.insertAdjacentHTML("beforeend", data.entries);
    const scroller = document.getElementById("history-log");
    scroller.scrollTop = scroller.scrollHeight;
  }
  for (const line of data.assertive) announce(line, true);
  for (const line of data.polite) announce(line, false);
  if (data.version !== version) {
    version = data.version;
    root.dataset.version = String(version);
    for (const field of document.querySelectorAll("[data-version-field]")) field.value = String(version);
  }
  document.title = data.title;
  const icon = document.getElementById("page-icon");
  if (icon) icon.href = data.your_turn ? icon.dataset.iconTurn : icon.dataset.icon;
  turnMaybeChanged(data.your_turn);
  dropMoveBoxWhenOver();
  setUpBoard();
  startClocks();
  return true;
}

// Whose turn it is and whether the game is over, as the page last showed them: when either
// changes, the header's count of games waiting for the reader (page.js) is asked again at once
// rather than at its next 30 s poll.
const pageIcon = document.getElementById("page-icon");
let turnShown = turnNow(pageIcon && pageIcon.getAttribute("href") === pageIcon.dataset.iconTurn);
function turnNow(yourTurn) {
  return `${Boolean(yourTurn)}:${document.getElementById("outcome") !== null}`;
}
function turnMaybeChanged(yourTurn) {
  const now = turnNow(yourTurn);
  if (now === turnShown) return;
  turnShown = now;
  document.dispatchEvent(new CustomEvent("agora:turn-changed"));
}

// A finished game takes no more moves: its typed move box goes, as on a fresh load of the page.
function dropMoveBoxWhenOver() {
  const box = document.getElementById("typed-move");
  if (!box || !document.getElementById("outcome")) return;
  const hadFocus = box.contains(document.activeElement);
  box.remove();
  if (hadFocus) {
    const status = document.getElementById("game-status");
    status.setAttribute("tabindex", "-1");
    status.focus();
  }
}

// ---- The live feed --------------------------------------------------------------------

let socket = null;
let backoff = 500;
// Whether the live connection dropped (and is being made again); said at once, and its return.
let lost = false;
let leaving = false;
window.addEventListener("pagehide", () => { leaving = true; });

function note(text) {
  const line = document.getElementById("connection");
  if (line) line.textContent = text;
}

function connect() {
  const scheme = window.location.protocol === "https:" ? "wss" : "ws";
  socket = new WebSocket(`${scheme}://${window.location.host}/api/games/${id}/ws?since=${version}`);
  socket.addEventListener("open", () => {
    backoff = 500;
    if (lost) {
      lost = false;
      note(root.dataset.reconnected);
      document.dispatchEvent(new CustomEvent("agora:reconnected"));
      window.setTimeout(() => { if (!lost) note(""); }, 5000);
    }
  });
  socket.addEventListener("message", (message) => {
    let frame;
    try { frame = JSON.parse(message.data); } catch { return; }
    if (frame.game && frame.game !== id) {
      // The connection followed the players into the rematch.
      window.location.assign(`/games/${frame.game}`);
      return;
    }
    // Table chat is chat.js's.
    if (frame.type === "chat") { document.dispatchEvent(new CustomEvent("agora:chat")); return; }
    if (frame.type === "chat_setting") {
      document.dispatchEvent(new CustomEvent("agora:chat-setting", { detail: { off: frame.off === true } }));
      return;
    }
    if (frame.type === "rematch" && frame.rematch && frame.rematch.next) {
      window.location.assign(`/games/${frame.rematch.next}`);
      return;
    }
    if ((frame.type === "event" || frame.type === "sync" || frame.type === "rematch") && frame.version !== undefined) {
      if (frame.type === "rematch") refresh();
      else refresh(frame.version);
    }
  });
  socket.addEventListener("close", () => {
    if (!lost && !leaving) { lost = true; note(root.dataset.reconnecting); }
    window.setTimeout(() => { refresh(); connect(); }, backoff);
    backoff = Math.min(backoff * 2, 15000);
  });
}

// ---- Forms ----------------------------------------------------------------------------

function ask(question) {
  return new Promise((resolve) => {
    document.getElementById("confirm-question").textContent = question;
    const yes = document.getElementById("confirm-yes");
    const no = document.getElementById("confirm-no");
    const returnTo = document.activeElement;
    const returnId = returnTo && returnTo.id;
    const done = (answer) => {
      yes.removeEventListener("click", onYes);
      no.removeEventListener("click", onNo);
      dialog.removeEventListener("cancel", onNo);
      dialog.close();
      // A refresh while the dialog was open may have redrawn the button that opened it: focus
      // goes back to its new self (same id), else to what the page names for it, never the body.
      const back = (returnTo && document.contains(returnTo) && returnTo) ||
        (returnId && document.getElementById(returnId)) ||
        document.querySelector("[data-focus-fallback]");
      if (back) back.focus();
      resolve(answer);
    };
    const onYes = () => done(true);
    const onNo = (event) => { if (event) event.preventDefault(); done(false); };
    yes.addEventListener("click", onYes);
    no.addEventListener("click", onNo);
    dialog.addEventListener("cancel", onNo);
    dialog.showModal();
    yes.focus();
  });
}

// A refused move: its reason in the alert that stays in view, and next to the control that
// sent it (the typed move box, marked invalid, or after the button pressed). The alert is
// what is announced; when the move box says it (an alert itself) the copy is only seen.
function showError(text, form, submitter) {
  clearError();
  const alert = document.getElementById("move-alert");
  const typed = form && form.id === "typed-move";
  if (typed) {
    const box = document.getElementById("move-error");
    if (box) box.textContent = text;
    const input = document.getElementById("move-input");
    if (input) input.setAttribute("aria-invalid", "true");
  } else if (submitter && submitter.parentElement) {
    const near = document.createElement("p");
    near.className = "field-error";
    near.dataset.nearError = "";
    near.textContent = text;
    submitter.parentElement.insertAdjacentElement("afterend", near);
  }
  if (alert) {
    if (typed) alert.setAttribute("aria-hidden", "true");
    else alert.removeAttribute("aria-hidden");
    alert.textContent = text;
  } else {
    announce(text, true);
  }
}

function clearError() {
  const box = document.getElementById("move-error");
  if (box) box.textContent = "";
  const input = document.getElementById("move-input");
  if (input) input.removeAttribute("aria-invalid");
  const alert = document.getElementById("move-alert");
  if (alert) alert.textContent = "";
  for (const near of document.querySelectorAll("[data-near-error]")) near.remove();
}

// Sends a form's fields to `url` and takes the fragments its answer brings, if the page
// still shows the version they start from; the live feed waits meanwhile.
async function send(url, body) {
  const since = version;
  body.set("since", String(since));
  posting += 1;
  try {
    const response = await fetch(url, {
      method: "POST",
      credentials: "same-origin",
      headers: { "x-agora-fetch": "1", "content-type": "application/x-www-form-urlencoded" },
      body,
    });
    const data = await response.json().catch(() => ({}));
    if (typeof data.version === "number" && data.version > known) known = data.version;
    if (data.page && version === since) take(data.page);
    return { response, data };
  } finally {
    posting -= 1;
    catchUp();
  }
}

// Sends `form` (pressed through `submitter`) and says what came of it. Resolves once the answer
// is handled.
async function post(form, submitter) {
  const body = new URLSearchParams(new FormData(form, submitter));
  for (;;) {
    let response, data;
    try {
      ({ response, data } = await send(form.action, body));
    } catch {
      showError(root.dataset.offline, form, submitter);
      return;
    }
    if (!response.ok && !data.error) {
      // Not an answer from the game (an expired form, a limit): the page says what it can.
      showError(root.dataset.error, form, submitter);
      refresh();
      return;
    }
    if (data.confirm) {
      if (!(await ask(data.confirm))) return;
      body.set("confirmed", "1");
      continue;
    }
    if (data.error) { showError(data.error, form, submitter); return; }
    clearError();
    if (data.next) { window.location.assign(`/games/${data.next}`); return; }
    const typed = document.getElementById("move-input");
    if (typed && form.id === "typed-move") typed.value = "";
    return;
  }
}

// Waits until no refresh is on its way, so that a form is sent with the game's current version.
async function settled() {
  while (refreshing) {
    try { await refreshing; } catch { /* the refresh said what failed */ }
  }
}

// A form is locked only while its own request is on its way (with its question, if asked): a
// second click then would be refused as out of date (a false error), so it is dropped. A form
// sent while the page is still catching up with the last move waits for that refresh and goes
// with the version it brought, unless what sent it is gone by then (a board button redrawn)
// or the move box was emptied (the same Enter twice).
document.addEventListener("submit", (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || !root.contains(form)) return;
  if (!(form.id === "move-form" || form.id === "typed-move" || form.hasAttribute("data-action"))) return;
  event.preventDefault();
  if (busy.has(form)) return;
  busy.add(form);
  form.setAttribute("aria-busy", "true");
  const submitter = event.submitter;
  const typed = form.id === "typed-move" && document.getElementById("move-input");
  const waited = refreshing !== null;
  (async () => {
    await settled();
    if (waited && (!document.contains(form) || (submitter && !document.contains(submitter)) ||
      (typed && !typed.value.trim()))) return;
    await post(form, submitter);
  })().finally(() => {
    busy.delete(form);
    form.removeAttribute("aria-busy");
  });
});

const busy = new WeakSet();

// ---- The board as a grid: one tab stop, arrow keys inside --------------------------------

let rovingId = null;

function setUpBoard() {
  const grid = document.getElementById("board-grid");
  if (!grid) return;
  const rows = [...grid.querySelectorAll("[role=row]")].map((row) => [...row.querySelectorAll("button, [data-cell]")]);
  const all = rows.flat();
  if (!all.length) return;
  // The tab stop stays on the square the reader last visited, across the board's refreshes
  // (a refreshed board comes with no tab stop of its own).
  const remembered = rovingId && document.getElementById(rovingId);
  const current = all.find((b) => b === document.activeElement) ||
    (remembered && all.includes(remembered) ? remembered : null) ||
    all.find((b) => b.dataset.roving === "on") || all[0];
  const rove = (to) => {
    for (const button of all) { button.tabIndex = -1; delete button.dataset.roving; }
    to.tabIndex = 0;
    to.dataset.roving = "on";
    rovingId = to.id || null;
  };
  rove(current);
  grid.onkeydown = (event) => {
    const at = rows.findIndex((row) => row.includes(document.activeElement));
    if (at < 0) return;
    const col = rows[at].indexOf(document.activeElement);
    let r = at, c = col;
    switch (event.key) {
      case "ArrowRight": c = Math.min(col + 1, rows[at].length - 1); break;
      case "ArrowLeft": c = Math.max(col - 1, 0); break;
      case "ArrowDown": r = Math.min(at + 1, rows.length - 1); break;
      case "ArrowUp": r = Math.max(at - 1, 0); break;
      case "Home": c = 0; if (event.ctrlKey) r = 0; break;
      case "End": c = rows[at].length - 1; if (event.ctrlKey) r = rows.length - 1; break;
      default: return;
    }
    event.preventDefault();
    const next = rows[r][Math.min(c, rows[r].length - 1)];
    rove(next);
    next.focus();
  };
}

// ---- Animations: the contract the three games' drawings share ----------------------------
//
// Every animation is a CSS animation or `element.animate()` (Web Animations), never a
// requestAnimationFrame loop, so that `document.getAnimations()` lists them all. They run only
// when a live update swaps a new board in (never on a page load) and never while `stillness()`
// holds (the settings' "reduce motion", or the browser's prefers-reduced-motion). After each
// board swap `arrive()` marks `#board` with the class `arriving` for ARRIVING_MS: a game's CSS
// animations are written under `#board.arriving`, and its scripted ones start from `arrive()`.

const ARRIVING_MS = 1500;
let arrivingTimer = null;

function stillness() {
  return document.documentElement.hasAttribute("data-reduced-motion") ||
    window.matchMedia("(prefers-reduced-motion: reduce)").matches;
}

function arrive() {
  const board = document.getElementById("board");
  if (!board || stillness()) return;
  board.classList.add("arriving");
  window.clearTimeout(arrivingTimer);
  arrivingTimer = window.setTimeout(() => board.classList.remove("arriving"), ARRIVING_MS);
  moveMarkers();
}

// Tsuro: runs each moved marker from its trail's start to where the server drew it (the server
// draws the last play's trails); a marker the play put out runs to the trail's end, then fades.
function moveMarkers() {
  const board = document.querySelector(".ts-board");
  if (!board) return;
  for (const trail of board.querySelectorAll(".ts-trail[data-seat]")) {
    const marker = board.querySelector(`.ts-marker[data-seat="${trail.dataset.seat}"]:not(.ts-gone)`) ||
      board.querySelector(`.ts-gone[data-seat="${trail.dataset.seat}"]`);
    if (!marker) continue;
    const length = trail.getTotalLength();
    if (!(length > 0)) continue;
    const end = trail.getPointAtLength(length);
    const gone = marker.classList.contains("ts-gone");
    // Points along the trail, about every 8 units: keyframes the marker passes through at an
    // even speed, offset from where it is drawn (the trail's end).
    const count = Math.min(60, Math.max(2, Math.ceil(length / 8)));
    const frames = [];
    for (let i = 0; i <= count; i += 1) {
      const at = trail.getPointAtLength((length * i) / count);
      const frame = { transform: `translate(${at.x - end.x}px, ${at.y - end.y}px)` };
      if (gone) frame.opacity = 1;
      frames.push(frame);
    }
    // Without fill: once done the marker is as drawn (a put-out one hidden by its class).
    marker.animate(frames, { duration: Math.min(2400, 500 + length * 2), easing: "linear" });
  }
}

// ---- Tsuro's hand: turning a tile shows the server's drawing and preview for that rotation --

// The rotation shown for each tile, by the tile's name, so a refresh keeps it.
const rotations = new Map();

function showRotation(slot, panelId) {
  const panel = document.getElementById(panelId);
  if (!panel || !slot.contains(panel)) return null;
  for (const other of slot.querySelectorAll("[data-rotation]")) other.hidden = other !== panel;
  rotations.set(slot.dataset.tile, panel.id.slice(slot.id.length));
  return panel;
}

function keepRotations() {
  for (const slot of document.querySelectorAll(".ts-hand-slot[data-tile]")) {
    const suffix = rotations.get(slot.dataset.tile);
    if (suffix) showRotation(slot, slot.id + suffix);
  }
}

function turn(button) {
  const slot = button.closest(".ts-hand-slot");
  const panel = slot && showRotation(slot, button.dataset.show);
  if (!panel) return;
  const same = panel.querySelector(`[data-turn="${button.dataset.turn}"]`);
  if (same) same.focus();
  // The focused button is described by the new preview, so a screen reader reads it on the
  // move of focus; the live region says it only when focus could not follow (else twice).
  if (same && document.activeElement === same) return;
  const preview = panel.querySelector(".ts-preview") || panel.querySelector(".ts-paths");
  if (preview) announce(preview.textContent, false);
}

document.addEventListener("click", (event) => {
  const button = event.target.closest && event.target.closest("[data-turn]");
  if (!button || !root.contains(button)) return;
  event.preventDefault();
  turn(button);
});

// R turns the tile in focus to the right, Shift+R to the left.
document.addEventListener("keydown", (event) => {
  if (event.key !== "r" && event.key !== "R") return;
  if (event.ctrlKey || event.metaKey || event.altKey) return;
  const slot = document.activeElement && document.activeElement.closest(".ts-hand-slot");
  if (!slot) return;
  const panel = [...slot.querySelectorAll("[data-rotation]")].find((p) => !p.hidden);
  const button = panel && panel.querySelector(`[data-turn="${event.shiftKey ? "left" : "right"}"]`);
  if (!button) return;
  event.preventDefault();
  turn(button);
});

// ---- Clocks ---------------------------------------------------------------------------

let ticking = null;

function startClocks() {
  if (ticking) window.clearInterval(ticking);
  const started = performance.now();
  const clocks = [...document.querySelectorAll(".clock[data-running]")].map((el) => ({
    el,
    ms: Number(el.dataset.ms),
    warnings: el.dataset.warnings ? JSON.parse(el.dataset.warnings) : [],
  }));
  if (!clocks.length) return;
  ticking = window.setInterval(() => {
    const spent = performance.now() - started;
    for (const clock of clocks) {
      const left = Math.max(0, clock.ms - spent);
      const s = Math.floor(left / 1000);
      const text = s >= 3600
        ? `${Math.floor(s / 3600)}:${String(Math.floor(s / 60) % 60).padStart(2, "0")}:${String(s % 60).padStart(2, "0")}`
        : `${Math.floor(s / 60)}:${String(s % 60).padStart(2, "0")}`;
      if (clock.el.firstChild && clock.el.firstChild.nodeValue !== text) clock.el.firstChild.nodeValue = text;
      clock.el.classList.toggle("low", left < 30000);
      for (const warning of clock.warnings) {
        if (!warning.done && clock.ms > warning[0] && left <= warning[0]) {
          warning.done = true;
          announce(warning[1], true);
        }
      }
    }
  }, 250);
}

// What only works with this script (Tsuro's R key) is said only when it runs: the style sheet
// shows `.with-script` under this mark.
document.documentElement.setAttribute("data-script", "");
setUpBoard();
startClocks();
localTimes();
connect();
