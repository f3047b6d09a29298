/// What one sync of one account did, or why it stopped: a one-line message naming the account (never a
/// password or token) and the exit status it stands for.
public struct AccountSyncResult: Sendable, Hashable {
    public let account: String
    /// Local marks the service confirmed.
    public var sent = 0
    /// Articles stored for the first time.
    public var newArticles = 0
    /// Articles whose read or starred mark the service changed.
    public var marksTaken = 0
    /// Local marks still waiting for the service.
    public var waiting = 0
    public var failure: AccountSyncFailure?

    public init(account: String) {
        self.account = account
    }
}

/// Why an account's sync stopped: one line for standard error and its exit status (69 unreachable or
/// a server error, 76 an answer that is no API answer, 77 a rejected password, 78 a config problem).
public struct AccountSyncFailure: Error, Sendable, Hashable, CustomStringConvertible {
    public let message: String
    public let status: ExitStatus

    public var description: String { message }
}
