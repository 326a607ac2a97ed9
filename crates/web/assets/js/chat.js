// The game page's chat (partials/chat.html), live: game.js passes each `chat` frame of the
// game's WebSocket on as an `agora:chat` event, and this asks the server for the new lines
// (rendered for this reader, in their language, without the accounts they muted), appends
// them and says them in the chat's own polite status, apart from the moves' announcements.
// The chat's forms post with fetch; without this script they post and the page comes back.
// Turning chat off or on reaches open pages at once (a `chat_setting` frame).

const panel = document.getElementById("chat");

if (panel) {
  const log = document.getElementById("chat-log");
  const scroller = document.getElementById("chat-scroll");
  const said = document.getElementById("chat-announce");
  const error = document.getElementById("chat-error");
  let fetching = null;
  let again = false;

  async function newLines() {
    if (fetching) { again = true; return fetching; }
    fetching = (async () => {
      do {
        again = false;
        let data = null;
        try {
          const response = await fetch(`/games/${panel.dataset.game}/chat/lines?after=${panel.dataset.last}`,
            { credentials: "same-origin", headers: { "x-agora-fetch": "1" } });
          data = response.ok ? await response.json() : null;
        } catch { data = null; }
        if (!data || typeof data.html !== "string") break;
        const holder = document.createElement("ol");
        holder.innerHTML = data.html;
        const lines = [...holder.children].filter((li) => !document.getElementById(li.id));
        for (const li of lines) {
          log.append(li);
          const text = li.querySelector(".chat-said");
          if (text) {
            const line = document.createElement("p");
            line.textContent = text.textContent;
            said.append(line);
          }
        }
        while (said.childElementCount > 6) said.firstElementChild.remove();
        if (lines.length) {
          document.getElementById("chat-empty").hidden = true;
          scroller.scrollTop = scroller.scrollHeight;
        }
        panel.dataset.last = String(data.last);
      } while (again);
    })();
    try { await fetching; } finally { fetching = null; }
  }

  document.addEventListener("agora:chat", () => { newLines(); });
  // Chat turned off or on in the settings (another tab): hidden and emptied, or shown with
  // what was said.
  document.addEventListener("agora:chat-setting", (event) => {
    const off = event.detail.off;
    panel.hidden = off;
    if (off) {
      log.replaceChildren();
      said.replaceChildren();
      document.getElementById("chat-empty").hidden = false;
      panel.dataset.last = "0";
    } else {
      newLines();
    }
  });
  // After a dropped connection, what was said meanwhile.
  document.addEventListener("agora:reconnected", () => { newLines(); });
  scroller.scrollTop = scroller.scrollHeight;

  panel.addEventListener("submit", async (event) => {
    const form = event.target;
    if (!(form instanceof HTMLFormElement) || form.classList.contains("chat-mute")) return;
    event.preventDefault();
    if (form.getAttribute("aria-busy") === "true") return;
    form.setAttribute("aria-busy", "true");
    const body = new URLSearchParams(new FormData(form));
    // The quick message's button that was pressed.
    if (event.submitter && event.submitter.name) body.set(event.submitter.name, event.submitter.value);
    try {
      const response = await fetch(form.action, {
        method: "POST",
        credentials: "same-origin",
        headers: { "x-agora-fetch": "1", "content-type": "application/x-www-form-urlencoded" },
        body,
      });
      const data = await response.json().catch(() => null);
      if (!response.ok || !data || data.error) {
        error.textContent = (data && data.error) || panel.dataset.error;
        return;
      }
      error.textContent = "";
      if (data.notice) {
        said.textContent = data.notice;
        form.closest("details")?.removeAttribute("open");
      }
      const typed = form.querySelector("input[name=text], input[name=reason]");
      if (typed) typed.value = "";
      await newLines();
    } catch {
      error.textContent = panel.dataset.error;
    } finally {
      form.removeAttribute("aria-busy");
    }
  });
}
