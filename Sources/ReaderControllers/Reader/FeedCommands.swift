import FeedStore
import Foundation
import TidingsText

/// Changes to the feed list made from the reader — add a feed, edit one, unsubscribe — through the
/// same `SubscriptionsController` as `tidings feeds` (the OPML file stays the source of truth, written
/// atomically, and the store follows it); and "mark all read" with its undo. Each asks on the prompt
/// line and reports there. Main actor only.
@MainActor
struct FeedCommands {
    let context: ReaderContext
    /// Runs after the store changed (the caller reloads what it shows).
    let didChange: () -> Void
    /// Where a picker goes when a page links to several feeds.
    weak var navigation: NavigationController?

    /// Asks for a URL, adds the feed in the background (fetching it first; a web page's feed is
    /// discovered), then refreshes it.
    func add() {
        guard let subscriptions = available() else { return }
        context.actions?.beginPrompt("Add feed (URL or web page): ", initial: "") { [self] typed in
            let url = typed.trimmingCharacters(in: .whitespaces)
            guard !url.isEmpty else { return }
            add(url, subscriptions: subscriptions)
        }
    }

    /// Adds the feed at `url` in the background, then refreshes it; a page linking to several feeds
    /// opens a picker, and the feed chosen there is added the same way.
    private func add(_ url: String, subscriptions: SubscriptionsController) {
        let (context, didChange, navigation) = (context, didChange, navigation)
        context.actions?.runInBackground("Adding \(ReaderFormat.clean(url))…", {
            try await subscriptions.add(FeedAddRequest(url: url)).url
        }) { result in
            switch result {
            case .success(let added):
                Self.followList(subscriptions, context: context)
                didChange()
                let title = (context.attempt { try context.store.feed(url: added) } ?? nil)?.displayTitle ?? added
                context.actions?.refresh(feedURLs: [added])
                context.actions?.showMessage("Added \(ReaderFormat.clean(title)); refreshing it.", isError: false)
            case .failure(let error):
                if case .severalFeeds(_, let feeds)? = error.underlying as? SubscriptionsError, let navigation {
                    let picker = PickerViewController.feeds(context: context, page: url, feeds: feeds) { chosen in
                        _ = navigation.pop()
                        var commands = FeedCommands(context: context, didChange: didChange)
                        commands.navigation = navigation
                        commands.add(chosen.url, subscriptions: subscriptions)
                    }
                    navigation.push(picker)
                    context.actions?.showMessage("\(feeds.count) feeds found: choose one (Enter), or go back.", isError: false)
                    return
                }
                context.actions?.showMessage("Not added: \(error)", isError: true)
            }
        }
    }

    /// Asks for the title, then the tags (comma-separated; the first is the folder), then the
    /// refresh interval, then whether to fetch full texts, each prefilled, and saves them.
    func edit(_ feed: StoredFeed) {
        guard let subscriptions = available() else { return }
        let actions = context.actions
        let fullText = (try? subscriptions.isFullText(feed.url)) ?? false
        actions?.beginPrompt("Title (empty: the feed's own): ", initial: feed.title ?? "") { [context, didChange] title in
            actions?.beginPrompt("Tags, comma-separated (the first is the folder): ", initial: feed.tags.joined(separator: ", ")) { tags in
                let interval = feed.refreshInterval.map(DurationText.format) ?? ""
                actions?.beginPrompt("Refresh interval (30m, 6h, 1d; empty: automatic): ", initial: interval) { typed in
                    let trimmed = typed.trimmingCharacters(in: .whitespaces)
                    var seconds: TimeInterval?
                    if !trimmed.isEmpty {
                        guard let parsed = DurationText.parse(trimmed, bareNumberUnit: 60), parsed > 0 else {
                            actions?.showMessage("Not changed: '\(ReaderFormat.clean(trimmed))' is no interval (30m, 6h, 1d).", isError: true)
                            return
                        }
                        seconds = parsed
                    }
                    actions?.beginPrompt("Full text of new articles (yes/no): ", initial: fullText ? "yes" : "no") { answer in
                        let answer = answer.trimmingCharacters(in: .whitespaces).lowercased()
                        guard let wanted = ["yes": true, "y": true, "no": false, "n": false][answer] else {
                            actions?.showMessage("Not changed: answer yes or no for full text.", isError: true)
                            return
                        }
                        let newTitle = title.trimmingCharacters(in: .whitespaces)
                        let newTags = tags.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
                        do {
                            try subscriptions.edit(
                                feed.url, title: newTitle.isEmpty ? nil : newTitle, tags: newTags, refreshInterval: seconds,
                                fullText: wanted == fullText ? nil : wanted)
                            Self.followList(subscriptions, context: context)
                            didChange()
                            actions?.showMessage("Saved \(ReaderFormat.clean(newTitle.isEmpty ? feed.displayTitle : newTitle)).", isError: false)
                        } catch {
                            context.report(error)
                        }
                    }
                }
            }
        }
    }

    /// Asks, naming what goes with the feed, then removes it from the list and the store.
    func unsubscribe(_ feed: StoredFeed) {
        guard let subscriptions = available() else { return }
        let starred = (context.attempt {
            try context.store.articlePage(ArticleQuery(feedIDs: [feed.id], starredOnly: true), offset: 0, limit: 0).total
        }) ?? 0
        let name = ReaderFormat.clean(feed.displayTitle)
        let loss = "its \(feed.totalCount) article\(feed.totalCount == 1 ? "" : "s")"
            + (starred > 0 ? ", \(starred) of them starred," : "")
        context.actions?.ask("Unsubscribe from \(name) and delete \(loss)?") { [context, didChange] yes in
            guard yes else {
                context.actions?.showMessage("Kept \(name).", isError: false)
                return
            }
            do {
                try subscriptions.remove(feed.url)
                Self.followList(subscriptions, context: context)
                didChange()
                context.actions?.showMessage("Unsubscribed from \(name).", isError: false)
            } catch {
                context.report(error)
            }
        }
    }

    /// Marks every unread article of `query` read, remembering which, so `U` can undo it.
    func markAllRead(_ query: ArticleQuery, what: String) {
        var unread = query
        unread.unreadOnly = true
        guard let ids = context.attempt({
            try context.store.articleSummaries(unread, offset: 0, limit: Int(Int32.max)).map(\.id)
        }), context.attempt({ try context.store.setRead(true, articleIDs: ids) }) != nil else { return }
        context.undoableMarks = ids.isEmpty ? context.undoableMarks : UndoableMarks(articleIDs: ids, what: what)
        didChange()
        let undo = context.config.keys.keys(for: .undo).first.map { " (\($0.name) undoes)" } ?? ""
        context.actions?.showMessage(
            "Marked \(ids.count) article\(ids.count == 1 ? "" : "s") read in \(what)" + (ids.isEmpty ? "." : "." + undo),
            isError: false)
    }

    /// Makes the articles of the last "mark all read" unread again.
    func undo() {
        guard let marks = context.undoableMarks else {
            context.actions?.showMessage("Nothing to undo.", isError: false)
            return
        }
        guard let changed = context.attempt({ try context.store.setRead(false, articleIDs: marks.articleIDs) }) else { return }
        context.undoableMarks = nil
        didChange()
        context.actions?.showMessage(
            "Undone: \(changed) article\(changed == 1 ? " is" : "s are") unread again in \(marks.what).", isError: false)
    }

    /// The feeds the reader shows are the list's: read them again after the list changed.
    private static func followList(_ subscriptions: SubscriptionsController, context: ReaderContext) {
        if let scope = context.attempt({ try subscriptions.sync() }) { context.scope = scope }
    }

    private func available() -> SubscriptionsController? {
        guard let subscriptions = context.subscriptions else {
            context.actions?.showMessage("Changing feeds needs the feed list file.", isError: true)
            return nil
        }
        return subscriptions
    }
}
