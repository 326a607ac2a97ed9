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
