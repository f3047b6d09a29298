import FeedFetch
import Foundation

/// The HTTP side every client shares: one `FeedFetcher` for the account, the endpoint, and the
/// mapping of transport failures and statuses to `SyncError`.
struct ServiceHTTP: Sendable {
    let fetcher: FeedFetcher
    /// The endpoint as given (white space trimmed).
    let endpoint: String
    /// The endpoint without trailing slashes, for APIs that append paths to it.
    let base: String
    /// The endpoint as messages name it: no user information, query or fragment.
    let name: String
    let isValid: Bool

    init(endpoint: String, fetcher: FeedFetcher?) {
        let trimmed = endpoint.trimmingCharacters(in: .whitespacesAndNewlines)
        self.endpoint = trimmed
        var base = trimmed
        while base.hasSuffix("/") { base.removeLast() }
        self.base = base
        self.fetcher = fetcher ?? FeedFetcher(configuration: .sync)
        let shown = FetchRequest(id: 0, url: trimmed).description
        let plain = Self.plainURL(from: shown)
        name = plain
        let lower = trimmed.lowercased()
        isValid = lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// Sends one request; a transport failure becomes `unreachable`, an endpoint that is not http(s)
    /// `invalidEndpoint`. Statuses are left to the caller (401 means something per protocol).
    func send(_ request: FetchRequest) async throws(SyncError) -> FetchResult {
        guard isValid else { throw SyncError.invalidEndpoint(name) }
        guard let result = await fetcher.fetchAll([request]).first else {
            throw SyncError.unreachable(service: name, cause: FetchError.cancelled.description)
        }
        switch result.error {
        case nil, .httpStatus?, .gone?, .rateLimited?: return result
        case .timeout?, .connectFailed?, .dns?, .tls?, .truncated?, .cancelled?:
            throw SyncError.unreachable(service: name, cause: result.error?.description ?? "")
        case let error?:
            throw SyncError.badResponse(service: name, detail: error.description)
        }
    }

    /// `result` when its status is a success; otherwise the error it stands for (401 and 403 as
    /// `authRejected` for `user`).
    func requireSuccess(_ result: FetchResult, user: String) throws(SyncError) -> FetchResult {
        switch result.status {
        case 200..<300: return result
        case 401, 403: throw SyncError.authRejected(service: name, user: user)
        default: throw SyncError.serverError(service: name, status: result.status)
        }
    }

    /// The body as a JSON object, or the error that says why it is not one.
    func jsonObject(_ result: FetchResult) throws(SyncError) -> JSONObject {
        do {
            return try JSONObject(parsing: result.body)
        } catch {
            throw SyncError.badResponse(service: name, detail: error.description)
        }
    }

    /// `url` as shown by `FetchRequest.description`, without its query or fragment (a Fever URL has
    /// `?api`, and no query belongs in a message).
    private static func plainURL(from description: String) -> String {
        let prefix = "url: "
        guard let start = description.range(of: prefix) else { return description }
        var url = String(description[start.upperBound...].dropLast())
        if let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) { url = String(url[..<cut]) }
        return url
    }
}
