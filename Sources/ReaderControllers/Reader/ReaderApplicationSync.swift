import FeedStore
import Foundation

// The accounts sync in a detached task, as a refresh does, reporting through the mailbox: at start (the
// due ones) and after `R` (all). Keys keep working meanwhile; marks made here wait in the outbox.
extension ReaderApplication {
    /// Starts a background sync of the due accounts (`dueOnly`) or of all of them, unless one runs.
    func syncAccounts(dueOnly: Bool) {
        guard let accountSync, syncTask == nil else { return }
        let mailbox = self.mailbox
        let again = context.config.keys.keys(for: .refreshAll).first?.name ?? "the refresh key"
        syncTask = Task.detached {
            let chosen = dueOnly ? accountSync.due() : accountSync.accounts
            guard !chosen.isEmpty else { return mailbox.post(.synced([], scope: nil, problem: nil)) }
            mailbox.post(.syncing(chosen.map(\.name)))
            do {
                let (results, scope) = try await accountSync.run(chosen, listing: !dueOnly)
                mailbox.post(.synced(results, scope: scope, problem: nil))
            } catch RefreshError.locked(_) {
                // At start, cron syncing the same accounts is no problem; after `R` it is worth a word.
                let problem = dueOnly ? nil : "another refresh is running (cron or another window); press \(again) again when it is done"
                mailbox.post(.synced([], scope: nil, problem: problem))
            } catch {
                mailbox.post(.synced([], scope: nil, problem: CommandFailure(error).message))
            }
        }
    }

    /// Applies a notice of the background sync.
    func takeSyncNotice(_ notice: ReaderNotice) {
        switch notice {
        case .syncing(let names):
            accountStatus.syncing(names)
        case .synced(let results, let scope, let problem):
            syncTask = nil
            accountStatus.finished(results)
            if let scope { context.scope = scope }
            let failures = results.compactMap(\.failure)
            if let problem {
                message = ("Sync failed: \(problem)", true)
            } else if let first = failures.first {
                message = ("Sync failed: \(first.message)", true)
            }
            if !results.isEmpty {
                navigation.topViewController?.storeDidChange()
            }
        default:
            break
        }
    }

    /// The account part of the status line, with the waiting counts of failing accounts brought up to
    /// date after a key (marks made since the failure queue too).
    func accountStatusText() -> String? {
        if let accountSync {
            for name in accountStatus.takeAccountsToRecount() {
                if let count = accountSync.waiting(account: name) { accountStatus.setWaiting(count, account: name) }
            }
        }
        return accountStatus.text
    }
}
