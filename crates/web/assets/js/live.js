// Shared by the pages that update themselves: swapping in fragments the server rendered,
// keeping the reader's focus where it was, and speaking through the live regions.

/** Says `text` through the polite live region, or the assertive one. */
export function announce(text, assertive = false) {
  const region = document.getElementById(assertive ? "announce-assertive" : "announce-polite");
  if (!region || !text) return;
  if (assertive) {
    // The assertive region is atomic: replace its text so the new message is read whole.
    region.textContent = "";
    window.setTimeout(() => { region.textContent = text; }, 50);
  } else {
    const line = document.createElement("p");
    line.textContent = text;
    region.append(line);
    while (region.childElementCount > 6) region.firstElementChild.remove();
  }
}

/**
 * Replaces the content of the element with id `id` by `html`, unless it is unchanged.
 * The element that had focus inside it gets it back by id (or the container itself).
 */
export function swap(id, html) {
  const target = document.getElementById(id);
  if (!target || target.innerHTML === html) return false;
  const active = document.activeElement;
  const hadFocus = active && target.contains(active);
  const focusId = hadFocus ? active.id : null;
  const checked = [...target.querySelectorAll("input[type=radio]:checked")].map((i) => i.id);
  target.innerHTML = html;
  for (const id of checked) {
    const input = document.getElementById(id);
    if (input && !input.disabled) input.checked = true;
  }
  if (hadFocus) {
    const again = focusId && document.getElementById(focusId);
    if (again && !again.disabled) again.focus();
    // The element is gone, disabled or hidden now (a played tile's button): focus goes to
    // what the fragment names for it (a heading), or to the fragment itself, never the body.
    if (document.activeElement !== again) {
      const fallback = target.querySelector("[data-focus-fallback]") || target;
      if (!fallback.hasAttribute("tabindex")) fallback.setAttribute("tabindex", "-1");
      fallback.focus();
    }
  }
  return true;
}

/** Fetches `url` as text; `null` when it fails. */
export async function fetchText(url) {
  try {
    const response = await fetch(url, { credentials: "same-origin", headers: { "x-agora-fetch": "1" } });
    return response.ok ? await response.text() : null;
  } catch {
    return null;
  }
}

/**
 * Rewrites each `<time data-local-time>` inside `root` (a date the server wrote in UTC) in the
 * browser's own time zone, in the page's language. Only the words change: the moment is the
 * server's, in `datetime`.
 */
export function localTimes(root = document) {
  let format;
  try {
    format = new Intl.DateTimeFormat(document.documentElement.lang, {
      year: "numeric", month: "long", day: "numeric",
      hour: "2-digit", minute: "2-digit", timeZoneName: "short",
    });
  } catch {
    return;
  }
  // French writes the first of the month "1er", as the server does (Intl writes "1").
  const first = document.documentElement.lang.startsWith("fr") ? "1er" : "1";
  for (const time of root.querySelectorAll("time[data-local-time]")) {
    const at = new Date(time.getAttribute("datetime"));
    if (Number.isNaN(at.getTime())) continue;
    time.textContent = format.formatToParts(at)
      .map((part) => (part.type === "day" && part.value === "1" ? first : part.value))
      .join("");
  }
}
