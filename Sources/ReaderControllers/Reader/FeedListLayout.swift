import FeedStore

/// A folder group row of the feed list: its name, its feeds' counts, and whether it is folded shut.
struct FolderSummary: Hashable {
    let name: String
    let feedCount: Int
    let unreadCount: Int
    let totalCount: Int
    let collapsed: Bool
}

/// Builds the rows of the feed list below "All unread" and "Starred", from the stored feeds and the
/// OPML order: in `.folders` mode rows for the tags that are no folder, then top-level feeds and
/// folder groups in file order (a folded group hides its feeds), feeds the file does not list (yet)
/// last by title; in `.alphabetical` mode (or
/// without a file) one row per tag, then the feeds by title. A value; pure.
struct FeedListLayout {
    enum Item: Hashable {
        case tag(TagSummary)
        case folder(FolderSummary)
        case feed(StoredFeed, indented: Bool)
    }

    var mode: FeedListMode
    /// Only feeds with this tag, flat and without tag or folder rows.
    var tagFilter: String?
    var collapsed: Set<String> = []
    /// Feeds without unread articles are left out (folders then count only what is shown).
    var hidesReadFeeds = false

    /// The feeds in the order the list shows them, folded groups included (`n` follows this order).
    func orderedFeeds(_ feeds: [StoredFeed], order: [FeedListOrder.Entry]?) -> [StoredFeed] {
        if let tagFilter { return feeds.filter { $0.tags.contains(tagFilter) } }
        return groups(feeds, order: order).flatMap(\.feeds)
    }

    /// The rows after the virtual ones.
    func items(_ feeds: [StoredFeed], tags: [TagSummary], order: [FeedListOrder.Entry]?) -> [Item] {
        let shown = hidesReadFeeds ? feeds.filter { $0.unreadCount > 0 } : feeds
        if let tagFilter {
            return shown.filter { $0.tags.contains(tagFilter) }.map { .feed($0, indented: false) }
        }
        guard mode == .folders, order != nil else {
            let tagRows = hidesReadFeeds ? tags.filter { $0.unreadCount > 0 } : tags
            return tagRows.map(Item.tag) + shown.map { .feed($0, indented: false) }
        }
        let grouped = groups(shown, order: order)
        // Tags that are no folder here (OPML categories, or folders whose feeds are all hidden) keep a row.
        let folders = Set(grouped.compactMap(\.folder))
        var items: [Item] = tags.filter { !folders.contains($0.tag) && (!hidesReadFeeds || $0.unreadCount > 0) }
            .map(Item.tag)
        for group in grouped {
            guard let name = group.folder else {
                items += group.feeds.map { .feed($0, indented: false) }
                continue
            }
            let folded = collapsed.contains(name)
            items.append(.folder(FolderSummary(
                name: name, feedCount: group.feeds.count, unreadCount: group.feeds.reduce(0) { $0 + $1.unreadCount },
                totalCount: group.feeds.reduce(0) { $0 + $1.totalCount }, collapsed: folded)))
            if !folded { items += group.feeds.map { .feed($0, indented: true) } }
        }
        return items
    }

    /// Feeds in runs: a top-level feed alone, a folder with all its feeds at the folder's first place.
    private func groups(_ feeds: [StoredFeed], order: [FeedListOrder.Entry]?) -> [(folder: String?, feeds: [StoredFeed])] {
        guard mode == .folders, let order else { return feeds.map { (nil, [$0]) } }
        var byURL: [String: StoredFeed] = [:]
        for feed in feeds { byURL[feed.url] = feed }
        var groups: [(folder: String?, feeds: [StoredFeed])] = []
        var folderIndex: [String: Int] = [:]
        var placed = Set<Int64>()
        for entry in order {
            guard let feed = byURL[entry.url], !placed.contains(feed.id) else { continue }
            placed.insert(feed.id)
            if let folder = entry.folder {
                if let index = folderIndex[folder] {
                    groups[index].feeds.append(feed)
                } else {
                    folderIndex[folder] = groups.count
                    groups.append((folder, [feed]))
                }
            } else {
                groups.append((nil, [feed]))
            }
        }
        // Stored but not in the file (added since it was read): last, in title order.
        groups += feeds.filter { !placed.contains($0.id) }.map { (nil, [$0]) }
        return groups
    }
}
