// The game page's Hint button: asks the server for the hint and puts its panel (rendered for
// this reader, in their language) into the polite live region beside the move controls, with
// the move in the move box, not played. Without this script the form posts and the page comes
// back with the same panel.

document.addEventListener("submit", async (event) => {
  const form = event.target;
  if (!(form instanceof HTMLFormElement) || form.id !== "hint-form") return;
  event.preventDefault();
  if (form.getAttribute("aria-busy") === "true") return;
  form.setAttribute("aria-busy", "true");
  try {
    const response = await fetch(form.action, {
      method: "POST",
      credentials: "same-origin",
      headers: { "x-agora-fetch": "1", "content-type": "application/x-www-form-urlencoded" },
      body: new URLSearchParams(new FormData(form)),
    });
    const data = response.ok ? await response.json().catch(() => null) : null;
    if (!data || typeof data.hint !== "string") {
      // A refusal or an error is a page of its own: show it as the form would.
      form.submit();
      return;
    }
    const panel = document.getElementById("hint-panel");
    if (panel) panel.innerHTML = data.hint;
    const typed = document.getElementById("move-input");
    if (typed && typeof data.move === "string") typed.value = data.move;
  } catch {
    form.submit();
  } finally {
    form.removeAttribute("aria-busy");
  }
});
