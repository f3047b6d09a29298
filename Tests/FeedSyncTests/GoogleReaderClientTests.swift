@testable import FeedSync
import TestSupport
import Foundation
import XCTest

/// `GoogleReaderClient` against a real FreshRSS: subscribe, list, fetch, fetch what is new, mark, and
/// the failures a user meets (wrong password, a stale token).
final class GoogleReaderClientTests: FreshRSSTestCase {
    func testSubscribesListsAndFetchesEverything() async throws {
        let client = try greader()
        let alpha = try await makeFeed("alpha", count: 3)
        let beta = try await makeFeed("beta", count: 2)
        let a = try await client.subscribe(url: alpha.url, title: nil, label: "News")
        let b = try await client.subscribe(url: beta.url, title: "Beta renamed", label: "Tech")
        XCTAssertEqual(a.labels, ["News"])

        let listed = try await client.subscriptions()
        let listedA = try XCTUnwrap(listed.subscriptions.first { $0.id == a.id })
        let listedB = try XCTUnwrap(listed.subscriptions.first { $0.id == b.id })
        XCTAssertEqual(listedA.url, alpha.url)
        XCTAssertEqual(listedA.title, "Feed alpha")
        XCTAssertEqual(listedA.labels, ["News"])
        XCTAssertEqual(listedB.title, "Beta renamed")
        XCTAssertEqual(listedB.labels, ["Tech"])
        XCTAssertTrue(Set(["News", "Tech"]).isSubset(of: Set(listed.labels)), "\(listed.labels)")

        let changes = try await client.changes(since: SyncState())
        assertItems(changes.newItems.filter { $0.subscriptionID == a.id }, equal: alpha.items)
        assertItems(changes.newItems.filter { $0.subscriptionID == b.id }, equal: beta.items)
        for item in changes.newItems where item.subscriptionID == a.id {
            XCTAssertTrue(changes.unreadIDs.contains(item.id))
            XCTAssertFalse(item.read)
            XCTAssertTrue(item.labels.contains("News"))
            XCTAssertNotNil(item.crawled)
        }
        XCTAssertNotNil(changes.state.newestCrawlSeconds)
    }

    func testAnIncrementalSyncReturnsOnlyTheNewItemInThreeRequests() async throws {
        let client = try greader()
        let feed = try await makeFeed("gamma", count: 2)
        let subscription = try await client.subscribe(url: feed.url, title: nil, label: nil)
        let first = try await client.changes(since: SyncState())
        XCTAssertEqual(first.newItems.filter { $0.subscriptionID == subscription.id }.count, 2)

        let (fresh, changes) = try await addItemAndSync(to: feed, name: "gamma", client: client, since: first.state)
        assertItems(changes.newItems, equal: [fresh])
        XCTAssertTrue(changes.unreadIDs.contains(try XCTUnwrap(changes.newItems.first).id))

        let session = await client.authToken
        let nextRun = try greader(token: try XCTUnwrap(session))
        var nothing: SyncChanges?
        let requests = try await apiRequests { nothing = try await nextRun.changes(since: changes.state) }
        XCTAssertEqual(nothing?.newItems, [])
        XCTAssertEqual(requests.count, 3, requests.joined(separator: "\n"))
        XCTAssertFalse(requests.contains { $0.contains("ClientLogin") || $0.contains("contents") })
        XCTAssertEqual(nothing?.unreadIDs, changes.unreadIDs)
        XCTAssertEqual(nothing?.state, changes.state)
    }

    func testAFirstSyncFetchesContentsAndSendsEditsInBatches() async throws {
        let client = try greader()
        let feed = try await makeFeed("epsilon", count: 230)
        let subscription = try await client.subscribe(url: feed.url, title: nil, label: nil)
        let before = try server.apiRequestLines().count
        let changes = try await client.changes(since: SyncState())
        let syncRequests = try server.apiRequestLines().dropFirst(before)
        let mine = changes.newItems.filter { $0.subscriptionID == subscription.id }
        XCTAssertEqual(mine.count, 230)
        assertItems(mine, equal: feed.items)
        let contentCalls = syncRequests.filter { $0.contains("stream/items/contents") }.count
        XCTAssertEqual(contentCalls, (changes.newItems.count + 99) / 100, syncRequests.joined(separator: "\n"))

        let editsBefore = try server.apiRequestLines().count
        let outcome = await client.send(mine.map { SyncEdit(itemID: $0.id, action: .read) })
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.confirmed.count, 230)
        let editCalls = try server.apiRequestLines().dropFirst(editsBefore).filter { $0.contains("edit-tag") }
        XCTAssertEqual(editCalls.count, 1)
        let unread = try await serverUnreadIDs()
        XCTAssertTrue(unread.isDisjoint(with: mine.map(\.id.description)))
    }

    func testSmallIDPagesFollowContinuationsToTheSameSets() async throws {
        let client = try greader()
        let feed = try await makeFeed("eta", count: 23)
        let subscription = try await client.subscribe(url: feed.url, title: nil, label: nil)
        let whole = try await client.changes(since: SyncState())
        let ids = whole.newItems.filter { $0.subscriptionID == subscription.id }.map(\.id).sorted()
        let marks = await client.send([SyncEdit(itemID: ids[0], action: .star), SyncEdit(itemID: ids[1], action: .read)])
        XCTAssertNil(marks.error)
        let reference = try await client.changes(since: SyncState())

        let paged = GoogleReaderClient(
            endpoint: try server.greaderURL, credentials: try credentials, authToken: nil, fetcher: nil, idPageSize: 7)
        var changes: SyncChanges?
        let requests = try await apiRequests { changes = try await paged.changes(since: SyncState()) }
        let result = try XCTUnwrap(changes)
        XCTAssertEqual(Set(result.newItems.map(\.id)), Set(reference.newItems.map(\.id)))
        XCTAssertEqual(result.newItems.count, reference.newItems.count, "an item came twice")
        XCTAssertEqual(result.unreadIDs, reference.unreadIDs)
        XCTAssertEqual(result.starredIDs, reference.starredIDs)
        XCTAssertGreaterThan(reference.newItems.count, 7)
        let idCalls = requests.filter { $0.contains("stream/items/ids") }.count
        XCTAssertGreaterThanOrEqual(idCalls, reference.newItems.count / 7 + 1, requests.joined(separator: "\n"))
    }

    func testMarksReachTheServerInBatches() async throws {
        let client = try greader()
        let feed = try await makeFeed("delta", count: 4)
        let subscription = try await client.subscribe(url: feed.url, title: nil, label: nil)
        let items = try await client.changes(since: SyncState()).newItems.filter { $0.subscriptionID == subscription.id }
        XCTAssertEqual(items.count, 4)
        let ids = items.map(\.id).sorted()
        let outcome = await client.send([
            SyncEdit(itemID: ids[0], action: .read), SyncEdit(itemID: ids[1], action: .read),
            SyncEdit(itemID: ids[2], action: .star), SyncEdit(itemID: ids[3], action: .read),
            SyncEdit(itemID: ids[3], action: .unread),
        ])
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.confirmed.count, 5)

        let unread = try await serverUnreadIDs()
        let starred = try await serverStarredIDs()
        XCTAssertFalse(unread.contains(ids[0].description))
        XCTAssertFalse(unread.contains(ids[1].description))
        XCTAssertTrue(unread.contains(ids[2].description))
        XCTAssertTrue(unread.contains(ids[3].description))
        XCTAssertTrue(starred.contains(ids[2].description))

        let again = try await client.changes(since: SyncState())
        XCTAssertTrue(again.starredIDs.contains(ids[2]))
        XCTAssertFalse(again.unreadIDs.contains(ids[0]))
        let unstar = await client.send([SyncEdit(itemID: ids[2], action: .unstar)])
        XCTAssertNil(unstar.error)
        let starredAfter = try await serverStarredIDs()
        XCTAssertFalse(starredAfter.contains(ids[2].description))
    }

    func testAKeptTokenIsUsedAndAStaleOneReplacedOnce() async throws {
        let client = try greader()
        _ = try await client.subscriptions()
        let kept0 = await client.authToken
        let token = try XCTUnwrap(kept0)

        let before = try server.apiRequestLines().count
        let kept = try greader(token: token)
        _ = try await kept.subscriptions()
        let lines = try server.apiRequestLines().dropFirst(before)
        XCTAssertFalse(lines.contains { $0.contains("ClientLogin") }, lines.joined(separator: "\n"))

        let stale = try greader(token: SyncToken(try server.user + "/0000000000000000000000000000000000000000"))
        _ = try await stale.subscriptions()
        let renewed = await stale.authToken
        XCTAssertEqual(renewed, token)

        let feed = try await makeFeed("zeta", count: 1)
        let subscription = try await client.subscribe(url: feed.url, title: nil, label: nil)
        let all = try await client.changes(since: SyncState()).newItems
        let item = try XCTUnwrap(all.first { $0.subscriptionID == subscription.id })
        let staleWriter = try greader(token: SyncToken(try server.user + "/1111111111111111111111111111111111111111"))
        let outcome = await staleWriter.send([SyncEdit(itemID: item.id, action: .star)])
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.confirmed.count, 1)
        let starred = try await serverStarredIDs()
        XCTAssertTrue(starred.contains(item.id.description))
    }

    func testAWrongPasswordIsAuthRejectedAndNeverShown() async throws {
        let password = "wrong-\(UUID().uuidString)"
        let client = GoogleReaderClient(
            endpoint: try server.greaderURL, credentials: SyncCredentials(user: try server.user, password: password),
            authToken: SyncToken("tidings/stale-token-value"))
        do {
            _ = try await client.changes(since: SyncState())
            XCTFail("a wrong password synced")
        } catch {
            guard case .authRejected = error else { return XCTFail("\(error)") }
            XCTAssertFalse(error.description.contains(password))
            XCTAssertFalse(error.description.contains("stale-token-value"))
            XCTAssertTrue(error.description.contains(try server.user), error.description)
        }
        let dropped = await client.authToken
        XCTAssertNil(dropped)
    }
}
