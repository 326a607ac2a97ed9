// Tsuro's board preview: the server draws, for every rotation of every tile in the reader's
// hand, that tile on the square their marker faces with the paths the markers would take
// (hidden groups in the board's drawing). This shows the one for the tile in focus or under
// the pointer, as it is turned, and lets a click on that square lay it through the tile's own
// "Lay this tile" button. No rule is worked out here.

// The id of the rotation panel whose preview is shown; it stays after the pointer leaves the
// hand, so the pointer can go on to the square.
let previewed = null;
// The tile previewed (its name), so a tile laid and replaced in its slot is not previewed.
let previewedTile = null;

function visiblePanel(slot) {
  return [...slot.querySelectorAll("[data-rotation]")].find((panel) => !panel.hidden) || null;
}

function show(panelId) {
  previewed = panelId;
  const panel = panelId && document.getElementById(panelId);
  const slot = panel && panel.closest(".ts-hand-slot");
  previewedTile = slot ? slot.dataset.tile : null;
  const wrap = document.querySelector(".ts-board-wrap");
  if (!wrap) return;
  let any = false;
  for (const ghost of wrap.querySelectorAll(".ts-ghost[data-ghost]")) {
    const on = ghost.dataset.ghost === panelId;
    ghost.classList.toggle("shown", on);
    any = any || on;
  }
  wrap.classList.toggle("previewing", any);
}

function showSlotOf(element) {
  const slot = element && element.closest && element.closest(".ts-hand-slot");
  const panel = slot && visiblePanel(slot);
  if (panel && panel.id !== previewed) show(panel.id);
}

document.addEventListener("focusin", (event) => showSlotOf(event.target));
document.addEventListener("pointerover", (event) => showSlotOf(event.target));

// Turning a tile shows another panel of the same slot; fresh fragments redraw the board
// without the shown class: either way the slot's visible panel is previewed again, as long
// as the slot still holds the same tile.
function again() {
  const panel = previewed && document.getElementById(previewed);
  const slot = panel && panel.closest(".ts-hand-slot");
  const visible = slot && slot.dataset.tile === previewedTile && visiblePanel(slot);
  show(visible ? visible.id : null);
}

for (const id of ["board", "hand"]) {
  const part = document.getElementById(id);
  if (part) {
    new MutationObserver(again).observe(part, { childList: true, subtree: true, attributes: true, attributeFilter: ["hidden"] });
  }
}

// A click on the square the tile is drawn on lays it, as its own button would.
document.addEventListener("click", (event) => {
  const cell = event.target.closest && event.target.closest(".ts-board-wrap.previewing .ts-cell.target");
  const panel = cell && previewed && document.getElementById(previewed);
  const lay = panel && panel.querySelector("[data-play]");
  if (!lay || lay.disabled) return;
  event.preventDefault();
  lay.click();
});
