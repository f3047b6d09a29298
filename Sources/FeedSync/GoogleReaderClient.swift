import FeedFetch
import Foundation

/// An account on a service that speaks the Google Reader API (FreshRSS, Miniflux, Inoreader, The Old
/// Reader, BazQux), at its endpoint (e.g. `https://rss.example.org/api/greader.php`).
///
/// Logs in with ClientLogin (the password is posted, never put in a URL) and sends the `Auth` token
/// it gets on every call; `authToken` is worth keeping between runs. A call that meets a 401 logs in
/// again (and fetches a new write token) once, then gives up with `authRejected`.
public actor GoogleReaderClient: FeedService {
    /// The session token to keep between runs (nil until a login or when the server rejected it).
    public private(set) var authToken: SyncToken?
    private let credentials: SyncCredentials
    private let http: ServiceHTTP
    /// The `T` token edits need; fetched when the first edit is sent.
    private var writeToken: String?
    /// True when `authToken` came from a login during this client's life: a 401 then is final.
    private var loggedInNow = false
    private var nextRequestID: Int64 = 0

    /// Item ids per `stream/items/ids` page (smaller in tests, to walk continuations). Large, so that
    /// the unread ids of a big account come in one request; a server with a lower cap pages along `c`.
    private let idPageSize: Int
    /// Items per `stream/items/contents` request, and ids per `edit-tag` request.
    static let contentBatchSize = 100
    static let editBatchSize = 250

    public init(endpoint: String, credentials: SyncCredentials, authToken: SyncToken? = nil, fetcher: FeedFetcher? = nil) {
        self.init(endpoint: endpoint, credentials: credentials, authToken: authToken, fetcher: fetcher, idPageSize: 10_000)
    }

    init(endpoint: String, credentials: SyncCredentials, authToken: SyncToken?, fetcher: FeedFetcher?, idPageSize: Int) {
        self.credentials = credentials
        self.authToken = authToken
        self.idPageSize = max(1, idPageSize)
        http = ServiceHTTP(endpoint: endpoint, fetcher: fetcher)
    }

    public nonisolated var canEditSubscriptions: Bool { true }

    public func subscriptions() async throws(SyncError) -> SyncSubscriptions {
        let list = try await json(get: "subscription/list", query: [("output", "json")])
        // An answer without the list is no answer: read as empty, every feed would look unsubscribed.
        guard list.has("subscriptions") else {
            throw SyncError.badResponse(service: http.name, detail: "no 'subscriptions' in the subscription list")
        }
        let tags = try await json(get: "tag/list", query: [("output", "json")])
        let subscriptions = list.objects("subscriptions").compactMap { entry -> SyncSubscription? in
            guard let id = entry.string("id") else { return nil }
            let url = entry.string("url") ?? (id.hasPrefix("feed/") ? String(id.dropFirst(5)) : id)
            let labels = entry.objects("categories").compactMap { $0.string("label") ?? $0.string("id").flatMap(Self.labelName) }
            return SyncSubscription(
                id: id, url: url, title: entry.string("title") ?? url, labels: labels, siteURL: entry.string("htmlUrl"))
        }
        var labels = tags.objects("tags").compactMap { $0.string("id").flatMap(Self.labelName) }
        for label in subscriptions.flatMap(\.labels) where !labels.contains(label) { labels.append(label) }
        return SyncSubscriptions(subscriptions: subscriptions, labels: labels)
    }

    public func changes(since state: SyncState) async throws(SyncError) -> SyncChanges {
        var newQuery: [(String, String)] = []
        if let newest = state.newestCrawlSeconds { newQuery.append(("ot", String(newest - 1))) }
        let known = Set(state.recent.map(\.id))
        let newIDs = try await ids(stream: Self.readingList, extra: newQuery).filter { !known.contains($0) }
        let unread = try await ids(stream: Self.readingList, extra: [("xt", Self.readState)])
        let starred = try await ids(stream: Self.starredState, extra: [])
        var items: [SyncItem] = []
        for start in stride(from: 0, to: newIDs.count, by: Self.contentBatchSize) {
            let batch = newIDs[start..<min(start + Self.contentBatchSize, newIDs.count)]
            let fields = batch.map { (name: "i", value: $0.description) }
            let page = try await json(post: "stream/items/contents", query: [("output", "json")], form: fields, write: false)
            items += page.objects("items").compactMap(Self.item)
        }
        return SyncChanges(
            newItems: items, unreadIDs: Set(unread), starredIDs: Set(starred), state: Self.state(after: state, adding: items))
    }

    public func send(_ edits: [SyncEdit]) async -> SyncSendOutcome {
        let sent = SyncEdit.lastOfEach(edits)
        var confirmed: [SyncEdit] = []
        for action in SyncEdit.Action.allCases {
            let ids = sent.filter { $0.action == action }.map(\.itemID)
            for start in stride(from: 0, to: ids.count, by: Self.editBatchSize) {
                let batch = ids[start..<min(start + Self.editBatchSize, ids.count)]
                var form = batch.map { (name: "i", value: $0.description) }
                switch action {
                case .read: form.append((name: "a", value: Self.readState))
                case .unread: form.append((name: "r", value: Self.readState))
                case .star: form.append((name: "a", value: Self.starredState))
                case .unstar: form.append((name: "r", value: Self.starredState))
                }
                do {
                    try await expectOK(post: "edit-tag", form: form)
                } catch {
                    return SyncSendOutcome(confirmed: SyncEdit.settled(by: confirmed, in: edits), error: error)
                }
                confirmed += batch.map { SyncEdit(itemID: $0, action: action) }
            }
        }
        return SyncSendOutcome(confirmed: SyncEdit.settled(by: confirmed, in: edits), error: nil)
    }

    public func subscribe(url: String, title: String?, label: String?) async throws(SyncError) -> SyncSubscription {
        let added = try await json(post: "subscription/quickadd", query: [], form: [(name: "quickadd", value: url)], write: true)
        guard (added.int64("numResults") ?? 0) > 0, let streamID = added.string("streamId") else {
            throw SyncError.refused(service: http.name, detail: "could not subscribe to \(url)")
        }
        if title != nil || label != nil {
            var form = [(name: "ac", value: "edit"), (name: "s", value: streamID)]
            if let title { form.append((name: "t", value: title)) }
            if let label { form.append((name: "a", value: Self.labelPrefix + label)) }
            try await expectOK(post: "subscription/edit", form: form)
        }
        return SyncSubscription(
            id: streamID, url: added.string("query") ?? url, title: title ?? added.string("streamName") ?? url,
            labels: label.map { [$0] } ?? [])
    }

    public func unsubscribe(subscriptionID: String) async throws(SyncError) {
        let form = [(name: "ac", value: "unsubscribe"), (name: "s", value: subscriptionID)]
        try await expectOK(post: "subscription/edit", form: form)
    }
}

extension GoogleReaderClient {
    static let readingList = "user/-/state/com.google/reading-list"
    static let readState = "user/-/state/com.google/read"
    static let starredState = "user/-/state/com.google/starred"
    static let labelPrefix = "user/-/label/"

    /// Every id of `stream` (with `extra` filters), page by page along `c` continuations.
    private func ids(stream: String, extra: [(String, String)]) async throws(SyncError) -> [SyncItemID] {
        var all: [SyncItemID] = []
        var continuation: String?
        var seen = Set<String>()
        repeat {
            var query = [("s", stream), ("n", String(idPageSize)), ("output", "json")] + extra
            if let continuation { query.append(("c", continuation)) }
            let page = try await json(get: "stream/items/ids", query: query)
            all += page.objects("itemRefs").compactMap { $0.string("id").flatMap(SyncItemID.init) }
            continuation = page.string("continuation").flatMap { $0.isEmpty ? nil : $0 }
            if let token = continuation, !seen.insert(token).inserted { break }  // a server going round in circles
        } while continuation != nil
        return all
    }

    private func json(get path: String, query: [(String, String)]) async throws(SyncError) -> JSONObject {
        let result = try await call(path: path, query: query, form: nil, write: false)
        return try http.jsonObject(result)
    }

    private func json(post path: String, query: [(String, String)], form: [(name: String, value: String)], write: Bool)
        async throws(SyncError) -> JSONObject
    {
        let result = try await call(path: path, query: query, form: form, write: write)
        return try http.jsonObject(result)
    }

    /// Posts an edit that answers `OK`.
    private func expectOK(post path: String, form: [(name: String, value: String)]) async throws(SyncError) {
        let result = try await call(path: path, query: [], form: form, write: true)
        let text = String(decoding: result.body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard text == "OK" else {
            throw SyncError.badResponse(service: http.name, detail: "\(path) did not answer OK")
        }
    }

    /// One API call under `reader/api/0/`, logged in (and with the write token `T` when `write`);
    /// a 401 logs in again once.
    private func call(path: String, query: [(String, String)], form: [(name: String, value: String)]?, write: Bool)
        async throws(SyncError) -> FetchResult
    {
        var url = http.base + "/reader/api/0/" + path
        if !query.isEmpty {
            url += "?" + query.map { FetchBody.formEncoded($0.0) + "=" + FetchBody.formEncoded($0.1) }.joined(separator: "&")
        }
        var retried = false
        while true {
            let auth = try await session()
            var fields = form
            var result: FetchResult
            if write, let refused = try await fetchWriteToken(auth: auth) {
                result = refused
            } else {
                if write, let writeToken { fields = (fields ?? []) + [(name: "T", value: writeToken)] }
                result = try await http.send(request(url: url, auth: auth, form: fields))
            }
            if result.status == 401, !retried, !loggedInNow || write {
                retried = true
                writeToken = nil
                if !loggedInNow { authToken = nil }
                continue
            }
            if result.status == 401 { authToken = nil }
            return try http.requireSuccess(result, user: credentials.user)
        }
    }

    private func request(url: String, auth: SyncToken?, form: [(name: String, value: String)]?) -> FetchRequest {
        nextRequestID += 1
        var headers = [FetchHeader(name: "Accept", value: "application/json, text/plain;q=0.9, */*;q=0.1")]
        if let auth { headers.append(FetchHeader(name: "Authorization", value: "GoogleLogin auth=" + auth.value)) }
        return FetchRequest(
            id: nextRequestID, url: url, method: form == nil ? .get : .post, body: form.map(FetchBody.form),
            headers: headers)
    }

    /// The Auth token: the kept one, or a new one from ClientLogin.
    private func session() async throws(SyncError) -> SyncToken {
        if let authToken { return authToken }
        let form = [(name: "Email", value: credentials.user), (name: "Passwd", value: credentials.password)]
        let result = try await http.send(request(url: http.base + "/accounts/ClientLogin", auth: nil, form: form))
        if result.status == 400 { throw SyncError.authRejected(service: http.name, user: credentials.user) }
        let body = try http.requireSuccess(result, user: credentials.user).body
        let line = String(decoding: body, as: UTF8.self).split(whereSeparator: \.isNewline).first { $0.hasPrefix("Auth=") }
        guard let token = line.map({ String($0.dropFirst(5)) }), !token.isEmpty else {
            throw SyncError.badResponse(service: http.name, detail: "ClientLogin gave no Auth token")
        }
        authToken = SyncToken(token)
        loggedInNow = true
        return SyncToken(token)
    }

    /// Makes sure `writeToken` holds the token `T`, fetched once per client (again after a 401);
    /// returns the answer when it was a 401, for `call` to log in again.
    private func fetchWriteToken(auth: SyncToken) async throws(SyncError) -> FetchResult? {
        if writeToken != nil { return nil }
        let result = try await http.send(request(url: http.base + "/reader/api/0/token", auth: auth, form: nil))
        if result.status == 401 { return result }
        let body = try http.requireSuccess(result, user: credentials.user).body
        let token = String(decoding: body, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard !token.isEmpty, !token.contains("<") else {
            throw SyncError.badResponse(service: http.name, detail: "no write token")
        }
        writeToken = token
        return nil
    }

    /// `user/-/label/News` (or `user/1/label/News`, as Miniflux writes it) → `News`; states and
    /// other streams → nil.
    static func labelName(_ stream: String) -> String? {
        guard stream.hasPrefix("user/") else { return nil }
        let afterUser = stream.dropFirst(5).drop { $0 != "/" }
        guard afterUser.hasPrefix("/label/") else { return nil }
        let name = String(afterUser.dropFirst(7))
        return name.isEmpty ? nil : name
    }
}
