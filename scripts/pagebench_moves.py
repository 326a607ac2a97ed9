#!/usr/bin/env python3
"""Server CPU per move played in the browser, beside the same move played through the JSON API
(docs/benchmarks.md, "Pages"). Run by scripts/pagebench, which starts the server.

Two guests play a game of each kind against each other, choosing moves at random (seeded).
The moves alternate: one played as the browser plays it (the form's POST, whose answer brings
the mover's page its fragments, then the one fragment request the other seated player's page
makes; then, measured apart, the one each of ten spectators' pages makes; and, apart too, the
first seat's page asking again at the version it has, where nothing changed), the next through
`POST /api/games/{id}/move` alone. The server's
CPU is read around each move from /proc/<pid>/task/*/schedstat (nanoseconds, every thread
but the AI pool's, whose only work here is the look back over each game once it ended; the
next game waits for it to finish);
/proc/<pid>/stat's utime+stime over the whole run is printed beside it as a cross-check.
Each client keeps its connection open between requests, as a browser does: a connection per
request would add its set-up and tear-down twice to a browser move, once to an API move.
Reported: the mean over the first and the last WINDOW moves of each kind of move, and the
median over every move of each kind (steadier on a shared machine).

Usage: pagebench_moves.py URL PID [WINDOW (default 10)] [TYRANNY_TURNS (default 200)]
"""

import os
import random
import sys
import time
import urllib.parse

from kept_client import KeptClient

URL, PID = sys.argv[1], int(sys.argv[2])
HOST, PORT = urllib.parse.urlsplit(URL).hostname, urllib.parse.urlsplit(URL).port
WINDOW = int(sys.argv[3]) if len(sys.argv) > 3 else 10
TYRANNY_TURNS = int(sys.argv[4]) if len(sys.argv) > 4 else 200
SPECTATORS = 10
TICKS = os.sysconf("SC_CLK_TCK")


def task_times(ai=False):
    """Each thread's CPU time so far, in ns: the threads that serve requests, or (`ai`) the
    AI pool's. The AI's are left out of a move's cost: two guests play here, so all they do
    is the look back over a game that ended, which runs once per game, not per move."""
    times = {}
    base = f"/proc/{PID}/task"
    for tid in os.listdir(base):
        try:
            with open(f"{base}/{tid}/comm") as f:
                if f.read().startswith("agora-ai") != ai:
                    continue
            with open(f"{base}/{tid}/schedstat") as f:
                times[tid] = int(f.read().split()[0])
        except (OSError, ValueError):
            pass  # a thread that just ended
    return times


def until_ai_idle():
    """Waits until the AI pool has done its look back over the last game, so that it does not
    share the CPU with the next game's moves."""
    before = task_times(ai=True)
    for _ in range(240):
        time.sleep(0.5)
        now = task_times(ai=True)
        if sum(t - before.get(tid, 0) for tid, t in now.items()) < 1_000_000:
            return
        before = now


def cpu_since(before):
    """CPU ns the server spent since `before` (a task_times()); new threads count whole."""
    now = task_times()
    return sum(t - before.get(tid, 0) for tid, t in now.items())


def stat_seconds():
    with open(f"/proc/{PID}/stat") as f:
        fields = f.read().rsplit(")", 1)[1].split()
    return (int(fields[11]) + int(fields[12])) / TICKS


class Client(KeptClient):
    """A browser on one game's page: the version its page shows."""

    def __init__(self):
        super().__init__(HOST, PORT)
        self.version = 0

    def csrf(self):
        return self.cookies["agora_form"]

    def refresh(self, game):
        """What the game's page fetches after news of a move."""
        data = self.json("GET", f"/games/{game}/fragments?since={self.version}")
        self.version = data["version"]


def new_game(kind, players):
    ada, bob = Client(), Client()
    ada.json("POST", "/api/guest", {"name": "Ada"})
    bob.json("POST", "/api/guest", {"name": "Bob"})
    options = {} if kind == "tyrus" else {"players": players}
    table = ada.json(
        "POST",
        "/api/tables",
        {"game": kind, "options": options, "seats": [{"kind": "me"}, {"kind": "open"}]},
    )["table"]["id"]
    bob.json("POST", f"/api/tables/{table}/join", {})
    spectators = [Client() for _ in range(SPECTATORS)]
    for client in [ada, bob] + spectators:
        # The page once (its form token), then its fragments as the script first asks them.
        client.send("GET", f"/games/{table}")
        client.refresh(table)
    return table, [ada, bob], spectators


def play(kind, players, turns, rng):
    game, seated, spectators = new_game(kind, players)
    browser, watched, api, again = [], [], [], []
    for turn in range(turns):
        state = seated[0].json("GET", f"/api/games/{game}")
        if state["status"] != "playing":
            break
        mover = seated[state["turn"]["seat"]]
        moves = mover.json("GET", f"/api/games/{game}")["legal_moves"]
        move = rng.choice(moves)
        if turn % 2 == 0:
            fields = {
                "csrf": mover.csrf(),
                "move": move,
                "version": state["version"],
                "confirmed": "1",
                "since": mover.version,
            }
            before = task_times()
            answer = mover.json("POST", f"/games/{game}/move", fields, form=True)
            if not answer.get("ok") or "page" not in answer:
                raise SystemExit(f"the move {move!r} was refused: {str(answer)[:300]}")
            mover.version = answer["page"]["version"]
            for client in seated:
                if client is not mover:
                    client.refresh(game)
            browser.append(cpu_since(before))
            # A seat's page asking again at the version it has (a frame it already followed):
            # nothing changed, so next to nothing should be drawn.
            before = task_times()
            seated[0].refresh(game)
            again.append(cpu_since(before))
            before = task_times()
            for client in spectators:
                client.refresh(game)
            watched.append(cpu_since(before))
        else:
            before = task_times()
            mover.json("POST", f"/api/games/{game}/move", {"move": move, "version": state["version"]})
            api.append(cpu_since(before))
    return browser, watched, api, again


def mean_us(values):
    return sum(values) / max(len(values), 1) / 1000


def median_us(values):
    return sorted(values)[len(values) // 2] / 1000 if values else 0.0


MEDIANS = {}


def main():
    rng = random.Random(33)
    start = stat_seconds()
    print(f"CPU per move, µs (mean of the first and the last {WINDOW} of each kind)")
    print(
        "game      moves  where  API move  browser, 2 seated  + 10 spectators"
        "  ratio browser/API  a seat again"
    )
    for kind, players, turns in [("tyrus", 2, 400), ("tsuro", 2, 400), ("tyranny", 2, TYRANNY_TURNS)]:
        browser, watched, api, again = play(kind, players, turns, rng)
        until_ai_idle()
        MEDIANS[kind] = (browser, api)
        moves = len(browser) + len(api)
        for where, part in [("start", slice(0, WINDOW)), ("end", slice(-WINDOW, None))]:
            a, b, w = mean_us(api[part]), mean_us(browser[part]), mean_us(watched[part])
            same = mean_us(again[part])
            print(
                f"{kind:9} {moves:5}  {where:5}  {a:8.0f}  {b:17.0f}  {b + w:15.0f}"
                f"  {b / a:17.1f}  {same:12.0f}"
            )
    for kind, (browser, api) in MEDIANS.items():
        b, a = median_us(browser), median_us(api)
        print(f"{kind:9} medians over every move: API {a:.0f}, browser {b:.0f}, browser/API {b / a:.1f}")
    print(f"server CPU over the whole run (/proc/{PID}/stat): {stat_seconds() - start:.2f} s")


main()
