import Foundation
import XCTest

#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// An HTTP proxy on 127.0.0.1 in front of one upstream server (a Python standard-library script): it
/// passes every request on as it came and logs one JSON line per request with the method, path,
/// status, the bytes of the request and response bodies, and how many `items` a JSON answer held.
/// FreshRSS's own access log (PHP's built-in server) has no sizes; this is what counts bytes.
/// It can also hold the requests whose path contains a pattern until told to let them go, so that a
/// test knows a client is in the middle of its exchange (`hold`, `held`, `release`).
public final class CountingHTTPProxy {
    /// One request as the proxy saw it.
    public struct Entry: Decodable, Sendable {
        public let method: String
        public let path: String
        public let status: Int
        public let requestBytes: Int
        public let responseBytes: Int
        /// Elements of the answer's top-level `items` array (Google Reader contents, Fever items).
        public let items: Int
        /// Elements of `itemRefs` (Google Reader item ids).
        public let itemRefs: Int
    }

    private let server: LoopbackScriptServer
    private let logPath: String
    public var port: Int { server.port }

    /// Starts the proxy for `upstream` (`http://127.0.0.1:PORT`), logging under `folder`.
    public init(upstream: String, folder: String) throws {
        logPath = folder + "/proxy-log.jsonl"
        server = try LoopbackScriptServer(
            script: Self.script, named: "counting-proxy.py", arguments: [upstream, logPath], folder: folder)
    }

    /// `path` on the proxy.
    public func url(_ path: String) -> String { server.url(path) }

    /// Every request logged so far, in order.
    public func entries() throws -> [Entry] {
        guard let text = try? String(contentsOfFile: logPath, encoding: .utf8) else { return [] }
        let decoder = JSONDecoder()
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        return try text.split(separator: "\n").map { try decoder.decode(Entry.self, from: Data($0.utf8)) }
    }

    public func stop() {
        server.stop()
    }

    /// From now on, holds every request whose path (with its query) contains `pattern` before passing
    /// it on, until `release`.
    public func hold(pathContaining pattern: String) async throws {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~")
        try await control("/__proxy/hold?pattern=" + (pattern.addingPercentEncoding(withAllowedCharacters: allowed) ?? ""))
    }

    /// Lets the held requests (and those that come later) through.
    public func release() async throws {
        try await control("/__proxy/release")
    }

    /// The paths of the requests held so far, in the order they arrived.
    public func held() -> [String] {
        let text = (try? String(contentsOfFile: logPath + ".held", encoding: .utf8)) ?? ""
        return text.split(separator: "\n").map(String.init)
    }

    private func control(_ path: String) async throws {
        let (_, response) = try await URLSession.shared.data(from: try XCTUnwrap(URL(string: url(path))))
        XCTAssertEqual((response as? HTTPURLResponse)?.statusCode, 204, path)
    }

    private static let script = """
        import http.client, http.server, json, sys, threading, urllib.parse
        upstream = urllib.parse.urlsplit(sys.argv[1])
        log = open(sys.argv[2], 'a')
        held = open(sys.argv[2] + '.held', 'a')
        holding = {'pattern': None}
        gate = threading.Event()
        gate.set()
        def count(body, key):
            try:
                value = json.loads(body).get(key)
                return len(value) if isinstance(value, list) else 0
            except Exception:
                return 0
        class Handler(http.server.BaseHTTPRequestHandler):
            protocol_version = 'HTTP/1.1'
            def control(self):
                parts = urllib.parse.urlsplit(self.path)
                if parts.path == '/__proxy/hold':
                    holding['pattern'] = urllib.parse.parse_qs(parts.query)['pattern'][0]
                    gate.clear()
                else:
                    gate.set()
                self.send_response(204)
                self.send_header('Content-Length', '0')
                self.end_headers()
            def forward(self):
                if self.path.startswith('/__proxy/'):
                    return self.control()
                if holding['pattern'] and holding['pattern'] in self.path and not gate.is_set():
                    held.write(self.path + '\\n')
                    held.flush()
                    gate.wait(120)
                length = int(self.headers.get('Content-Length') or 0)
                body = self.rfile.read(length) if length else None
                headers = {k: v for k, v in self.headers.items() if k.lower() not in ('connection', 'keep-alive')}
                connection = http.client.HTTPConnection(upstream.hostname, upstream.port, timeout=120)
                connection.request(self.command, self.path, body=body, headers=headers)
                answer = connection.getresponse()
                data = answer.read()
                self.send_response(answer.status)
                for k, v in answer.getheaders():
                    if k.lower() not in ('transfer-encoding', 'connection', 'content-length', 'keep-alive'):
                        self.send_header(k, v)
                self.send_header('Content-Length', str(len(data)))
                self.end_headers()
                self.wfile.write(data)
                connection.close()
                log.write(json.dumps({'method': self.command, 'path': self.path,
                    'status': answer.status, 'request_bytes': length, 'response_bytes': len(data),
                    'items': count(data, 'items'), 'item_refs': count(data, 'itemRefs')}) + '\\n')
                log.flush()
            do_GET = forward
            do_POST = forward
        """
}
