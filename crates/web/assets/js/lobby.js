// Lists that keep themselves fresh: the lobby's open tables, "my games", and a table
// waiting for players (which becomes the game page once the game starts).
import { swap, fetchText, localTimes } from "./live.js";

// Dates (a table's expiry) in the reader's time zone, on a fresh page as in fresh lists.
localTimes();

const EVERY_MS = 4000;

for (const box of document.querySelectorAll("[data-refresh]")) {
  const url = box.dataset.refresh;
  window.setInterval(async () => {
    if (document.hidden) return;
    const html = await fetchText(url);
    if (html === null) return;
    if (!box.id) box.id = "refresh-" + Math.random().toString(36).slice(2);
    if (swap(box.id, html)) localTimes(box);
    const title = box.querySelector("[data-title]");
    if (title) document.title = title.dataset.title;
  }, EVERY_MS);
}

const room = document.getElementById("table-room");
if (room && room.dataset.status === "open") {
  const id = room.dataset.table;
  let seen = null;
  window.setInterval(async () => {
    if (document.hidden) return;
    try {
      const response = await fetch(`/api/tables/${id}`, { credentials: "same-origin" });
      if (!response.ok) return;
      const { table } = await response.json();
      if (table.status === "playing") {
        window.location.assign(`/games/${id}`);
        return;
      }
      const now = JSON.stringify([table.status, table.seats.map((s) => s.name)]);
      if (seen !== null && now !== seen) window.location.reload();
      seen = now;
    } catch {
      // The next round tries again.
    }
  }, EVERY_MS / 2);
}

// Creating a table: only the seats and options the chosen game has (the form works without
// this too; the server says when the seats do not fit the game).
const game = document.getElementById("game");
if (game) {
  const fit = () => {
    const chosen = game.selectedOptions[0];
    const seats = Number(chosen ? chosen.dataset.seats : 2);
    for (const field of document.querySelectorAll(".seat-field[data-seat]")) {
      field.hidden = Number(field.dataset.seat) > seats;
      if (field.hidden) field.querySelector("select").value = "none";
    }
    const more = document.getElementById("more-seats");
    if (more) more.hidden = seats <= 2;
    const tsuro = document.getElementById("tsuro-options");
    if (tsuro) tsuro.hidden = game.value !== "tsuro";
  };
  game.addEventListener("change", fit);
  fit();
}
