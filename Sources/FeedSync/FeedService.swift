import FeedFetch

/// One account on a feed service, reached through one protocol: `GoogleReaderClient` or `FeverClient`.
///
/// Calls run one at a time per client (it is an actor) and each makes as few requests as its protocol
/// allows; every failure is a `SyncError`. A client never retries a call except once after a login
/// that went stale, and never writes anything but what a call asks for.
public protocol FeedService: Actor {
    /// False for protocols that cannot add or remove subscriptions; `subscribe` and `unsubscribe` then
    /// throw `SyncError.unsupported`.
    nonisolated var canEditSubscriptions: Bool { get }

    /// The account's subscriptions and labels.
    func subscriptions() async throws(SyncError) -> SyncSubscriptions

    /// The items that are new since `state`, the unread and starred id sets, and the state to keep.
    func changes(since state: SyncState) async throws(SyncError) -> SyncChanges

    /// Sends local marks, in batches where the protocol allows; see `SyncSendOutcome`. Sending an edit
    /// twice has the same effect as once.
    func send(_ edits: [SyncEdit]) async -> SyncSendOutcome

    /// Subscribes the account to the feed at `url`, in `label` when given; returns the subscription.
    func subscribe(url: String, title: String?, label: String?) async throws(SyncError) -> SyncSubscription

    /// Removes the subscription with `subscriptionID` from the account.
    func unsubscribe(subscriptionID: String) async throws(SyncError)
}

extension FetchConfiguration {
    /// Limits for a sync client: one connection to the service, reused for every call, and the
    /// default body and time limits.
    public static var sync: FetchConfiguration {
        var configuration = FetchConfiguration()
        configuration.maxPerHost = 1
        configuration.maxConcurrent = 1
        return configuration
    }
}
