#!/usr/bin/env python3
"""Players' response times with thousands of samples (docs/benchmarks.md, "AI capacity"),
to read a p99 that the load test's few hundred probes cannot: for SECONDS, one client asks
`GET /lobby` every 5 ms and another plays Tyrus between two guests through the JSON API, a
move every 10 ms, each on a kept connection; each prints p50 / p95 / p99 / p99.9 in ms.
Run it beside `agora loadtest --vs-ai LEVEL ...` against the same server (with
`--no-rate-limits`), once with the AI idle (`beginner`) and once saturated (`hard`).

Usage: scripts/players_p99.py URL SECONDS
"""

import http.client
import json
import random
import subprocess
import sys
import time
import urllib.parse


class Client:
    """A browser's kept connection, with its cookies."""

    def __init__(self, host, port):
        self.conn = http.client.HTTPConnection(host, port, timeout=30)
        self.cookies = {}

    def send(self, method, path, body=None):
        headers = {"content-type": "application/json", "sec-fetch-site": "same-origin",
                   "accept-encoding": "gzip"}
        if self.cookies:
            headers["cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = json.dumps(body) if body is not None else None
        self.conn.request(method, path, body=data, headers=headers)
        response = self.conn.getresponse()
        text = response.read()
        for cookie in response.headers.get_all("set-cookie") or []:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if value:
                self.cookies[name.strip()] = value
        if response.status != 200:
            raise SystemExit(f"{method} {path}: {response.status} {text[:200]!r}")
        return json.loads(text) if response.headers.get("content-type", "").startswith(
            "application/json") else None


def lobby(host, port, until):
    client, times = Client(host, port), []
    while time.time() < until:
        start = time.perf_counter()
        client.send("GET", "/lobby")
        times.append(time.perf_counter() - start)
        time.sleep(0.005)
    return times


def moves(host, port, until):
    rng, times = random.Random(1), []
    while time.time() < until:
        ann, ben = Client(host, port), Client(host, port)
        ann.send("POST", "/api/guest", {"name": "Ann"})
        ben.send("POST", "/api/guest", {"name": "Ben"})
        table = ann.send("POST", "/api/tables", {
            "game": "tyrus", "options": {}, "seats": [{"kind": "me"}, {"kind": "open"}]})
        game = table["table"]["id"]
        ben.send("POST", f"/api/tables/{game}/join", {})
        while time.time() < until:
            state = ann.send("GET", f"/api/games/{game}")
            if state["status"] != "playing":
                break
            mover = ann if state["turn"]["seat"] == state["viewer"]["seat"] else ben
            mine = mover.send("GET", f"/api/games/{game}")
            move = rng.choice(mine["legal_moves"])
            start = time.perf_counter()
            mover.send("POST", f"/api/games/{game}/move",
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
