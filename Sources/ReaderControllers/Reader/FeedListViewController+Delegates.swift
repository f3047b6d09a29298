import Foundation
import FeedStore
import TerminalView

// The feed list as its table's data source and delegate, and as the delegate of the views it opens.
extension FeedListViewController: TableViewDataSource {
    package func numberOfRows(in tableView: TableView) -> Int {
        rows.count
    }

    package func tableView(_ tableView: TableView, rowAt index: Int) -> TableRow {
        guard case .feed(let feed, _) = rows[index] else { return rows[index].tableRow(theme: context.config.theme) }
        if storedFeeds[feed.id] == nil { readPage(from: index) }
        return rows[index].tableRow(theme: context.config.theme, feed: storedFeeds[feed.id])
    }
}

extension FeedListViewController: TableViewDelegate {
    package func tableView(_ tableView: TableView, didChooseRow row: Int) {
        guard row < rows.count else { return }
        if case .folder = rows[row] {
            // The table is still changing `tableState`: fold once it is done.
            folderToggleIsPending = true
            return
        }
        _ = openList(for: rows[row])
    }

    package func tableView(_ tableView: TableView, didSelectRow row: Int) {
        guard row < rows.count, case .feed(let feed, _) = rows[row], let error = storedFeed(feed.id)?.fetchState.lastError
        else { return }
        context.actions?.showMessage("Last fetch failed: \(ReaderFormat.clean(error))", isError: true)
    }
}

extension FeedListViewController: ArticleListViewControllerDelegate {
    package func articleListViewControllerDidChangeMarks(_ controller: ArticleListViewController) {
        countsAreStale = true
    }

    package func articleList(_ controller: ArticleListViewController, unreadFeedAfter feedID: Int64, backward: Bool)
        -> StoredFeed?
    {
        let candidates = Self.feeds(in: listed(feeds), after: feedID, backward: backward)
        guard let found = context.attempt({ try context.store.firstFeedWithUnread(among: candidates.map(\.id)) }),
              let nextID = found, let next = storedFeed(nextID)
        else { return nil }
        if let index = rows.firstIndex(where: { $0.identity == "feed:\(next.id)" }) { tableState.selectedRow = index }
        countsAreStale = true
        return next
    }
}
