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

// The header's count of games waiting for the reader's move stays current on every page:
// asked every 30 s while the tab is seen (at once when it shows again), answered 304 when
// unchanged; a count that grows is said politely.
const myGames = document.getElementById("nav-my-games");
if (myGames) {
  let etag = null;
  let count = document.querySelector("#waiting-count .waiting-count") ? null : 0;
  const poll = async () => {
    if (document.hidden) return;
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
    count = news.count;
    document.dispatchEvent(new CustomEvent("agora:waiting", { detail: news }));
  };
  poll();
  setInterval(poll, 30000);
  document.addEventListener("visibilitychange", poll);
}
