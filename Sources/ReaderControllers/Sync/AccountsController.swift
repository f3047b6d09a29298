import FeedModel
import FeedStore
import FeedSync
import Foundation

/// The subscriptions and accounts of feed services, changed from the command line: `feeds add
/// --account`, `feeds remove` of an account's feed, `account list` and `account remove`.
///
/// A subscription is changed on the service first and then in the store, so a failure on the way
/// (unreachable, refused, Fever) leaves the store as it was. Taking a feed away keeps its starred
/// articles (`FeedStore.detachAccountFeeds`). The local feed list is never touched. Every change to
/// the store waits for a running refresh (the refresh lock): its sync writes the same rows, and one
/// that read the account before the change would write it back, or its sync state without them.
///
/// Threading: every method may be called from any task.
public final class AccountsController: Sendable {
    private let environment: AppEnvironment
    private let accounts: [SyncAccount]

    /// `accounts`: the `[[account]]`s of config.toml.
    public init(environment: AppEnvironment, accounts: [SyncAccount]) {
        self.environment = environment
        self.accounts = accounts
    }

    /// Subscribes the account `name` to the feed at `url` on its service (Google Reader API:
    /// `quickadd`, in `folder` as a label), then stores the feed; its articles come with the next sync.
    public func subscribe(url: String, account name: String, title: String?, folder: String?) async throws
        -> SubscriptionItem
    {
        let account = try configured(name)
        guard account.kind == .greader else {
            throw CommandFailure(
                message: "account \(account.name) (fever): the Fever API cannot add subscriptions; subscribe on the "
                    + "service's web page (the feed comes with the next refresh) or use its Google Reader API endpoint",
                status: .unavailable)
        }
        let subscription = try await service(account) { service in
            try await service.subscribe(url: url, title: title, label: folder)
        }
        let entry = AccountFeedEntry(
            subscriptionID: subscription.id, url: subscription.url, title: subscription.title,
            siteURL: subscription.siteURL, labels: subscription.labels)
        let ids = try await underRefreshLock { try environment.store.syncAccountFeeds(account: account.name, [entry]) }
        guard let id = ids[subscription.id], let feed = try environment.store.feed(id: id) else {
            throw CommandFailure(message: "account \(account.name): \(url) was subscribed but not stored", status: .ioError)
        }
        return SubscriptionItem(feed, listed: true)
    }

    /// The account feed `name` names, by URL (compared as feed URLs are) or else by title; nil when none.
    public func feed(named name: String) throws -> AccountFeed? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        let feeds = try environment.store.accountFeeds()
        var matches = feeds.filter { FeedURL.same($0.url, trimmed) }
        if matches.isEmpty { matches = feeds.filter { $0.title.caseInsensitiveCompare(trimmed) == .orderedSame } }
        guard matches.count <= 1 else { throw SubscriptionsError.ambiguous(name: trimmed, urls: matches.map(\.url)) }
        return matches.first
    }

    /// Unsubscribes the account on its service from `feed`, then takes the feed away here, its
    /// starred articles kept. A feed already kept only for its stars is deleted with them.
    public func remove(_ feed: AccountFeed) async throws -> AccountFeedRemoval {
        guard let subscriptionID = feed.subscriptionID else {
            return try await underRefreshLock { try environment.store.detachAccountFeeds(ids: [feed.id], keepingStars: false) }
        }
        guard let account = accounts.first(where: { $0.name == feed.account }) else {
            throw CommandFailure(
                message: "\(feed.title): its account \(feed.account) is not in \(environment.paths.config); "
                    + "add its [[account]] back to unsubscribe on the service, or run `tidings account remove \(feed.account)`",
                status: .config)
        }
        guard account.kind == .greader else {
            throw CommandFailure(
                message: "account \(account.name) (fever): the Fever API cannot remove subscriptions; unsubscribe on "
                    + "the service's web page (the feed goes with the next refresh that reads the list: `tidings refresh --all`)",
                status: .unavailable)
        }
        try await service(account) { service in try await service.unsubscribe(subscriptionID: subscriptionID) }
        return try await underRefreshLock { try environment.store.detachAccountFeeds(ids: [feed.id]) }
    }

    /// The accounts of the config, then those only the store still holds, by name; never a password.
    public func list() throws -> [AccountListItem] {
        let stored = try environment.store.storedAccounts()
        var items = accounts.map { account in
            AccountListItem(account: account, stored: stored.first { $0.name == account.name })
        }
        for account in stored where !accounts.contains(where: { $0.name == account.name }) {
            items.append(AccountListItem(stored: account))
        }
        return items
    }

    /// What `remove(account:)` would delete, to ask the user first; nil when the store holds nothing of it.
    public func stored(account name: String) throws -> StoredAccount? {
        try environment.store.storedAccounts().first { $0.name == name }
    }

    /// Deletes what the store holds of the account `name` (`FeedStore.removeAccount`), once no refresh
    /// runs: config.toml is left as it is. Throws when the store holds nothing of it.
    public func remove(account name: String, keepingStars: Bool) async throws -> AccountFeedRemoval {
        let removal = try await underRefreshLock {
            guard try stored(account: name) != nil else {
                throw CommandFailure(
                    message: "no account \(name) in the database \(environment.paths.database) (see `tidings account list`)",
                    status: .partialFailure)
            }
            return try environment.store.removeAccount(name, keepingStars: keepingStars)
        }
        if let account = accounts.first(where: { $0.name == name }), account.kind == .greader {
            SyncTokenFile(account: account).write(nil)
        }
        return removal
    }

    /// Runs `body` holding the refresh lock, after a running refresh (and its sync) ended.
    private func underRefreshLock<T>(_ body: () throws -> T) async throws -> T {
        let lock = try await RefreshLock.acquire(path: environment.paths.refreshLock, wait: true)
        defer { lock.release() }
        return try body()
    }

    /// The `[[account]]` named `name`, or the usage failure that lists the names there are.
    private func configured(_ name: String) throws -> SyncAccount {
        if let account = accounts.first(where: { $0.name == name }) { return account }
        let known = accounts.isEmpty ? "it has none" : "it has " + accounts.map(\.name).joined(separator: ", ")
        throw CommandFailure(
            message: "--account \(name): no such [[account]] in \(environment.paths.config) (\(known))", status: .usage)
    }

    /// Runs `body` with the account's client, turning its failures into the command's one line.
    private func service<T>(_ account: SyncAccount, _ body: (any FeedService) async throws -> T) async throws -> T {
        do {
            return try await AccountService.with(account, environment: environment, body)
        } catch let error as SyncError {
            let failure = SyncController.failure(account, error)
            throw CommandFailure(message: failure.message, status: failure.status)
        } catch let failure as AccountSyncFailure {
            throw CommandFailure(message: failure.message, status: failure.status)
        }
    }
}

/// One account as `tidings account list` shows it: from config.toml and the store. Holds no password.
public struct AccountListItem: Sendable, Hashable, Encodable {
    public let name: String
    /// `greader` or `fever`; nil for an account only the store still holds.
    public let type: String?
    /// The endpoint without any user information.
    public let url: String?
    public let lastSync: Date?
    public let waiting: Int
    public let feeds: Int
    package let inConfig: Bool

    init(account: SyncAccount, stored: StoredAccount?) {
        name = account.name
        type = account.kind.rawValue
        var components = URLComponents(string: account.url)
        components?.user = nil
        components?.password = nil
        url = components?.string ?? account.url
        lastSync = stored?.syncedAt
        waiting = stored?.waiting ?? 0
        feeds = stored?.feeds ?? 0
        inConfig = true
    }

    init(stored: StoredAccount) {
        name = stored.name
        type = nil
        url = nil
        lastSync = stored.syncedAt
        waiting = stored.waiting
        feeds = stored.feeds
        inConfig = false
    }

    private enum CodingKeys: String, CodingKey {
        case name, type, url, waiting, feeds
        case lastSync = "last_sync"
        case inConfig = "in_config"
    }
}
