/// What the reader's status line says about its accounts: `home: syncing` while a sync runs,
/// `home: offline, 12 changes waiting` after one failed (until one succeeds), nothing when all is well.
/// A value owned by the main actor's `ReaderApplication`.
struct ReaderAccountStatus {
    /// Why an account's last sync failed, as the status line words it.
    enum Trouble: Equatable {
        case offline, passwordRejected, failed

        init(_ failure: AccountSyncFailure) {
            switch failure.status {
            case .unavailable: self = .offline
            case .noPermission: self = .passwordRejected
            default: self = .failed
            }
        }

        var text: String {
            switch self {
            case .offline: "offline"
            case .passwordRejected: "password rejected"
            case .failed: "sync failed"
            }
        }
    }

    private enum State: Equatable {
        case syncing
        case trouble(Trouble, waiting: Int)
    }

    /// Account names in config order, so the line keeps its order.
    private let order: [String]
    private var states: [String: State] = [:]
    /// Set by a key (the only way the reader makes marks), cleared when the counts are read again, so
    /// frames drawn for progress or wakeups never query the outbox.
    private var countsMayBeStale = false

    init(accounts: [String]) {
        order = accounts
    }

    /// The names of the accounts in trouble.
    var troubled: [String] {
        order.filter { if case .trouble = states[$0] { true } else { false } }
    }

    /// A key was handled: it may have made marks, which queue for the accounts in trouble.
    mutating func marksMayHaveChanged() {
        countsMayBeStale = true
    }

    /// The accounts whose waiting counts are worth reading again now (none after the last reading,
    /// until a key may have made marks); clears the need.
    mutating func takeAccountsToRecount() -> [String] {
        guard countsMayBeStale else { return [] }
        countsMayBeStale = false
        return troubled
    }

    mutating func syncing(_ names: [String]) {
        for name in names { states[name] = .syncing }
    }

    /// Records each result: a failure stays shown, a success clears the account.
    mutating func finished(_ results: [AccountSyncResult]) {
        for result in results {
            states[result.account] = result.failure.map { .trouble(Trouble($0), waiting: result.waiting) }
        }
        // An account a sync did not reach (cancelled, locked) is no longer syncing.
        for (name, state) in states where state == .syncing { states[name] = nil }
    }

    mutating func setWaiting(_ count: Int, account: String) {
        if case .trouble(let trouble, _) = states[account] { states[account] = .trouble(trouble, waiting: count) }
    }

    /// The status line's text; nil when all is well.
    var text: String? {
        let parts = order.compactMap { name -> String? in
            switch states[name] {
            case nil: return nil
            case .syncing: return "\(name): syncing"
            case .trouble(let trouble, let waiting):
                guard waiting > 0 else { return "\(name): \(trouble.text)" }
                return "\(name): \(trouble.text), \(waiting) change\(waiting == 1 ? "" : "s") waiting"
            }
        }
        return parts.isEmpty ? nil : ReaderFormat.clean(parts.joined(separator: "; "))
    }
}
