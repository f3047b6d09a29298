import FeedSync
import Foundation
import TestSupport
import XCTest

/// What both clients make of a server that is down or answers nonsense: one-line errors of the right
/// kind that never hold the password, and hostile answers contained.
final class SyncFailureTests: XCTestCase {
    nonisolated(unsafe) static var stub: StubAPIServer?

    override class func setUp() {
        super.setUp()
        stub = try? StubAPIServer()
    }

    override class func tearDown() {
        stub?.stop()
        stub = nil
        super.tearDown()
    }

    private let credentials = SyncCredentials(user: "me", password: "pa55-word-\(UUID().uuidString)")

    private func stubURL(_ path: String) throws -> String { try XCTUnwrap(Self.stub).url(path) }

    private func clients(_ endpoint: String) -> [any FeedService] {
        [
            GoogleReaderClient(endpoint: endpoint, credentials: credentials, authToken: SyncToken("me/tok-secret")),
            FeverClient(endpoint: endpoint, credentials: credentials),
        ]
    }

    /// Runs `changes` on both clients and hands each error over, after checking it is one line
    /// without the password, the API key or the token.
    private func failures(_ endpoint: String) async -> [SyncError] {
        var errors: [SyncError] = []
        for client in clients(endpoint) {
            do {
                _ = try await client.changes(since: SyncState())
                XCTFail("\(endpoint): a sync succeeded")
            } catch {
                let text = error.description
                XCTAssertFalse(text.contains(credentials.password), text)
                XCTAssertFalse(text.contains("tok-secret"), text)
                XCTAssertFalse(text.contains("\n"), text)
                errors.append(error)
            }
        }
        return errors
    }

    func testAStoppedServerIsUnreachable() async throws {
        let port = try FreshRSSServer.freePort()
        for error in await failures("http://127.0.0.1:\(port)/api/greader.php") {
            guard case .unreachable = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("127.0.0.1:\(port)"), error.description)
        }
    }

    /// A FreshRSS that answered, then stopped: the same clients now report it unreachable.
    func testAFreshRSSThatStoppedIsUnreachable() async throws {
        guard FreshRSSServer.isAvailable else {
            throw XCTSkip("no FreshRSS here: \(FreshRSSServer.scriptFolder)/freshrss.sh is absent")
        }
        let server = try FreshRSSServer()
        defer { server.stop() }
        let credentials = SyncCredentials(user: server.user, password: server.apiPassword)
        let clients: [any FeedService] = [
            GoogleReaderClient(endpoint: server.greaderURL, credentials: credentials),
            FeverClient(endpoint: server.feverURL, credentials: credentials),
        ]
        for client in clients { _ = try await client.changes(since: SyncState()) }
        server.stop()
        for client in clients {
            do {
                _ = try await client.changes(since: SyncState())
                XCTFail("a stopped server synced")
            } catch {
                guard case .unreachable = error else { return XCTFail("\(error)") }
                XCTAssertFalse(error.description.contains(server.apiPassword), error.description)
            }
        }
    }

    func testAServerErrorIsReportedWithItsStatus() async throws {
        for error in await failures(try stubURL("/status500/api")) {
            XCTAssertEqual(error, .serverError(service: try stubURL("/status500/api"), status: 500))
        }
    }

    func testAnHTMLLoginPageIsABadResponse() async throws {
        let errors = await failures(try stubURL("/html/api"))
        XCTAssertEqual(errors.count, 2)
        for error in errors {
            guard case .badResponse(_, let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("HTML page"), detail)
        }
    }

    func testBrokenDeepOrForeignJSONIsABadResponse() async throws {
        for path in ["/broken/api", "/deep/api", "/notfever/api"] {
            let fever = FeverClient(endpoint: try stubURL(path), credentials: credentials)
            do {
                _ = try await fever.changes(since: SyncState())
                XCTFail("\(path) synced")
            } catch {
                guard case .badResponse = error else { return XCTFail("\(path): \(error)") }
            }
        }
    }

    func testASubscriptionListAnswerWithoutTheListIsABadResponseNotAnEmptyList() async throws {
        let greader = GoogleReaderClient(
            endpoint: try stubURL("/notfever/api"), credentials: credentials, authToken: SyncToken("me/tok-secret"))
        do {
            let list = try await greader.subscriptions()
            XCTFail("an answer without a list read as \(list.subscriptions.count) subscriptions")
        } catch {
            guard case .badResponse(_, let detail) = error else { return XCTFail("\(error)") }
            XCTAssertTrue(detail.contains("'subscriptions'"), detail)
        }
    }

    func testAHostileItemIsReturnedAsDataNotExecuted() async throws {
        let fever = FeverClient(endpoint: try stubURL("/huge/api"), credentials: credentials)
        let changes = try await fever.changes(since: SyncState())
        let item = try XCTUnwrap(changes.newItems.first)
        XCTAssertEqual(item.title?.unicodeScalars.count, 5_000_000)
        XCTAssertEqual(item.contentHTML, "<script>x</script>")
        XCTAssertEqual(changes.unreadIDs, [SyncItemID(7)])
    }

    func testAFeverAPIAnsweringOneOperationPerRequestIsAskedForEachInTurn() async throws {
        let fever = FeverClient(endpoint: try stubURL("/oneop/api"), credentials: credentials)
        let changes = try await fever.changes(since: SyncState())
        XCTAssertEqual(changes.newItems.map(\.id), [SyncItemID(1), SyncItemID(2), SyncItemID(3)])
        XCTAssertEqual(changes.unreadIDs, [SyncItemID(2), SyncItemID(3)])
        XCTAssertEqual(changes.starredIDs, [SyncItemID(3)])
        let subscriptions = try await fever.subscriptions()
        XCTAssertEqual(subscriptions.subscriptions.map(\.url), ["http://127.0.0.1/one.xml"])
        XCTAssertEqual(subscriptions.subscriptions.first?.labels, ["News"])
    }

    func testAFeverAnswerWithoutTheUnreadListIsABadResponseNotAnEmptyList() async throws {
        let fever = FeverClient(endpoint: try stubURL("/noids/api"), credentials: credentials)
        do {
            let changes = try await fever.changes(since: SyncState())
            XCTFail("a sync without unread ids succeeded: \(changes.unreadIDs)")
        } catch {
            guard case .badResponse = error else { return XCTFail("\(error)") }
            XCTAssertTrue(error.description.contains("unread_item_ids"), error.description)
        }
    }

    func testANonHTTPEndpointIsRefusedBeforeAnyRequest() async throws {
        for error in await failures("file:///etc/passwd") {
            guard case .invalidEndpoint = error else { return XCTFail("\(error)") }
        }
    }
}
