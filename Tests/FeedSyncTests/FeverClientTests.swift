import FeedSync
import Foundation
import TestSupport
import XCTest

/// `FeverClient` against a real FreshRSS: groups and feeds, all items, what is new, marks, the
/// refusal to subscribe, and a wrong password. Feeds are subscribed through the Google Reader API.
final class FeverClientTests: FreshRSSTestCase {
    func testListsGroupsAndFeedsAndFetchesEverything() async throws {
        let alpha = try await makeFeed("falpha", count: 3)
        let beta = try await makeFeed("fbeta", count: 5)
        _ = try await greader().subscribe(url: alpha.url, title: nil, label: "Papers")
        _ = try await greader().subscribe(url: beta.url, title: nil, label: "Blogs")

        let client = try fever()
        let listed = try await client.subscriptions()
        let a = try XCTUnwrap(listed.subscriptions.first { $0.url == alpha.url })
        let b = try XCTUnwrap(listed.subscriptions.first { $0.url == beta.url })
        XCTAssertEqual(a.title, "Feed falpha")
        XCTAssertEqual(a.labels, ["Papers"])
        XCTAssertEqual(b.labels, ["Blogs"])
        XCTAssertTrue(Set(["Papers", "Blogs"]).isSubset(of: Set(listed.labels)))

        let changes = try await client.changes(since: SyncState())
        assertItems(changes.newItems.filter { $0.subscriptionID == a.id }, equal: alpha.items)
        assertItems(changes.newItems.filter { $0.subscriptionID == b.id }, equal: beta.items)
        XCTAssertEqual(changes.state.maxItemID, changes.newItems.map(\.id).max())
        for item in changes.newItems where item.subscriptionID == a.id {
            XCTAssertTrue(changes.unreadIDs.contains(item.id))
        }
    }

    func testAnIncrementalSyncReturnsOnlyTheNewItemInOneRequest() async throws {
        let feed = try await makeFeed("fgamma", count: 2)
        _ = try await greader().subscribe(url: feed.url, title: nil, label: nil)
        let client = try fever()
        let first = try await client.changes(since: SyncState())

        let (fresh, changes) = try await addItemAndSync(to: feed, name: "fgamma", client: client, since: first.state)
        assertItems(changes.newItems, equal: [fresh])

        var nothing: SyncChanges?
        let requests = try await apiRequests { nothing = try await client.changes(since: changes.state) }
        XCTAssertEqual(nothing?.newItems, [])
        XCTAssertEqual(requests.count, 1, requests.joined(separator: "\n"))
        XCTAssertEqual(nothing?.state, changes.state)
    }

    func testAFirstSyncPagesThroughItemsBySinceID() async throws {
        let feed = try await makeFeed("fepsilon", count: 120)
        _ = try await greader().subscribe(url: feed.url, title: nil, label: nil)
        let client = try fever()
        let feverFeedID = try await client.subscriptions().subscriptions.first { $0.url == feed.url }?.id
        let before = try server.apiRequestLines().count
        let changes = try await client.changes(since: SyncState())
        let requests = try server.apiRequestLines().dropFirst(before)
        assertItems(changes.newItems.filter { $0.subscriptionID == feverFeedID }, equal: feed.items)
        XCTAssertEqual(Set(changes.newItems.map(\.id)).count, changes.newItems.count, "an item came twice")
        XCTAssertEqual(requests.count, changes.newItems.count / 50 + 1, requests.joined(separator: "\n"))
    }

    func testMarksReachTheServer() async throws {
        let feed = try await makeFeed("fdelta", count: 3)
        let subscription = try await greader().subscribe(url: feed.url, title: nil, label: nil)
        let client = try fever()
        let all = try await client.changes(since: SyncState()).newItems
        let feverFeedID = try await client.subscriptions().subscriptions.first { $0.url == feed.url }?.id
        let ids = all.filter { $0.subscriptionID == feverFeedID }.map(\.id).sorted()
        XCTAssertEqual(ids.count, 3, "feed \(subscription.id)")

        let outcome = await client.send([
            SyncEdit(itemID: ids[0], action: .read), SyncEdit(itemID: ids[1], action: .star),
            SyncEdit(itemID: ids[2], action: .star), SyncEdit(itemID: ids[2], action: .unstar),
        ])
        XCTAssertNil(outcome.error)
        XCTAssertEqual(outcome.confirmed.count, 4)
        let unread = try await serverUnreadIDs()
        let starred = try await serverStarredIDs()
        XCTAssertFalse(unread.contains(ids[0].description))
        XCTAssertTrue(unread.contains(ids[1].description))
        XCTAssertTrue(starred.contains(ids[1].description))
        XCTAssertFalse(starred.contains(ids[2].description))

        let back = await client.send([SyncEdit(itemID: ids[0], action: .unread)])
        XCTAssertNil(back.error)
        let unreadAfter = try await serverUnreadIDs()
        XCTAssertTrue(unreadAfter.contains(ids[0].description))
    }

    func testSubscribingIsRefusedClearly() async throws {
        let client = try fever()
        XCTAssertFalse(client.canEditSubscriptions)
        do {
            _ = try await client.subscribe(url: "http://127.0.0.1:1/feed.xml", title: nil, label: nil)
            XCTFail("Fever subscribed")
        } catch {
            guard case .unsupported = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("Fever cannot add or remove subscriptions"), error.description)
        }
        do {
            try await client.unsubscribe(subscriptionID: "1")
            XCTFail("Fever unsubscribed")
        } catch {
            guard case .unsupported = error else { return XCTFail("\(error)") }
        }
    }

    /// FreshRSS's web pages instead of its API: an error page (404) or a page of HTML, never a sync.
    func testTheWebPagesInsteadOfTheAPIGiveOneLineNamingThem() async throws {
        let endpoint = try server.baseURL + "/i/"
        let clients: [any FeedService] = [
            FeverClient(endpoint: endpoint, credentials: try credentials),
            GoogleReaderClient(endpoint: endpoint, credentials: try credentials),
        ]
        for client in clients {
            do {
                _ = try await client.subscriptions()
                XCTFail("FreshRSS's web page was taken for the API")
            } catch {
                switch error {
                case .badResponse, .serverError: break
                default: XCTFail("\(error)")
                }
                XCTAssertTrue(error.description.hasPrefix(try server.baseURL + "/i"), error.description)
                XCTAssertFalse(error.description.contains("\n"))
            }
        }
    }

    func testAWrongPasswordIsAuthRejectedAndNeverShown() async throws {
        let password = "wrong-\(UUID().uuidString)"
        let client = FeverClient(
            endpoint: try server.feverURL, credentials: SyncCredentials(user: try server.user, password: password))
        do {
            _ = try await client.subscriptions()
            XCTFail("a wrong password listed feeds")
        } catch {
            guard case .authRejected = error else { return XCTFail("\(error)") }
            XCTAssertFalse(error.description.contains(password))
        }
        let edit = await client.send([SyncEdit(itemID: SyncItemID(1), action: .read)])
        XCTAssertEqual(edit.confirmed, [])
        guard case .authRejected? = edit.error else { return XCTFail("\(String(describing: edit.error))") }
    }
}
