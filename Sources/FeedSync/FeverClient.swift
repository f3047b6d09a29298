import FeedFetch
import Foundation
import TidingsText

/// An account on a service that speaks the Fever API (FreshRSS, Miniflux, Tiny Tiny RSS's plugin,
/// yarr), at its endpoint (e.g. `https://rss.example.org/api/fever.php`).
///
/// Every call posts the API key, the MD5 of `user:password` computed here, so the key never appears
/// in a URL. Fever cannot add or remove subscriptions: those calls throw `SyncError.unsupported`.
public actor FeverClient: FeedService {
    private let credentials: SyncCredentials
    private let apiKey: String
    private let http: ServiceHTTP
    private var nextRequestID: Int64 = 0

    /// Items per `items` answer on every known server; a shorter page is the last one.
    static let pageSize = 50

    public init(endpoint: String, credentials: SyncCredentials, fetcher: FeedFetcher? = nil) {
        self.credentials = credentials
        apiKey = MD5.hex(credentials.user + ":" + credentials.password)
        http = ServiceHTTP(endpoint: endpoint, fetcher: fetcher)
    }

    public nonisolated var canEditSubscriptions: Bool { false }

    public func subscriptions() async throws(SyncError) -> SyncSubscriptions {
        let answer = try await callEach(["groups", "feeds"], form: [])
        var groupTitles: [String: String] = [:]
        var labels: [String] = []
        for group in answer.objects("groups") {
            guard let id = group.string("id"), let title = group.string("title") else { continue }
            groupTitles[id] = title
            labels.append(title)
        }
        var feedLabels: [String: [String]] = [:]
        for link in answer.objects("feeds_groups") {
            guard let title = link.string("group_id").flatMap({ groupTitles[$0] }) else { continue }
            for feed in Self.idList(link.string("feed_ids")) { feedLabels[feed.description, default: []].append(title) }
        }
        let subscriptions = answer.objects("feeds").compactMap { feed -> SyncSubscription? in
            guard let id = feed.string("id"), let url = feed.string("url") else { return nil }
            return SyncSubscription(
                id: id, url: url, title: feed.string("title") ?? url, labels: feedLabels[id] ?? [],
                siteURL: feed.string("site_url").flatMap { $0.isEmpty ? nil : $0 })
        }
        return SyncSubscriptions(subscriptions: subscriptions, labels: labels)
    }

    public func changes(since state: SyncState) async throws(SyncError) -> SyncChanges {
        var since = state.maxItemID ?? SyncItemID(0)
        let first = try await callEach(
            ["items", "unread_item_ids", "saved_item_ids"], form: [(name: "since_id", value: since.description)])
        let unread = Set(Self.idList(first.string("unread_item_ids")))
        let saved = Set(Self.idList(first.string("saved_item_ids")))
        var page = first.objects("items").compactMap(Self.item)
        var items: [SyncItem] = []
        while true {
            let fresh = page.filter { $0.id > since }
            items += fresh
            guard let highest = fresh.map(\.id).max(), page.count >= Self.pageSize else { break }
            since = highest
            page = try await callEach(["items"], form: [(name: "since_id", value: since.description)]).objects("items")
                .compactMap(Self.item)
        }
        let maxID = ([state.maxItemID].compactMap { $0 } + items.map(\.id)).max()
        return SyncChanges(
            newItems: items, unreadIDs: unread, starredIDs: saved,
            state: SyncState(newestCrawlSeconds: state.newestCrawlSeconds, recent: state.recent, maxItemID: maxID))
    }

    public func send(_ edits: [SyncEdit]) async -> SyncSendOutcome {
        var confirmed: [SyncEdit] = []
        for edit in SyncEdit.lastOfEach(edits) {
            let verb = switch edit.action {
            case .read: "read"
            case .unread: "unread"
            case .star: "saved"
            case .unstar: "unsaved"
            }
            do {
                _ = try await call(
                    [],
                    form: [
                        (name: "mark", value: "item"), (name: "as", value: verb),
                        (name: "id", value: edit.itemID.description),
                    ])
            } catch {
                return SyncSendOutcome(confirmed: SyncEdit.settled(by: confirmed, in: edits), error: error)
            }
            confirmed.append(edit)
        }
        return SyncSendOutcome(confirmed: SyncEdit.settled(by: confirmed, in: edits), error: nil)
    }

    public func subscribe(url: String, title: String?, label: String?) async throws(SyncError) -> SyncSubscription {
        throw unsupported
    }

    public func unsubscribe(subscriptionID: String) async throws(SyncError) {
        throw unsupported
    }
}

extension FeverClient {
    private var unsupported: SyncError {
        .unsupported(
            service: http.name,
            what: "Fever cannot add or remove subscriptions; use the service's web page or its Google Reader API")
    }

    /// One call naming every operation of `query`, then one for each operation the answer left out:
    /// Miniflux answers one operation per request, and an id list left out must never read as empty
    /// (no article unread, none starred). Throws when an operation asked alone still gets no answer.
    private func callEach(_ query: [String], form: [(name: String, value: String)]) async throws(SyncError) -> JSONObject {
        var answer = try await call(query, form: form)
        for operation in query where !answer.has(operation) {
            let alone = try await call([operation], form: form)
            guard alone.has(operation) else {
                throw SyncError.badResponse(service: http.name, detail: "no '\(operation)' in the answer to ?api&\(operation)")
            }
            answer = answer.adding(alone)
        }
        return answer
    }

    /// One call: `?api` and the `query` words, posting the API key and `form`; checks `auth`.
    private func call(_ query: [String], form: [(name: String, value: String)]) async throws(SyncError) -> JSONObject {
        nextRequestID += 1
        let separator = http.endpoint.contains("?") ? "&" : "?"
        let url = http.endpoint + separator + (["api"] + query).joined(separator: "&")
        let request = FetchRequest(
            id: nextRequestID, url: url, method: .post, body: .form([(name: "api_key", value: apiKey)] + form),
            headers: [FetchHeader(name: "Accept", value: "application/json")])
        let result = try http.requireSuccess(try await http.send(request), user: credentials.user)
        let answer = try http.jsonObject(result)
        guard let auth = answer.int64("auth") else {
            throw SyncError.badResponse(service: http.name, detail: "no 'auth' field: not a Fever API answer")
        }
        guard auth == 1 else { throw SyncError.authRejected(service: http.name, user: credentials.user) }
        return answer
    }

    /// One entry of `items`; nil without an id.
    static func item(_ entry: JSONObject) -> SyncItem? {
        guard let id = entry.string("id").flatMap(SyncItemID.init) else { return nil }
        let created = entry.int64("created_on_time").flatMap { $0 > 0 ? Date(timeIntervalSince1970: Double($0)) : nil }
        return SyncItem(
            id: id, subscriptionID: entry.string("feed_id") ?? "", title: entry.string("title"),
            link: entry.string("url").flatMap { $0.isEmpty ? nil : $0 },
            author: entry.string("author").flatMap { $0.isEmpty ? nil : $0 }, published: created,
            contentHTML: entry.string("html"), read: entry.bool("is_read") ?? false,
            starred: entry.bool("is_saved") ?? false)
    }

    /// `"1,2,3"` → ids; anything that is not an id is skipped.
    static func idList(_ text: String?) -> [SyncItemID] {
        (text ?? "").split(separator: ",").compactMap { SyncItemID($0.trimmingCharacters(in: .whitespaces)) }
    }
}
