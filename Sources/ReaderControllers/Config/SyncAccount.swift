import Foundation

/// One `[[account]]` of config.toml: a feed-service account Tidings syncs with. Holds where the password
/// is, never the password itself; no description shows more than the name, type and endpoint.
public struct SyncAccount: Sendable, Hashable, CustomStringConvertible {
    /// The protocol the account speaks.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        case greader, fever
    }

    /// Where the password comes from: a command's first line of output, or a file only the user reads.
    public enum PasswordSource: Sendable, Hashable {
        case command(String)
        case file(String)
    }

    public let name: String
    public let kind: Kind
    /// The API endpoint itself (`…/api/greader.php`, `…/api/fever.php`).
    public let url: String
    public let user: String
    public let password: PasswordSource

    package init(name: String, kind: Kind, url: String, user: String, password: PasswordSource) {
        self.name = name
        self.kind = kind
        self.url = url
        self.user = user
        self.password = password
    }

    public var description: String { "account \(name) (\(kind.rawValue), \(url))" }

    /// The one-line warning for an endpoint reached over plain http on another host than loopback
    /// (the password crosses the network readable); nil otherwise.
    public var plainHTTPWarning: String? {
        guard let components = URLComponents(string: url), components.scheme?.lowercased() == "http" else { return nil }
        let host = (components.host ?? "").lowercased()
        if host == "localhost" || host == "::1" || host == "[::1]" || host.hasPrefix("127.") { return nil }
        return "account \(name): \(url) is plain http: the password and marks cross the network unencrypted; "
            + "use https"
    }
}
