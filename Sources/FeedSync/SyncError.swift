import FeedFetch

/// Why a call to a feed service failed, in the terms a caller acts on. Every description is one line
/// that names the service (its endpoint without credentials or query) and never holds a password,
/// an API key or a token.
///
/// Suggested exit statuses: `unreachable` and `serverError` 69, `authRejected` 77, `badResponse` 76,
/// `unsupported` 69, `invalidEndpoint` 78.
public enum SyncError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No answer: the connection, DNS, TLS or a timeout failed (`cause` says which).
    case unreachable(service: String, cause: String)
    /// The service refused the user name and password (or API key), also after one fresh login.
    case authRejected(service: String, user: String)
    /// The service answered with an HTTP error status.
    case serverError(service: String, status: Int)
    /// The answer is not what the protocol promises: broken JSON, an HTML page, a missing field.
    case badResponse(service: String, detail: String)
    /// The protocol has no way to do this (Fever cannot add or remove subscriptions).
    case unsupported(service: String, what: String)
    /// The service said no to a request it understood (e.g. a feed it could not subscribe to).
    case refused(service: String, detail: String)
    /// The endpoint is not an http or https URL.
    case invalidEndpoint(String)

    public var description: String {
        switch self {
        case .unreachable(let service, let cause): "\(service): cannot reach the server: \(cause)"
        case .authRejected(let service, let user):
            "\(service): the server rejected the password of user '\(user)'; "
                + "check the account's password (an API password on most services)"
        case .serverError(let service, let status): "\(service): the server answered HTTP status \(status)"
        case .badResponse(let service, let detail): "\(service): unexpected answer: \(detail)"
        case .unsupported(let service, let what): "\(service): \(what)"
        case .refused(let service, let detail): "\(service): the server refused: \(detail)"
        case .invalidEndpoint(let url): "\(url): not an http or https URL; give the API endpoint itself"
        }
    }
}

/// A user name and password for a feed service: FeedFetch's credentials, whose password no
/// description or mirror shows.
public typealias SyncCredentials = FetchCredentials

/// A session token a service gave at login (Google Reader's `Auth`); worth keeping between runs (in a
/// file only the user can read) so a sync need not log in again. Hidden from every description and mirror.
public struct SyncToken: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var value: String

    public init(_ value: String) {
        self.value = value
    }

    public var description: String { "<token>" }
    public var customMirror: Mirror { Mirror(self, children: ["value": "<hidden>"]) }
}
