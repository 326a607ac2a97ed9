// Every page: copy buttons, and focus on an error summary so its problems are read first.
for (const button of document.querySelectorAll("button[data-copy]")) {
  const input = document.getElementById(button.dataset.copy);
  if (!input) continue;
  button.hidden = false;
  button.addEventListener("click", async () => {
    input.select();
    try {
      await navigator.clipboard.writeText(input.value);
    } catch {
      document.execCommand("copy");
    }
    const status = document.getElementById("announce-polite");
    if (status) {
      const line = document.createElement("p");
      line.textContent = button.dataset.copied || button.textContent;
      status.append(line);
    }
  });
}
const summary = document.getElementById("error-summary");
if (summary) summary.focus();

// With the setting on, a short soft tone when a game becomes the reader's turn: when the
// header's count grows, or when a game page's icon turns to "your turn". Browsers allow
// audio only after a gesture, so the AudioContext starts at the first click or key.
let audio = null;
let lastTone = 0;
if (document.documentElement.hasAttribute("data-turn-sound")) {
  const start = () => {
    if (!audio && window.AudioContext) audio = new AudioContext();
  };
  document.addEventListener("click", start, { once: true });
  document.addEventListener("keydown", start, { once: true });
  const icon = document.getElementById("page-icon");
  if (icon) {
    new MutationObserver((changes) => {
      const turn = icon.dataset.iconTurn;
      const began = changes.some((c) => c.oldValue !== turn);
      if (began && icon.getAttribute("href") === turn) turnTone();
    }).observe(icon, { attributes: true, attributeFilter: ["href"], attributeOldValue: true });
  }
}
function turnTone() {
  const now = Date.now();
  if (!audio || now - lastTone < 20000) return;
  lastTone = now;
  const tone = audio.createOscillator();
  const gain = audio.createGain();
  tone.type = "sine";
  tone.frequency.value = 660;
  gain.gain.setValueAtTime(0.0001, audio.currentTime);
  gain.gain.exponentialRampToValueAtTime(0.08, audio.currentTime + 0.02);
  gain.gain.exponentialRampToValueAtTime(0.0001, audio.currentTime + 0.35);
  tone.connect(gain).connect(audio.destination);
  tone.start();
  tone.stop(audio.currentTime + 0.4);
}

// Browser notifications for correspondence games, chosen per browser in Settings: the
// permission is asked only when its button is pressed. One notification per game and turn
// (its id and version, remembered in localStorage so other tabs do not repeat it).
const NOTIFY_KEY = "agora-notify";
const NOTIFIED_KEY = "agora-notified";
function notifying() {
  return (
    "Notification" in window &&
    Notification.permission === "granted" &&
    localStorage.getItem(NOTIFY_KEY) === "on"
  );
}
function notifyTurns(news) {
  if (!notifying() || !Array.isArray(news.games)) return;
  let shown;
  try {
    shown = JSON.parse(localStorage.getItem(NOTIFIED_KEY) || "[]");
  } catch {
    shown = [];
  }
  if (!Array.isArray(shown)) shown = [];
  for (const game of news.games) {
    if (!game.title) continue;
    const key = `${game.id}@${game.version}`;
    if (shown.includes(key)) continue;
    shown.push(key);
    // The reader is looking at that game already.
    if (!document.hidden && location.pathname === game.href) continue;
    let note;
    try {
      note = new Notification(game.title, { body: news.notice, tag: `agora-${game.id}` });
    } catch {
      // Some mobile browsers show notifications only through a service worker.
      break;
    }
    note.addEventListener("click", () => {
      window.focus();
      location.assign(game.href);
      note.close();
    });
  }
  localStorage.setItem(NOTIFIED_KEY, JSON.stringify(shown.slice(-200)));
}
// Web Push, when the server offers it (Settings' `data-push-key`, its VAPID key): the same
// button registers the service worker and subscribes this browser, and the server keeps the
// subscription for the account, so a notification comes with no Agora page open. Whether it
// worked is kept here ("on", or "failed": a browser without a push service, such as a
// headless one, then notifies only while a page is open, and Settings says so).
const PUSH_KEY = "agora-push";
async function subscribePush(key) {
  try {
    if (!("serviceWorker" in navigator) || !("PushManager" in window)) return false;
    await navigator.serviceWorker.register("/push-worker.js");
    const registration = await navigator.serviceWorker.ready;
    const bytes = atob(key.replace(/-/g, "+").replace(/_/g, "/"));
    const subscription = await registration.pushManager.subscribe({
      userVisibleOnly: true,
      applicationServerKey: Uint8Array.from(bytes, (c) => c.charCodeAt(0)),
    });
    if (await sendSubscription("on", subscription)) return true;
    await subscription.unsubscribe();
  } catch {
    // No push service, or it refused: said in words by `show`.
  }
  return false;
}
async function unsubscribePush() {
  try {
    const registration = await navigator.serviceWorker.getRegistration("/");
    const subscription = registration && (await registration.pushManager.getSubscription());
    if (!subscription) return;
    await sendSubscription("off", subscription);
    await subscription.unsubscribe();
  } catch {
    // The browser forgot it already; the server forgets it at the push service's 410.
  }
}
async function sendSubscription(action, subscription) {
  const json = subscription.toJSON();
  const csrf = document.querySelector("input[name=csrf]");
  const body = new URLSearchParams({
    csrf: csrf ? csrf.value : "",
    action,
    endpoint: json.endpoint || "",
    p256dh: (json.keys && json.keys.p256dh) || "",
    auth: (json.keys && json.keys.auth) || "",
  });
  const answer = await fetch("/settings/push", { method: "POST", body, credentials: "same-origin" });
  return answer.ok;
}
const notifySection = document.getElementById("browser-notify");
if (notifySection) {
  const controls = document.getElementById("browser-notify-controls");
  const state = document.getElementById("browser-notify-state");
  const on = document.getElementById("browser-notify-on");
  const off = document.getElementById("browser-notify-off");
  const show = (focus) => {
    const words = notifySection.dataset;
    const supported = "Notification" in window;
    const chosen = localStorage.getItem(NOTIFY_KEY) === "on";
    const denied = supported && Notification.permission === "denied";
    const push = localStorage.getItem(PUSH_KEY);
    state.textContent = !supported
      ? words.unsupported
      : denied
        ? words.denied
        : !notifying()
          ? words.nowOff
          : push === "on"
            ? words.pushOn
            : push === "failed"
              ? words.pushFailed
              : words.nowOn;
    on.hidden = !supported || denied || notifying();
    off.hidden = !chosen;
    if (!focus) return;
    // Said once on a press, not on load: the paragraph is no live region.
    const status = document.getElementById("announce-polite");
    if (status) {
      const line = document.createElement("p");
      line.textContent = state.textContent;
      status.append(line);
    }
    if (!off.hidden) off.focus();
    else if (!on.hidden) on.focus();
    else {
      // Refused at the prompt: both buttons gone, focus goes to what to do about it.
      state.tabIndex = -1;
      state.focus();
    }
  };
  controls.hidden = false;
  on.addEventListener("click", async () => {
    let answer = "default";
    try {
      answer = await Notification.requestPermission();
    } catch {
      // An old browser's callback-only form: its answer is read from `permission` below.
    }
    if (answer === "granted" || Notification.permission === "granted") {
      localStorage.setItem(NOTIFY_KEY, "on");
      const key = notifySection.dataset.pushKey;
      if (key) localStorage.setItem(PUSH_KEY, (await subscribePush(key)) ? "on" : "failed");
    }
    show(true);
  });
  off.addEventListener("click", async () => {
    localStorage.removeItem(NOTIFY_KEY);
    if (localStorage.getItem(PUSH_KEY) === "on") await unsubscribePush();
    localStorage.removeItem(PUSH_KEY);
    show(true);
  });
  show(false);
}

// The header's count of games waiting for the reader's move stays current on every page:
// asked every 30 s while the tab is seen, or also while hidden when it may notify (at once when
// it shows again), answered 304 when
// unchanged; a count that grows is said politely.
const myGames = document.getElementById("nav-my-games");
if (myGames) {
  let etag = null;
  let count = document.querySelector("#waiting-count .waiting-count") ? null : 0;
  const poll = async () => {
    // A hidden tab still asks when it may notify: that is when a notification helps.
    if (document.hidden && !notifying()) return;
    const headers = etag ? { "If-None-Match": etag } : {};
    let answer;
    try {
      answer = await fetch("/games/waiting", { headers, credentials: "same-origin" });
    } catch {
      return;
    }
    if (answer.status !== 200) return;
    etag = answer.headers.get("ETag");
    const news = await answer.json();
    const shown = document.getElementById("waiting-count");
    if (shown) shown.outerHTML = news.html;
    if (count !== null && news.count > count) {
      const status = document.getElementById("announce-polite");
      const said = document.querySelector("#waiting-count .visually-hidden");
      if (status && said) {
        const line = document.createElement("p");
        line.textContent = said.textContent.replace(/^\s*\(|\)\s*$/g, "");
        status.append(line);
      }
    }
    if (count !== null && news.count > count) turnTone();
    count = news.count;
    notifyTurns(news);
    document.dispatchEvent(new CustomEvent("agora:waiting", { detail: news }));
  };
  poll();
  setInterval(poll, 30000);
  document.addEventListener("visibilitychange", poll);
  // A game page whose turn moved on, or whose game ended in place (game.js).
  document.addEventListener("agora:turn-changed", poll);
}
