import FeedStore
import Foundation
@testable import ReaderControllers
import XCTest

/// The reader's `a`, `e` and `D` go through `SubscriptionsController`, which applies each change to
/// the list as it is on disk under `FeedListLock`, never to the copy the reader read at start: a
/// change another process made meanwhile is kept.
final class FeedListWriterTests: RefreshServerTestCase {
    private let alpha = "https://alpha.example/feed"
    private let beta = "https://beta.example/feed"
    private let gamma = "https://gamma.example/feed"
    private let delta = "https://delta.example/feed"

    /// Another process's write: the list rewritten with `url` added at the end.
    private func addBehindTheReadersBack(_ url: String) throws {
        let text = try feedListText().replacingOccurrences(
            of: "</body>", with: "<outline type=\"rss\" text=\"Other\" xmlUrl=\"\(url)\"/></body>")
        try text.write(toFile: files.feedList, atomically: true, encoding: .utf8)
    }

    private func listed() throws -> [String] {
        try XCTUnwrap(try SubscriptionsFile.load(path: paths.feedList)).entries.map(\.entry.url)
    }

    func testEditAddAndRemoveKeepWhatAnotherProcessWroteSinceTheReaderStarted() async throws {
        try writeFeedList([(alpha, "Alpha", "news"), (beta, "Beta", nil)])
        let controller = SubscriptionsController(environment: try environment())
        _ = try controller.sync()

        try addBehindTheReadersBack(gamma)
        try controller.edit(alpha, title: "Alpha edited", tags: ["news"], refreshInterval: nil)
        XCTAssertEqual(try listed(), [alpha, beta, gamma])
        XCTAssertTrue(try feedListText().contains("Alpha edited"))

        try addBehindTheReadersBack(delta)
        _ = try await controller.add(FeedAddRequest(url: "https://epsilon.example/feed", check: false))
        XCTAssertEqual(try listed(), [alpha, beta, gamma, delta, "https://epsilon.example/feed"])

        try controller.remove(beta)
        XCTAssertEqual(try listed(), [alpha, gamma, delta, "https://epsilon.example/feed"])
    }

    /// A change waits for the lock, then reads the list the holder left: what the holder wrote while
    /// holding it is kept.
    func testAChangeWaitsForTheLockAndReadsTheListTheHolderLeft() async throws {
        try writeFeedList([(alpha, "Alpha", nil)])
        let environment = try environment()
        let controller = SubscriptionsController(environment: environment)
        _ = try controller.sync()
        let holder = try FeedListLock.acquire(list: paths.feedList, config: paths.config)
        let name = alpha
        let edit = Task.detached {
            try controller.edit(name, title: "Alpha edited", tags: [], refreshInterval: nil)
        }
        try addBehindTheReadersBack(beta)
        holder.release()
        try await edit.value
        XCTAssertEqual(try listed(), [alpha, beta])
        XCTAssertTrue(try feedListText().contains("Alpha edited"))
    }
}
