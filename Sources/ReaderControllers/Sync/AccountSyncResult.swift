/// What one sync of one account did, or why it stopped: a one-line message naming the account (never a
/// password or token) and the exit status it stands for.
public struct AccountSyncResult: Sendable, Hashable, Encodable {
    public let account: String
    /// Local marks the service confirmed.
    package var sent = 0
    /// Articles stored for the first time.
    public var newArticles = 0
    /// Articles whose read or starred mark the service changed.
    package var marksTaken = 0
    /// Local marks still waiting for the service.
    public var waiting = 0
    /// Feeds the service no longer has (unsubscribed elsewhere), taken away here with their stars kept.
    package var feedsGone = 0
    public var failure: AccountSyncFailure?

    package init(account: String) {
        self.account = account
    }

    /// `refresh --json`: `{name, status ("synced" or "failed"), new, sent, marks, waiting, feeds_gone,
    /// error, exit_status}`; `error` and `exit_status` only for a failure.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: Keys.self)
        try container.encode(account, forKey: .name)
        try container.encode(failure == nil ? "synced" : "failed", forKey: .status)
        try container.encode(newArticles, forKey: .new)
        try container.encode(sent, forKey: .sent)
        try container.encode(marksTaken, forKey: .marks)
        try container.encode(waiting, forKey: .waiting)
        try container.encode(feedsGone, forKey: .feedsGone)
        try container.encodeIfPresent(failure?.message, forKey: .error)
        try container.encodeIfPresent(failure?.status.rawValue, forKey: .exitStatus)
    }

    private enum Keys: String, CodingKey {
        case name, status, new, sent, marks, waiting, error
        case feedsGone = "feeds_gone"
        case exitStatus = "exit_status"
    }
}

/// Why an account's sync stopped: one line for standard error and its exit status (69 unreachable or
/// a server error, 76 an answer that is no API answer, 77 a rejected password, 78 a config problem).
public struct AccountSyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public let status: ExitStatus

    public var description: String { message }
}
