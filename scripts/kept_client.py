"""A client that asks as a browser does, for the benchmark scripts beside it: its own cookies,
one connection kept open from request to request (as a browser keeps it, and as an API
client would), answers taken compressed, and forms sent as a page's script sends them."""

import gzip
import http.client
import json
import urllib.parse


def unzip(response):
    body = response.read()
    if response.headers.get("content-encoding") == "gzip":
        return gzip.decompress(body)
    return body


class KeptClient:
    def __init__(self, host, port):
        self.host, self.port = host, port
        self.cookies = {}
        self.conn = None

    def send(self, method, path, body=None, form=False):
        """`(status, body)`; `body` JSON, or with `form` a form as `game.js` posts it."""
        # As a browser asks: the server compresses what it can.
        headers = {"sec-fetch-site": "same-origin", "accept-encoding": "gzip"}
        if self.cookies:
            headers["cookie"] = "; ".join(f"{k}={v}" for k, v in self.cookies.items())
        data = None
        if body is not None and form:
            data = urllib.parse.urlencode(body).encode()
            headers["content-type"] = "application/x-www-form-urlencoded"
            headers["x-agora-fetch"] = "1"
        elif body is not None:
            data = json.dumps(body).encode()
            headers["content-type"] = "application/json"
        for attempt in range(2):
            if self.conn is None:
                self.conn = http.client.HTTPConnection(self.host, self.port, timeout=60)
            try:
                self.conn.request(method, path, body=data, headers=headers)
                response = self.conn.getresponse()
                text = unzip(response)
                break
            except (http.client.HTTPException, ConnectionError):
                # The server closed a connection kept open: once more on a new one.
                self.conn.close()
                self.conn = None
                if attempt == 1:
                    raise
        for cookie in response.headers.get_all("set-cookie") or []:
            name, _, rest = cookie.partition("=")
            value = rest.split(";", 1)[0]
            if value and "max-age=0" not in cookie.lower():
                self.cookies[name.strip()] = value
            else:
                self.cookies.pop(name.strip(), None)
        return response.status, text

    def json(self, method, path, body=None, form=False):
        """The answer's JSON; exits when the answer is not `200 OK`."""
        status, text = self.send(method, path, body, form)
        if status != 200:
            raise SystemExit(f"{method} {path}: {status} {text[:300]!r}")
        return json.loads(text)
