import FeedFetch
import TestSupport
import XCTest

final class FetchConcurrencyTests: ServerTestCase {
    func testTwoHundredRequestsRespectThePerHostLimit() async throws {
        var configuration = FetchConfiguration()
        configuration.maxPerHost = 4
        let fetcher = FeedFetcher(configuration: configuration)
        let url = try server.url("/count/perhost?delay=0.02")
        let requests = (0..<200).map { FetchRequest(id: Int64($0), url: url) }
        let results = await fetcher.fetchAll(requests)
        XCTAssertEqual(results.count, 200)
        XCTAssertEqual(Set(results.map(\.requestID)), Set(0..<200))
        XCTAssertTrue(results.allSatisfy { $0.error == nil && $0.status == 200 })

        let fields = try await serverStats("perhost")
        XCTAssertEqual(fields["total"], 200)
        let peak = try XCTUnwrap(fields["max"])
        XCTAssertLessThanOrEqual(peak, 4, "the server saw more than 4 requests at once")
        XCTAssertGreaterThanOrEqual(peak, 2, "requests ran one at a time")
    }

    func testCancelStopsARunningBatch() async throws {
        let before = try openDescriptorCount()
        let fetcher = FeedFetcher()
        // Every answer takes 30 s: a batch that finishes with 40 cancelled results was stopped by the
        // cancel, whatever the machine's load (transfers left running would end in 200s instead).
        let url = try server.url("/count/cancel?delay=30")
        let stream = fetcher.fetch((0..<40).map { FetchRequest(id: Int64($0), url: url) })
        // Cancelled once transfers have reached the server, so the batch is running.
        let running = try await StateWait.until { try await self.serverStats("cancel")["total", default: 0] > 0 }
        XCTAssertTrue(running, "no request of the batch reached the server")
        fetcher.cancel()
        var results: [FetchResult] = []
        for await result in stream { results.append(result) }
        XCTAssertEqual(results.count, 40)
        XCTAssertTrue(results.allSatisfy { $0.error == .cancelled }, "\(results.map(\.error))")

        let after = await fetcher.fetchAll([FetchRequest(id: 1, url: try server.url("/feed.xml"))])
        XCTAssertNil(after.first?.error, "the fetcher still works after a cancel")
        XCTAssertLessThanOrEqual(try openDescriptorCount(), before + configurationConnections)
    }

    func testEndingTheConsumingTaskCancelsTheBatch() async throws {
        var configuration = FetchConfiguration()
        configuration.maxPerHost = 4
        let fetcher = FeedFetcher(configuration: configuration)
        // Four of the ten requests can be in flight; each answer takes 30 s.
        let url = try server.url("/count/drop?delay=30")
        let consumer = Task {
            var successes = 0
            for await result in fetcher.fetch((0..<10).map { FetchRequest(id: Int64($0), url: url) })
            where result.error == nil { successes += 1 }
            return successes
        }
        // Cancelled once the batch's first request has reached the server, so the batch is running.
        let running = try await StateWait.until { try await self.serverStats("drop")["total", default: 0] > 0 }
        XCTAssertTrue(running, "no request of the batch reached the server")
        consumer.cancel()
        let successes = await consumer.value
        XCTAssertEqual(successes, 0)
        // The next request on the same host gets a slot only when the batch's four are gone. Had the
        // batch gone on, its six queued requests would have reached the server before this one.
        let next = await fetcher.fetchAll([FetchRequest(id: 1, url: try server.url("/feed.xml"))])
        XCTAssertNil(next.first?.error)
        let stats = try await serverStats("drop")
        let total = try XCTUnwrap(stats["total"])
        XCTAssertLessThanOrEqual(total, 4, "requests of the cancelled batch reached the server after the cancel")
    }

    func testStreamKeepsATemporaryFetcherAlive() async throws {
        var results: [FetchResult] = []
        for await result in FeedFetcher().fetch([FetchRequest(id: 3, url: try server.url("/count/temp?delay=0.2"))]) {
            results.append(result)
        }
        XCTAssertEqual(results.map(\.requestID), [3])
        XCTAssertNil(results.first?.error)
    }

    func testEmptyBatchFinishesAtOnce() async {
        let results = await FeedFetcher().fetchAll([])
        XCTAssertTrue(results.isEmpty)
    }

    func testRepeatedRefreshesLeakNoDescriptors() async throws {
        // The acceptance: 20 consecutive refreshes of 500 feeds, each by a fresh fetcher.
        let requests = try (0..<500).map { FetchRequest(id: Int64($0), url: try server.url("/feeds/\($0).xml")) }
        let warmUp = await FeedFetcher().fetchAll(requests)
        XCTAssertEqual(warmUp.filter { $0.error == nil }.count, 500)
        let baseline = try openDescriptorCount()

        for round in 0..<20 {
            let results = await FeedFetcher().fetchAll(requests)
            XCTAssertEqual(results.filter { $0.error == nil && $0.status == 200 }.count, 500, "round \(round)")
        }
        XCTAssertLessThanOrEqual(try openDescriptorCount(), baseline, "fresh fetchers leaked descriptors")

        // One fetcher kept across refreshes keeps its connections, but their number must not grow.
        let fetcher = FeedFetcher()
        let some = Array(requests.prefix(100))
        var afterFirst = 0
        for round in 0..<20 {
            let results = await fetcher.fetchAll(some)
            XCTAssertEqual(results.filter { $0.error == nil }.count, 100, "round \(round)")
            if round == 0 { afterFirst = try openDescriptorCount() }
        }
        XCTAssertLessThanOrEqual(try openDescriptorCount(), afterFirst, "a reused fetcher grew its descriptors")
    }

    /// The server's counters for /count/KEY: `max` (peak in flight) and `total` (requests received).
    private func serverStats(_ key: String) async throws -> [String: Int] {
        let stats = String(decoding: try await fetchPath("/stats/\(key)").body, as: UTF8.self)
        return Dictionary(uniqueKeysWithValues: stats.split(separator: " ").map {
            let pair = $0.split(separator: "=")
            return (String(pair[0]), pair.count == 2 ? Int(pair[1]) ?? -1 : -1)
        })
    }

    /// Connections a live fetcher may keep open to the test server (the default per-host limit).
    private let configurationConnections = FetchConfiguration().maxPerHost + 2
}
