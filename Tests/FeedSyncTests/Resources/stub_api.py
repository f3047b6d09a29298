#!/usr/bin/env python3
"""A misbehaving feed-service API on 127.0.0.1 for FeedSyncTests: prints its port, then answers
every GET and POST by the first path segment, whatever follows it:
  /status500/...   500 text/plain
  /broken/...      200 application/json, a JSON document cut in the middle
  /html/...        200 text/html, a login page
  /deep/...        200 application/json, arrays nested 100000 deep
  /notfever/...    200 application/json, an object without "auth"
  /huge/...        200 application/json, a Fever answer whose item title is 4 MB of U+202E and ESC
  /oneop/...       a Fever API that answers one operation per request, as Miniflux does
  /noids/...       a Fever API whose answers never hold unread_item_ids
Exits when its stdin closes (the test process ended)."""
import http.server
import json
import sys
import threading


def fever(kind, asked):
    """The answer of the stub Fever APIs: 3 items in feed 1 (group 1), 2 and 3 unread, 3 saved."""
    answers = {
        "groups": {"groups": [{"id": 1, "title": "News"}], "feeds_groups": [{"group_id": 1, "feed_ids": "1"}]},
        "feeds": {"feeds": [{"id": 1, "title": "One", "url": "http://127.0.0.1/one.xml", "site_url": ""}],
                  "feeds_groups": [{"group_id": 1, "feed_ids": "1"}]},
        "unread_item_ids": {"unread_item_ids": "2,3"},
        "saved_item_ids": {"saved_item_ids": "3"},
        "items": {"total_items": 3, "items": [
            {"id": n, "feed_id": 1, "title": "item %d" % n, "html": "<p>%d</p>" % n, "url": "http://127.0.0.1/%d" % n,
             "is_read": int(n == 1), "is_saved": int(n == 3), "created_on_time": 1700000000 + n} for n in (1, 2, 3)]},
    }
    answer = {"api_version": 3, "auth": 1}
    for operation in ["groups", "feeds", "unread_item_ids", "saved_item_ids", "items"]:
        if operation in asked and not (kind == "noids" and operation == "unread_item_ids"):
            answer.update(answers[operation])
            if kind == "oneop":
                break
    return answer


class Handler(http.server.BaseHTTPRequestHandler):
    def log_message(self, *args):
        pass

    def answer(self):
        length = int(self.headers.get("Content-Length", "0") or 0)
        if length:
            self.rfile.read(length)
        first = [s for s in self.path.split("?")[0].split("/") if s][:1]
        kind = first[0] if first else ""
        status, ctype, body = 200, "application/json", b""
        if kind == "status500":
            status, ctype, body = 500, "text/plain", b"Internal Server Error!"
        elif kind == "broken":
            body = b'{"auth":1,"api_version":3,"items":[{"id":1,"title":"cut'
        elif kind == "html":
            ctype = "text/html; charset=utf-8"
            body = b"<!DOCTYPE html><html><head><title>Login</title></head><body><form>password</form></body></html>"
        elif kind == "deep":
            body = b'{"auth":1,"items":' + b"[" * 100000 + b"]" * 100000 + b"}"
        elif kind == "notfever":
            body = b'{"hello":"world"}'
        elif kind == "huge":
            title = "\u202e\x1b[2J" * 1_000_000
            body = json.dumps({"api_version": 3, "auth": 1, "unread_item_ids": "7", "saved_item_ids": "",
                               "items": [{"id": 7, "feed_id": 1, "title": title, "html": "<script>x</script>",
                                          "url": "http://127.0.0.1/x", "is_read": 0, "is_saved": 0,
                                          "created_on_time": 1700000000}]}).encode()
        elif kind in ("oneop", "noids"):
            asked = self.path.split("?", 1)[1].split("&") if "?" in self.path else []
            body = json.dumps(fever(kind, asked)).encode()
        else:
            status, ctype, body = 404, "text/plain", b"no such stub"
        self.send_response(status)
        self.send_header("Content-Type", ctype)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    do_GET = answer
    do_POST = answer


server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), Handler)
print(server.server_address[1], flush=True)
threading.Thread(target=server.serve_forever, daemon=True).start()
sys.stdin.read()
