#!/usr/bin/env python3
"""A local HTTP server for Tidings' fetch tests, refresh tests and the fetch benchmark.

Why Python's standard library: python3 is already a test dependency (the Makefile's deps-test installs
it), http.server gives a real HTTP/1.1 server with keep-alive in a few lines, and a server written in a
second language cannot share a bug with the Swift client it tests. No third-party module is used.

Usage: test_server.py [--feeds N] [--watch-stdin]. Binds 127.0.0.1 on a free port, prints the port on
the first line of stdout, and serves until killed; with --watch-stdin it also stops when its stdin
closes, so a test process that crashes never leaves it behind.

Routes (every response is HTTP/1.1; unknown paths answer 404):
  /feed.xml                     200 RSS feed, Content-Type application/rss+xml; charset=utf-8,
                                Cache-Control: public, max-age=600
  /conditional                  the same feed with ETag "v1" and a fixed Last-Modified; answers 304 when
                                If-None-Match matches, or (without If-None-Match) when If-Modified-Since
                                equals the Last-Modified
  /feeds/K.xml                  generated feed K (0 <= K < N): 50 items, RSS for even K, Atom for odd K,
                                ETag "feed-K" and a fixed Last-Modified, conditional like /conditional
  /redirect/C1,C2,.../TARGET    answers status C1 with Location /redirect/C2,.../TARGET; the last code
                                points to /TARGET (e.g. /redirect/301,308/feed.xml)
  /loop/a, /loop/b              302 to each other forever
  /to?url=U&code=C              status C (default 302) with Location U, any URL (e.g. file:///etc/passwd)
  /status/CODE                  empty response with that status; ?retry-after=S adds Retry-After: S,
                                ?retry-after-date=S adds Retry-After as an HTTP-date S seconds ahead
  /gzip /deflate /br /zstd      /feed.xml's body in that Content-Encoding (406 unless the request's
                                Accept-Encoding names it); br and zstd use stored (uncompressed) blocks,
                                which are valid streams that any decoder must accept
  /bomb?mb=M                    M (default 10) MB of zeros, gzipped (about 10 KB on the wire);
                                &as=deflate sends them as a zlib stream (Content-Encoding: deflate)
  /encoded?as=C1,C2             /feed.xml's body with coding C1 applied, then C2 (gzip, deflate, br, zstd,
                                raw-deflate: a deflate stream without zlib's header, sent as deflate;
                                members: two gzip members one after the other, sent as gzip);
                                Content-Encoding names them in that order
  /damaged-gzip                 /feed.xml gzipped, with its last eight bytes (CRC and size) cut off
  /unknown-encoding             /feed.xml's bytes with Content-Encoding: compress
  /large?bytes=N                N bytes of 'x' (identity encoding)
  /stall                        headers and 10 bytes, then nothing for 30 s
  /trickle                      headers, then one byte every 0.5 s for 30 s
  /close-mid-body               Content-Length 2000, 1000 bytes, then the connection closes
  /wrong-length/short           Content-Length 500 but 100 bytes, then close
  /wrong-length/long            Content-Length 10 but 100 bytes, then close
  /latin1                       ISO-8859-1 feed, Content-Type text/xml; charset=ISO-8859-1
  /auth                         basic auth, user "reader" password "s3cret:x"; 401 otherwise
  /echo-headers                 200 text/plain: the request's headers, one "Name: value" per line
  /count/KEY?delay=S            sleeps S seconds (default 0.05) while counting in-flight requests per KEY
  /stats/KEY                    200 text/plain "max=M total=T" for KEY (peak in-flight, requests served)
  /feeds/K.xml?delay=S          as /feeds/K.xml after sleeping S seconds (for interrupting a refresh)
  /feeds/K.xml?gate=G           as /feeds/K.xml once POST /open/G was made (at most 120 s later), so
                                a test decides when a slow feed answers instead of guessing a time
  POST /open/G                  opens gate G (for requests waiting now and later); 204
  POST /set/KEY?status=C&type=T&location=L&coding=E&cut=N&extra=X
                                stores the request body as what /m/KEY answers from now on (status C,
                                default 200; Content-Type T, default application/rss+xml; charset=utf-8;
                                Location L for redirects); 204. A cut-off response: coding E (gzip)
                                compresses the body, cut N keeps its first N bytes (after the coding),
                                extra X announces X bytes more in Content-Length than are sent, then
                                the connection closes
  /m/KEY                        the response stored for KEY (404 before any): a 200 carries an ETag made
                                from the body and is conditional like /conditional; every request is
                                counted in /stats/KEY
"""

import gzip
import http.server
import signal
import sys
import threading
import time
import zlib
from email.utils import formatdate
from urllib.parse import parse_qs, urlsplit

LAST_MODIFIED = "Sat, 21 Nov 2026 10:00:00 GMT"
FEED_COUNT = 500


def rss_feed(title, items):
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n<rss version="2.0"><channel>',
             "<title>%s</title><link>http://127.0.0.1/</link><description>Test feed</description>" % title]
    for i in range(items):
        parts.append(
            "<item><title>%s item %d</title><link>http://127.0.0.1/%s/%d</link>"
            "<guid>%s-%d</guid><pubDate>Sat, 21 Nov 2026 %02d:%02d:00 GMT</pubDate>"
            "<description>Item %d of %s: some text to give the item a realistic size, "
            "&lt;p&gt;with markup&lt;/p&gt; and more words after it.</description></item>"
            % (title, i, title, i, title, i, i % 24, i % 60, i, title))
    parts.append("</channel></rss>\n")
    return "".join(parts).encode("utf-8")


def atom_feed(title, items):
    parts = ['<?xml version="1.0" encoding="utf-8"?>\n<feed xmlns="http://www.w3.org/2005/Atom">',
             "<title>%s</title><id>urn:%s</id><updated>2026-11-21T10:00:00Z</updated>" % (title, title)]
    for i in range(items):
        parts.append(
            "<entry><title>%s entry %d</title><id>urn:%s:%d</id>"
            '<link href="http://127.0.0.1/%s/%d"/><updated>2026-11-21T%02d:%02d:00Z</updated>'
            "<summary>Entry %d of %s: some text to give the entry a realistic size, "
            "with more words after it.</summary></entry>"
            % (title, i, title, i, title, i, i % 24, i % 60, i, title))
    parts.append("</feed>\n")
    return "".join(parts).encode("utf-8")


FEED = rss_feed("Tidings test", 20)
_generated = {}
_generated_lock = threading.Lock()


def generated_feed(k):
    with _generated_lock:
        body = _generated.get(k)
        if body is None:
            body = rss_feed("feed%d" % k, 50) if k % 2 == 0 else atom_feed("feed%d" % k, 50)
            _generated[k] = body
        return body


def brotli_stored(data):
    """A brotli stream (RFC 7932) made of uncompressed meta-blocks of at most 65536 bytes."""
    bits = []

    def put(value, count):
        for i in range(count):
            bits.append((value >> i) & 1)

    def align():
        while len(bits) % 8:
            bits.append(0)

    out = bytearray()

    def flush():
        for i in range(0, len(bits), 8):
            out.append(sum(bit << j for j, bit in enumerate(bits[i:i + 8])))
        bits.clear()

    put(0, 1)  # WBITS = 16
    for start in range(0, len(data), 65536):
        chunk = data[start:start + 65536]
        put(0, 1)  # ISLAST = 0
        put(0, 2)  # MNIBBLES = 4
        put(len(chunk) - 1, 16)
        put(1, 1)  # ISUNCOMPRESSED
        align()
        flush()
        out.extend(chunk)
    put(1, 1)  # ISLAST
    put(1, 1)  # ISLASTEMPTY
    align()
    flush()
    return bytes(out)


def zstd_stored(data):
    """A zstd frame (RFC 8878) made of raw blocks, window 128 KB, no checksum."""
    out = bytearray(b"\x28\xb5\x2f\xfd")
    out.append(0x00)  # frame header descriptor: no content size, not single segment, no checksum
    out.append(7 << 3)  # window descriptor: 2^(10+7) bytes
    size = 128 * 1024
    chunks = [data[i:i + size] for i in range(0, len(data), size)] or [b""]
    for index, chunk in enumerate(chunks):
        last = 1 if index == len(chunks) - 1 else 0
        header = last | (0 << 1) | (len(chunk) << 3)
        out.extend(header.to_bytes(3, "little"))
        out.extend(chunk)
    return bytes(out)


ENCODED = {
    "gzip": gzip.compress(FEED),
    "deflate": zlib.compress(FEED),
    "br": brotli_stored(FEED),
    "zstd": zstd_stored(FEED),
}
_bombs = {}
_counters = {}
_counters_lock = threading.Lock()
_mutable = {}
_gates = {}


def gate(name):
    with _counters_lock:
        return _gates.setdefault(name, threading.Event())


class Handler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body go out in separate writes; with Nagle on, the second waits for the client's
    # delayed ACK (40 ms on Linux) and every keep-alive request would take that long.
    disable_nagle_algorithm = True
    server_version = "TidingsTestServer/1"

    def log_message(self, format, *args):
        pass

    def send_body(self, status, body, content_type="application/rss+xml; charset=utf-8", headers=()):
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(body)))
        for name, value in headers:
            self.send_header(name, value)
        self.end_headers()
        if self.command != "HEAD":
            self.wfile.write(body)

    def send_empty(self, status, headers=()):
        self.send_response(status)
        for name, value in headers:
            self.send_header(name, value)
        self.send_header("Content-Length", "0")
        self.end_headers()

    def conditional(self, body, etag, content_type="application/rss+xml; charset=utf-8"):
        validators = [("ETag", etag), ("Last-Modified", LAST_MODIFIED)]
        none_match = self.headers.get("If-None-Match")
        since = self.headers.get("If-Modified-Since")
        if none_match is not None:
            fresh = etag in [tag.strip() for tag in none_match.split(",")] or none_match.strip() == "*"
        else:
            fresh = since == LAST_MODIFIED
        if fresh:
            self.send_empty(304, validators)
        else:
            self.send_body(200, body, content_type, validators)

    def do_HEAD(self):
        self.do_GET()

    def do_POST(self):
        parts = urlsplit(self.path)
        segments = [s for s in parts.path.split("/") if s]
        if len(segments) == 2 and segments[0] == "open":
            gate(segments[1]).set()
            self.send_empty(204)
            return
        if len(segments) != 2 or segments[0] != "set":
            self.send_empty(404)
            return
        query = parse_qs(parts.query)
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        with _counters_lock:
            _mutable[segments[1]] = {
                "status": int(query.get("status", ["200"])[0]),
                "type": query.get("type", ["application/rss+xml; charset=utf-8"])[0],
                "location": query.get("location", [None])[0],
                "body": body,
                "coding": query.get("coding", [None])[0],
                "cut": int(query["cut"][0]) if "cut" in query else None,
                "extra": int(query.get("extra", ["0"])[0]),
            }
        self.send_empty(204)

    def serve_mutable(self, key):
        import hashlib
        with _counters_lock:
            entry = _mutable.get(key)
            counter = _counters.setdefault(key, {"now": 0, "max": 0, "total": 0})
            counter["total"] += 1
        if entry is None:
            self.send_empty(404)
        elif entry["status"] == 200 and (entry["coding"] or entry["cut"] is not None or entry["extra"]):
            self.send_cut(entry)
        elif entry["status"] == 200:
            etag = '"m-%s"' % hashlib.sha1(entry["body"]).hexdigest()[:16]
            self.conditional(entry["body"], etag, entry["type"])
        else:
            headers = [("Location", entry["location"])] if entry["location"] else []
            self.send_empty(entry["status"], headers)

    def do_GET(self):
        parts = urlsplit(self.path)
        path = parts.path
        query = parse_qs(parts.query)
        segments = [s for s in path.split("/") if s]
        if path == "/feed.xml":
            self.send_body(200, FEED, headers=[("Cache-Control", "public, max-age=600")])
        elif path == "/conditional":
            self.conditional(FEED, '"v1"')
        elif len(segments) == 2 and segments[0] == "feeds" and segments[1].endswith(".xml"):
            try:
                k = int(segments[1][:-4])
            except ValueError:
                k = -1
            if 0 <= k < FEED_COUNT:
                if "delay" in query:
                    time.sleep(float(query["delay"][0]))
                if "gate" in query:
                    gate(query["gate"][0]).wait(120)
                kind = "application/rss+xml" if k % 2 == 0 else "application/atom+xml"
                self.conditional(generated_feed(k), '"feed-%d"' % k, kind + "; charset=utf-8")
            else:
                self.send_empty(404)
        elif len(segments) >= 3 and segments[0] == "redirect":
            codes = segments[1].split(",")
            target = "/".join(segments[2:])
            rest = ",".join(codes[1:])
            location = "/redirect/%s/%s" % (rest, target) if rest else "/" + target
            self.send_empty(int(codes[0]), [("Location", location)])
        elif path == "/to":
            self.send_empty(int(query.get("code", ["302"])[0]), [("Location", query.get("url", ["/"])[0])])
        elif len(segments) == 2 and segments[0] == "m":
            self.serve_mutable(segments[1])
        elif path == "/loop/a":
            self.send_empty(302, [("Location", "/loop/b")])
        elif path == "/loop/b":
            self.send_empty(302, [("Location", "/loop/a")])
        elif len(segments) == 2 and segments[0] == "status":
            headers = []
            if "retry-after" in query:
                headers.append(("Retry-After", query["retry-after"][0]))
            if "retry-after-date" in query:
                when = time.time() + float(query["retry-after-date"][0])
                headers.append(("Retry-After", formatdate(when, usegmt=True)))
            self.send_empty(int(segments[1]), headers)
        elif path in ("/gzip", "/deflate", "/br", "/zstd"):
            encoding = path[1:]
            accepted = [e.split(";")[0].strip() for e in self.headers.get("Accept-Encoding", "").split(",")]
            if encoding not in accepted:
                self.send_body(406, b"encoding not accepted", "text/plain")
            else:
                self.send_body(200, ENCODED[encoding], headers=[("Content-Encoding", encoding)])
        elif path == "/bomb":
            mb = int(query.get("mb", ["10"])[0])
            coding = query.get("as", ["gzip"])[0]
            with _counters_lock:
                bomb = _bombs.get((mb, coding))
                if bomb is None:
                    zeros = b"\0" * (mb * 1024 * 1024)
                    bomb = gzip.compress(zeros, compresslevel=9) if coding == "gzip" else zlib.compress(zeros, 9)
                    _bombs[(mb, coding)] = bomb
            self.send_body(200, bomb, "application/xml", [("Content-Encoding", coding)])
        elif path == "/encoded":
            body = FEED
            names = []
            for coding in query.get("as", [""])[0].split(","):
                if coding == "raw-deflate":
                    packer = zlib.compressobj(6, zlib.DEFLATED, -15)
                    body = packer.compress(body) + packer.flush()
                    names.append("deflate")
                elif coding == "members":
                    half = len(body) // 2
                    body = gzip.compress(body[:half]) + gzip.compress(body[half:])
                    names.append("gzip")
                else:
                    body = gzip.compress(body) if coding == "gzip" else zlib.compress(body) if coding == "deflate" \
                        else brotli_stored(body) if coding == "br" else zstd_stored(body)
                    names.append(coding)
            self.send_body(200, body, headers=[("Content-Encoding", ", ".join(names))])
        elif path == "/damaged-gzip":
            self.send_body(200, ENCODED["gzip"][:-8], headers=[("Content-Encoding", "gzip")])
        elif path == "/unknown-encoding":
            self.send_body(200, FEED, headers=[("Content-Encoding", "compress")])
        elif path == "/large":
            self.send_body(200, b"x" * int(query.get("bytes", ["0"])[0]), "application/xml")
        elif path == "/stall":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.wfile.write(b"<rss>" + b" " * 5)
            self.wfile.flush()
            time.sleep(30)
            self.close_connection = True
        elif path == "/trickle":
            self.send_response(200)
            self.send_header("Content-Type", "application/xml")
            self.send_header("Content-Length", "100000")
            self.end_headers()
            self.close_connection = True
            try:
                for _ in range(60):
                    self.wfile.write(b" ")
                    self.wfile.flush()
                    time.sleep(0.5)
            except OSError:
                pass
        elif path == "/close-mid-body":
            self.send_partial(2000, 1000)
        elif path == "/wrong-length/short":
            self.send_partial(500, 100)
        elif path == "/wrong-length/long":
            self.send_partial(10, 100)
        elif path == "/latin1":
            body = ('<?xml version="1.0" encoding="ISO-8859-1"?>\n<rss version="2.0"><channel>'
                    "<title>Caf\u00e9 cr\u00e8me</title></channel></rss>\n").encode("iso-8859-1")
            self.send_body(200, body, "text/xml; charset=ISO-8859-1")
        elif path == "/auth":
            import base64
            expected = "Basic " + base64.b64encode(b"reader:s3cret:x").decode("ascii")
            if self.headers.get("Authorization") == expected:
                self.send_body(200, FEED)
            else:
                self.send_empty(401, [("WWW-Authenticate", 'Basic realm="tidings"')])
        elif path == "/echo-headers":
            body = "".join("%s: %s\n" % (k, v) for k, v in self.headers.items()).encode("utf-8")
            self.send_body(200, body, "text/plain; charset=utf-8")
        elif len(segments) == 2 and segments[0] == "count":
            key = segments[1]
            delay = float(query.get("delay", ["0.05"])[0])
            with _counters_lock:
                counter = _counters.setdefault(key, {"now": 0, "max": 0, "total": 0})
                counter["now"] += 1
                counter["total"] += 1
                counter["max"] = max(counter["max"], counter["now"])
            try:
                time.sleep(delay)
            finally:
                with _counters_lock:
                    counter["now"] -= 1
            self.send_body(200, FEED)
        elif len(segments) == 2 and segments[0] == "stats":
            with _counters_lock:
                counter = _counters.get(segments[1], {"now": 0, "max": 0, "total": 0})
                text = "max=%d total=%d" % (counter["max"], counter["total"])
            self.send_body(200, text.encode("ascii"), "text/plain")
        else:
            self.send_empty(404)

    def send_cut(self, entry):
        """A /m/KEY response set with coding, cut or extra: never conditional, ETag of what is sent."""
        import hashlib
        body = gzip.compress(entry["body"]) if entry["coding"] == "gzip" else entry["body"]
        if entry["cut"] is not None:
            body = body[:entry["cut"]]
        self.send_response(200)
        self.send_header("Content-Type", entry["type"])
        self.send_header("Content-Length", str(len(body) + entry["extra"]))
        self.send_header("ETag", '"cut-%s"' % hashlib.sha1(body).hexdigest()[:16])
        if entry["coding"]:
            self.send_header("Content-Encoding", entry["coding"])
        self.end_headers()
        self.wfile.write(body)
        self.wfile.flush()
        if entry["extra"]:
            self.close_connection = True

    def send_partial(self, declared, sent):
        self.send_response(200)
        self.send_header("Content-Type", "application/xml")
        self.send_header("Content-Length", str(declared))
        self.end_headers()
        self.wfile.write(b"y" * sent)
        self.wfile.flush()
        self.close_connection = True


class Server(http.server.ThreadingHTTPServer):
    daemon_threads = True
    request_queue_size = 1024


def main():
    global FEED_COUNT
    # A parent that starts us from a thread with signals blocked (libdispatch workers do) passes that
    # mask on; unblock so SIGTERM and SIGINT stop the server.
    signal.pthread_sigmask(signal.SIG_UNBLOCK, {signal.SIGTERM, signal.SIGINT})
    if "--feeds" in sys.argv:
        FEED_COUNT = int(sys.argv[sys.argv.index("--feeds") + 1])
    server = Server(("127.0.0.1", 0), Handler)
    print(server.server_address[1], flush=True)

    def watch_parent():
        sys.stdin.read()
        server.shutdown()

    if "--watch-stdin" in sys.argv:
        threading.Thread(target=watch_parent, daemon=True).start()
    server.serve_forever(poll_interval=0.2)
    server.server_close()


if __name__ == "__main__":
    main()
