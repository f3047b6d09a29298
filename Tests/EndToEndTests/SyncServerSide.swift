import Foundation
import XCTest

/// What the phone does on the server, through FreshRSS's own Google Reader API (never through Tidings).
extension SyncTestCase {
    /// The server's subscriptions: feed URL → its labels.
    func serverSubscriptions() async throws -> [String: [String]] {
        try await serverSubscriptionIDs().mapValues(\.labels)
    }

    /// The server's subscriptions: feed URL → its stream id and labels.
    func serverSubscriptionIDs() async throws -> [String: (id: String, labels: [String])] {
        let text = try await api("/reader/api/0/subscription/list?output=json")
        let object = try XCTUnwrap(JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any], text)
        var found: [String: (id: String, labels: [String])] = [:]
        for entry in try XCTUnwrap(object["subscriptions"] as? [[String: Any]]) {
            guard let url = entry["url"] as? String, let id = entry["id"] as? String else { continue }
            found[url] = (id, (entry["categories"] as? [[String: Any]] ?? []).compactMap { $0["label"] as? String })
        }
        return found
    }

    /// Unsubscribes the server's account from the feed at `url`.
    func serverUnsubscribe(_ url: String) async throws {
        let listed = try await serverSubscriptionIDs()
        let id = try XCTUnwrap(listed[url]?.id, url)
        let answer = try await api(
            "/reader/api/0/subscription/edit", form: ["ac": "unsubscribe", "s": id, "T": try await writeToken()])
        XCTAssertEqual(answer.trimmingCharacters(in: .whitespacesAndNewlines), "OK")
    }

    /// Renames the label `from` to `to` on the server.
    func serverRenameLabel(_ from: String, to: String) async throws {
        let answer = try await api(
            "/reader/api/0/rename-tag",
            form: ["s": "user/-/label/" + from, "dest": "user/-/label/" + to, "T": try await writeToken()])
        XCTAssertEqual(answer.trimmingCharacters(in: .whitespacesAndNewlines), "OK")
    }
}
