import Foundation
import TestSupport
import XCTest

/// A refresh held inside its sync, for the tests of commands run meanwhile: the account `home` reaches
/// FreshRSS through a `CountingHTTPProxy`, which holds the sync's first request for changes until the
/// test lets it go, so the test knows the sync read the account and has not written it yet.
extension SyncTestCase {
    /// Writes config.toml with the account `home` speaking `kind` through a new proxy, and returns it.
    func proxiedAccount(_ kind: SyncProtocol) throws -> CountingHTTPProxy {
        let proxy = try CountingHTTPProxy(upstream: try server.baseURL, folder: folder)
        try writeConfig(kind, url: proxy.url(kind == .greader ? "/api/greader.php" : "/api/fever.php"))
        return proxy
    }

    /// Starts `tidings refresh` (output in `refresh.out` and `refresh.err`) and returns once `proxy`
    /// holds its sync's first request for changes.
    func startRefreshHeldInSync(_ proxy: CountingHTTPProxy, _ kind: SyncProtocol) async throws -> Process {
        try await proxy.hold(pathContaining: kind == .greader ? "stream/items/ids" : "unread_item_ids")
        let refresh = try TidingsBinary.start(["refresh"] + files.arguments, folder: folder, name: "refresh")
        let held = try await StateWait.until(seconds: 60) { !proxy.held().isEmpty || !refresh.isRunning }
        XCTAssertTrue(held && refresh.isRunning, "the sync's request for changes is held")
        return refresh
    }

    /// Waits until `process` ended or waits for a flock(2) lock (the refresh lock); true when it waits.
    func waitsForLock(_ process: Process) async throws -> Bool {
        let settled = try await StateWait.until(seconds: 60) {
            !process.isRunning || FlockTable.entries().contains { $0.pid == process.processIdentifier && $0.waiting }
        }
        return settled && process.isRunning
    }

    /// Starts `tidings ARGUMENTS` (as `name`) while `refresh` holds the refresh lock, checks that it
    /// waits for it, then runs `release` (which lets the refresh go) and returns how the command ended,
    /// having checked that the refresh ended well and quietly.
    func runWaitingForRefresh(
        _ arguments: [String], name: String, refresh: Process, release: () async throws -> Void
    ) async throws -> EndToEndRun {
        let command = try TidingsBinary.start(arguments + files.arguments, folder: folder, name: name)
        let waiting = try await waitsForLock(command)
        XCTAssertTrue(waiting, "\(name) waits for the refresh's lock")
        try await release()
        let held = outcome(refresh, name: "refresh")
        XCTAssertEqual(held.status, 0, held.stderr)
        XCTAssertEqual(held.stderr, "", "the refresh was not refused for the waiting \(name)")
        return outcome(command, name: name)
    }

    /// How a process `TidingsBinary.start` started as `name` in the test's folder ended.
    func outcome(_ process: Process, name: String) -> EndToEndRun {
        process.waitUntilExit()
        let read = { (suffix: String) in (try? String(contentsOfFile: self.folder + "/\(name).\(suffix)", encoding: .utf8)) ?? "" }
        return EndToEndRun(status: process.terminationStatus, stdout: read("out"), stderr: read("err"))
    }

    /// Writes the local feed list: one feed per URL, none in a folder.
    func writeLocalList(_ urls: [String]) throws {
        let outlines = urls.map { "<outline type=\"rss\" text=\"local\" xmlUrl=\"\($0)\"/>" }.joined()
        let opml = "<?xml version=\"1.0\"?><opml version=\"2.0\"><head><title>t</title></head><body>\(outlines)</body></opml>\n"
        try Data(opml.utf8).write(to: URL(fileURLWithPath: files.feedList))
    }
}
