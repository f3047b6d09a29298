import Foundation
import TestSupport
import XCTest

/// Syncs that meet a stopped server, a SIGKILL, or a server that answers nonsense, against a real
/// FreshRSS through both protocols (issue 29, tests 4, 5 and 7): marks queue and arrive exactly once,
/// local feeds are refreshed anyway, nothing is lost, and a failed sync leaves the store as it was.
final class SyncOfflineTests: SyncTestCase {
    func testStoppedServerQueuesMarksThatArriveOnceGReader() async throws { try await stoppedServer(.greader) }
    func testStoppedServerQueuesMarksThatArriveOnceFever() async throws { try await stoppedServer(.fever) }
    func testSIGKILLDuringSyncsLosesNothingGReader() async throws { try await killedSyncs(.greader, seed: 29_01) }
    func testSIGKILLDuringSyncsLosesNothingFever() async throws { try await killedSyncs(.fever, seed: 29_02) }
    func testRejectedPasswordWritesNothingGReader() async throws { try await rejectedPassword(.greader) }
    func testRejectedPasswordWritesNothingFever() async throws { try await rejectedPassword(.fever) }
    func testBrokenAnswersLeaveTheStoreAsItWasGReader() async throws { try await brokenAnswers(.greader) }
    func testBrokenAnswersLeaveTheStoreAsItWasFever() async throws { try await brokenAnswers(.fever) }

    /// The server stops; 3 marks queue; refresh exits 69 with one line and still refreshes the local
    /// feed. The server comes back: the 3 marks arrive, in one edit-tag (GReader) or one call each
    /// (Fever), and a further refresh sends nothing again.
    private func stoppedServer(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        let local = try await makeFeed("local", count: 2)
        try writeLocalList([local.url])
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["count"]).stdout, "17 articles in 4 feeds (17 unread, 0 starred)\n")

        try server.pause()
        let marked = try tidings([
            "mark", "read", "--query", "title = \"alpha item 0\" or title = \"beta item 0\" or title = \"gamma item 0\"",
        ])
        XCTAssertEqual(marked.stdout, "3\n", marked.stderr)
        let key = String(local.url.split(separator: "/").last ?? "")
        try await serveAgain(key: key, name: "local", count: 3)
        let offline = try tidings(["refresh", "--all"])
        XCTAssertEqual(offline.status, 69, offline.stderr)
        let lines = offline.stderr.split(separator: "\n")
        XCTAssertEqual(lines.count, 1, offline.stderr)
        XCTAssertTrue(offline.stderr.hasPrefix("tidings: account home: "), offline.stderr)
        XCTAssertTrue(offline.stderr.contains("cannot reach"), offline.stderr)
        XCTAssertFalse(offline.stderr.contains(try server.apiPassword))
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles WHERE title = 'local item 2';"), "1", "local feed refreshed")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "3")

        try server.resume()
        let logged = try apiLog().count
        let online = try tidings(["refresh"])
        XCTAssertEqual(online.status, 0, online.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0")
        let items = try await serverItems()
        XCTAssertEqual(Set(items.filter { $0.value.read }.keys), ["alpha item 0", "beta item 0", "gamma item 0"])
        XCTAssertEqual(edits(in: Array(try apiLog().dropFirst(logged)), kind), kind == .greader ? 1 : 3)

        let again = try apiLog().count
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(edits(in: Array(try apiLog().dropFirst(again)), kind), 0, "each change was sent once")
    }

    /// SIGKILL at seeded random points inside twenty syncs (issue 29, test 5), with marks made between
    /// them: afterwards one refresh empties the outbox, the database passes integrity_check, Tidings
    /// and the server hold exactly the marks made (a stale edit sent again would undo a later one),
    /// and a further refresh sends nothing.
    private func killedSyncs(_ kind: SyncProtocol, seed: UInt64) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        var random = SplitMix(seed: seed)
        var expected: [String: (read: Bool, starred: Bool)] = [:]
        var interrupted = 0
        var rounds = 0
        // Kills land at a random point up to `span`, which shrinks below the time a run took to end when
        // a kill came too late: 20 kills land inside a run, whatever this machine's speed.
        var span = 1.5
        let titles = ["alpha", "beta", "gamma"].flatMap { name in (0..<5).map { "\(name) item \($0)" } }
        while interrupted < 20, rounds < 100 {
            defer { rounds += 1 }
            if rounds > 0 {
                for _ in 0..<Int.random(in: 1...3, using: &random) {
                    let title = titles[Int.random(in: 0..<titles.count, using: &random)]
                    let action = ["read", "unread", "star", "unstar"][Int.random(in: 0..<4, using: &random)]
                    let run = try tidings(["mark", action, "--query", "title = \"\(title)\""])
                    XCTAssertEqual(run.status, 0, "seed \(seed): \(run.stderr)")
                    if run.stdout == "1\n" {
                        var marks = expected[title] ?? (false, false)
                        switch action {
                        case "read", "unread": marks.read = action == "read"
                        default: marks.starred = action == "star"
                        }
                        expected[title] = marks
                    }
                }
            }
            let process = Process()
            process.executableURL = try TidingsBinary.url()
            process.arguments = ["refresh"] + files.arguments
            process.environment = ProcessInfo.processInfo.environment.merging(environment) { $1 }
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            let delay = Double.random(in: 0...span, using: &random)
            usleep(UInt32(delay * 1_000_000))
            kill(process.processIdentifier, SIGKILL)
            var status: Int32 = 0
            _ = waitpid(process.processIdentifier, &status, 0)
            if status & 0x7f == SIGKILL {
                interrupted += 1
            } else {
                span = max(0.05, delay * 0.9)
            }
        }
        print("seed \(seed): \(interrupted) runs killed inside, in \(rounds) rounds")
        XCTAssertEqual(interrupted, 20, "seed \(seed): kills that landed inside a run")
        let final = try tidings(["refresh"])
        XCTAssertEqual(final.status, 0, "seed \(seed): \(final.stderr)")
        XCTAssertEqual(try sqlite("PRAGMA integrity_check;"), "ok", "seed \(seed)")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM sync_outbox;"), "0", "seed \(seed)")
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "15", "seed \(seed)")
        let local = try localMarks()
        let server = try await serverItems()
        for title in titles {
            let want = expected[title] ?? (false, false)
            XCTAssertEqual(local[title]?.read, want.read, "seed \(seed): \(title) read here")
            XCTAssertEqual(local[title]?.starred, want.starred, "seed \(seed): \(title) starred here")
            XCTAssertEqual(server[title]?.read, want.read, "seed \(seed): \(title) read on the server")
            XCTAssertEqual(server[title]?.starred, want.starred, "seed \(seed): \(title) starred on the server")
        }
        let logged = try apiLog().count
        XCTAssertEqual(try tidings(["refresh"]).status, 0, "seed \(seed)")
        XCTAssertEqual(edits(in: Array(try apiLog().dropFirst(logged)), kind), 0, "seed \(seed): nothing sent again")
    }

    /// A password the server rejects: exit 77, one line naming the account and no password, nothing
    /// written (the waiting mark stays queued), and the kept token dropped.
    private func rejectedPassword(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "star", "--query", "title = \"beta item 3\""]).stdout, "1\n")
        let password = folder + "/password"
        try Data("not-the-password\n".utf8).write(to: URL(fileURLWithPath: password))
        let token = folder + "/cache/tidings/home.greader-token"
        // A token the server no longer takes: the client must log in, and be refused.
        if kind == .greader {
            let kept = try String(contentsOfFile: token, encoding: .utf8).split(separator: "\n")
            try Data((kept.prefix(2).joined(separator: "\n") + "\ntidings/0000\n").utf8).write(to: URL(fileURLWithPath: token))
        }
        let before = try storeState()
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 77, refresh.stderr)
        XCTAssertEqual(refresh.stderr.split(separator: "\n").count, 1, refresh.stderr)
        XCTAssertTrue(refresh.stderr.hasPrefix("tidings: account home: "), refresh.stderr)
        XCTAssertFalse(refresh.stderr.contains("not-the-password"))
        XCTAssertEqual(try storeState(), before)
        XCTAssertFalse(FileManager.default.fileExists(atPath: token))
        let starred = try await serverItems().filter { $0.value.starred }
        XCTAssertTrue(starred.isEmpty, "nothing reached the server")
    }

    /// A 500, broken JSON, and an HTML login page where the API should be: one line, exit 69 or 76,
    /// and the store (articles, marks, outbox, kept state) as it was.
    private func brokenAnswers(_ kind: SyncProtocol) async throws {
        _ = try await threeFeedsInTwoLabels()
        try writeConfig(kind)
        XCTAssertEqual(try tidings(["refresh"]).status, 0)
        XCTAssertEqual(try tidings(["mark", "read", "--query", "title = \"alpha item 2\""]).stdout, "1\n")
        let stub = try StubHTTPServer(folder: folder)
        defer { stub.stop() }
        let answers: [(name: String, status: Int, type: String, body: String, exits: Set<Int32>)] = [
            ("500", 500, "text/plain", "Internal Server Error", [69]),
            ("broken JSON", 200, "application/json", "{\"auth\": 1, \"items\": [{\"id\": ", [76]),
            ("login page", 200, "text/html", "<!DOCTYPE html><html><body><form>Login</form></body></html>", [69, 76]),
        ]
        for answer in answers {
            try stub.answer(status: answer.status, type: answer.type, body: answer.body)
            try writeConfig(kind, url: stub.url(kind == .greader ? "/api/greader.php" : "/api/fever.php"))
            let before = try storeState()
            let refresh = try tidings(["refresh"])
            XCTAssertTrue(answer.exits.contains(refresh.status), "\(answer.name): \(refresh.status) \(refresh.stderr)")
            XCTAssertEqual(refresh.stderr.split(separator: "\n").count, 1, "\(answer.name): \(refresh.stderr)")
            XCTAssertTrue(refresh.stderr.hasPrefix("tidings: account home: "), refresh.stderr)
            XCTAssertEqual(try storeState(), before, answer.name)
        }
    }

    /// The edits `kind` sent in `requests`: GReader edit-tag calls, Fever calls with nothing but `api`
    /// in the query (a mark's fields are posted).
    private func edits(in requests: [String], _ kind: SyncProtocol) -> Int {
        requests.filter { kind == .greader ? $0.contains("/edit-tag") : $0.hasSuffix("/api/fever.php?api") }.count
    }

    /// Serves the feed `key` again with `count` items named as `makeFeed` names them.
    private func serveAgain(key: String, name: String, count: Int) async throws {
        let items = (0..<count).map { index in
            "<item><title>\(name) item \(index)</title><guid isPermaLink=\"false\">\(key)-\(index)</guid>"
                + "<description>again</description></item>"
        }
        try await feeds.set(
            key, body: "<?xml version=\"1.0\"?><rss version=\"2.0\"><channel><title>Feed \(name)</title>"
                + items.joined() + "</channel></rss>")
    }
}

/// An HTTP server on 127.0.0.1 that answers every request with the status, type and body it was last
/// told (a Python standard-library script), for answers no real service gives on purpose.
final class StubHTTPServer {
    private let server: LoopbackScriptServer
    private let answerPath: String
    var port: Int { server.port }

    init(folder: String) throws {
        answerPath = folder + "/stub-answer.json"
        server = try LoopbackScriptServer(script: Self.script, named: "stub.py", arguments: [answerPath], folder: folder)
    }

    func url(_ path: String) -> String { server.url(path) }

    func answer(status: Int, type: String, body: String) throws {
        let object: [String: Any] = ["status": status, "type": type, "body": body]
        try JSONSerialization.data(withJSONObject: object).write(to: URL(fileURLWithPath: answerPath))
    }

    func stop() {
        server.stop()
    }

    private static let script = """
        import http.server, json, sys
        path = sys.argv[1]
        class Handler(http.server.BaseHTTPRequestHandler):
            def answer(self):
                length = int(self.headers.get('Content-Length') or 0)
                if length: self.rfile.read(length)
                with open(path) as f: a = json.load(f)
                body = a['body'].encode()
                self.send_response(a['status'])
                self.send_header('Content-Type', a['type'])
                self.send_header('Content-Length', str(len(body)))
                self.end_headers()
                self.wfile.write(body)
            do_GET = answer
            do_POST = answer
        """
}
