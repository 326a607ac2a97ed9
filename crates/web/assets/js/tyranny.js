// Tyranny: where a choice would take the piece to move, shown on the ring while the choice
// has focus or the pointer. The marks are the server's, drawn hidden in the board; this only
// shows and hides them (the choice's own words say where it goes).

function preview(target, shown) {
  const button = target instanceof Element ? target.closest("#hand button[name=move]") : null;
  if (!button) return;
  for (const mark of document.querySelectorAll(`#board .ty-dest[data-choice="${CSS.escape(button.id)}"]`)) {
    mark.classList.toggle("shown", shown);
  }
}

for (const [type, shown] of [["focusin", true], ["focusout", false], ["mouseover", true], ["mouseout", false]]) {
  document.addEventListener(type, (event) => preview(event.target, shown));
}
