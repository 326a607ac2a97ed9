#!/usr/bin/env python3
"""Players' response times with thousands of samples (docs/benchmarks.md, "AI capacity"),
to read a p99 that the load test's few hundred probes cannot: for SECONDS, one client asks
`GET /lobby` every 5 ms and another plays Tyrus between two guests through the JSON API, a
move every 10 ms, each on a kept connection; each prints p50 / p95 / p99 / p99.9 in ms.
Run it beside `agora loadtest --vs-ai LEVEL ...` against the same server (with
`--no-rate-limits`), once with the AI idle (`beginner`) and once saturated (`hard`).

Usage: scripts/players_p99.py URL SECONDS
"""

import random
import subprocess
import sys
import time
import urllib.parse

from kept_client import KeptClient


def lobby(host, port, until):
    client, times = KeptClient(host, port), []
    while time.time() < until:
        start = time.perf_counter()
        status, _ = client.send("GET", "/lobby")
        if status != 200:
            raise SystemExit(f"GET /lobby: {status}")
        times.append(time.perf_counter() - start)
        time.sleep(0.005)
    return times


def moves(host, port, until):
    rng, times = random.Random(1), []
    while time.time() < until:
        ann, ben = KeptClient(host, port), KeptClient(host, port)
        ann.json("POST", "/api/guest", {"name": "Ann"})
        ben.json("POST", "/api/guest", {"name": "Ben"})
        table = ann.json("POST", "/api/tables", {
            "game": "tyrus", "options": {}, "seats": [{"kind": "me"}, {"kind": "open"}]})
        game = table["table"]["id"]
        ben.json("POST", f"/api/tables/{game}/join", {})
        while time.time() < until:
            state = ann.json("GET", f"/api/games/{game}")
            if state["status"] != "playing":
                break
            mover = ann if state["turn"]["seat"] == state["viewer"]["seat"] else ben
            mine = mover.json("GET", f"/api/games/{game}")
            move = rng.choice(mine["legal_moves"])
            start = time.perf_counter()
            mover.json("POST", f"/api/games/{game}/move",
                       {"move": move, "version": mine["version"]})
            times.append(time.perf_counter() - start)
            time.sleep(0.01)
    return times


def report(what, times):
    times.sort()
    at = lambda q: times[min(len(times) - 1, int(q * len(times)))] * 1000
    print(f"{what}: {len(times)} samples, p50 {at(.5):.2f} ms, p95 {at(.95):.2f} ms, "
          f"p99 {at(.99):.2f} ms, p99.9 {at(.999):.2f} ms", flush=True)


def main():
    url, seconds = sys.argv[1], float(sys.argv[2])
    parts = urllib.parse.urlsplit(url)
    if len(sys.argv) > 3:
        # One sampler, in a process of its own (the two do not share an interpreter's lock).
        kind, until = sys.argv[3], float(sys.argv[4])
        sample = {"lobby": lobby, "moves": moves}[kind]
        report("GET /lobby" if kind == "lobby" else "a move acknowledged",
               sample(parts.hostname, parts.port, until))
        return
    until = time.time() + seconds
    children = [subprocess.Popen([sys.executable, __file__, url, str(seconds), kind, str(until)])
                for kind in ("lobby", "moves")]
    for child in children:
        child.wait()


main()
