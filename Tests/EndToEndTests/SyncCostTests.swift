import Foundation
import TestSupport
import XCTest

/// A sync costs what changed, not the size of the account (issue 29, test 6), through both protocols
/// against a real FreshRSS holding 2,000 items: a refresh that finds 5 new items transfers those 5
/// and the id lists, and one that finds nothing makes at most 3 requests. Requests and bytes are
/// counted by a proxy in front of FreshRSS (its own access log has no sizes).
final class SyncCostTests: SyncTestCase {
    func testASyncTransfersOnlyWhatIsNewGReader() async throws { try await costsWhatChanged(.greader) }
    func testASyncTransfersOnlyWhatIsNewFever() async throws { try await costsWhatChanged(.fever) }

    private static let feedNames = ["north", "south", "east", "west"]
    private static let perFeed = 500
    /// The first item's date: two days ago, so neither side's retention touches the items.
    private lazy var start = Date(timeIntervalSince1970: (Date().timeIntervalSince1970 / 60).rounded(.down) * 60 - 2 * 86_400)

    private func costsWhatChanged(_ kind: SyncProtocol) async throws {
        for name in Self.feedNames {
            try await serve(name, count: Self.perFeed)
            try await subscribe(try feeds.url("/m/\(name)"), label: "Bulk")
        }
        let total = Self.feedNames.count * Self.perFeed
        try await waitForServerItems(total)
        let proxy = try CountingHTTPProxy(upstream: try server.baseURL, folder: folder)
        defer { proxy.stop() }
        try writeConfig(kind, url: proxy.url(kind == .greader ? "/api/greader.php" : "/api/fever.php"))

        let first = try tidings(["refresh"])
        XCTAssertEqual(first.status, 0, first.stderr)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "\(total)")
        let firstRun = try proxy.entries()
        XCTAssertEqual(firstRun.reduce(0) { $0 + $1.items }, total, "every item once")

        try await serve(Self.feedNames[0], count: Self.perFeed + 5)
        try await waitForServerItems(total + 5)
        let secondRun = try run(proxy)
        XCTAssertEqual(try sqlite("SELECT count(*) FROM articles;"), "\(total + 5)")
        XCTAssertEqual(secondRun.reduce(0) { $0 + $1.items }, 5, "only the new items: \(describe(secondRun))")
        let nothingNew = try run(proxy)
        XCTAssertLessThanOrEqual(nothingNew.count, 3, describe(nothingNew))
        XCTAssertEqual(nothingNew.reduce(0) { $0 + $1.items }, 0)

        // The items' own bytes: Google Reader's contents answers; Fever sends items with the id lists
        // in one answer, so there they are what the run cost beyond a run with nothing new.
        let firstBytes = firstRun.reduce(0) { $0 + $1.responseBytes }
        let secondBytes = secondRun.reduce(0) { $0 + $1.responseBytes }
        let nothingNewBytes = nothingNew.reduce(0) { $0 + $1.responseBytes }
        let perItem = firstRun.filter { $0.items > 0 }.reduce(0) { $0 + $1.responseBytes } / total
        let newItemBytes = kind == .greader
            ? secondRun.filter { $0.items > 0 }.reduce(0) { $0 + $1.responseBytes } : secondBytes - nothingNewBytes
        XCTAssertLessThanOrEqual(newItemBytes, 5 * perItem * 2 + 4_096, "the new items' contents: \(describe(secondRun))")
        XCTAssertLessThan(secondBytes * 5, firstBytes, "first \(firstBytes) B, then \(describe(secondRun))")
        XCTAssertLessThanOrEqual(secondRun.count, kind == .greader ? 4 : 1, describe(secondRun))
        print("sync cost (\(kind.rawValue)): first \(firstRun.count) requests, \(firstBytes) B; "
            + "5 new: \(describe(secondRun)); nothing new: \(describe(nothingNew))")
    }

    /// Runs `tidings refresh` and returns the requests it made through `proxy`.
    private func run(_ proxy: CountingHTTPProxy) throws -> [CountingHTTPProxy.Entry] {
        let before = try proxy.entries().count
        let refresh = try tidings(["refresh"])
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        return Array(try proxy.entries().dropFirst(before))
    }

    /// Serves the feed `name` with `count` items, the newest first; an item keeps its guid and text
    /// however many are served, so serving more adds only the new ones.
    private func serve(_ name: String, count: Int) async throws {
        let start = self.start
        let paragraph = "<p>" + String(repeating: "Words of the \(name) feed fill this paragraph. ", count: 16) + "</p>"
        let items = try (0..<count).reversed().map { index in
            RSSTestItem(
                title: "\(name) item \(index)", link: try feeds.url("/pages/\(name)/\(index).html"), guid: "\(name)-\(index)",
                published: start.addingTimeInterval(Double(index * 60)), body: paragraph)
        }
        try await feeds.set(name, body: rssDocument(title: "Feed \(name)", link: try feeds.url("/pages/\(name)/"), items: items))
    }

    private func describe(_ entries: [CountingHTTPProxy.Entry]) -> String {
        let bytes = entries.reduce(0) { $0 + $1.responseBytes }
        let calls = entries.map { "\($0.method) \($0.path.split(separator: "?").first ?? "") \($0.responseBytes) B" }
        return "\(entries.count) requests, \(bytes) B [" + calls.joined(separator: "; ") + "]"
    }
}
