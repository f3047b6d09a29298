import FeedStore

/// A folder group row of the feed list: its path of folder names (outermost first), the feeds below
/// it at any depth (hidden ones too) and the counts of those shown, and whether it is folded shut.
struct FolderSummary: Hashable {
    let path: [String]
    let feedIDs: [Int64]
    let feedCount: Int
    let unreadCount: Int
    let totalCount: Int
    let collapsed: Bool

    /// The folder's own name (the last of its path).
    var name: String { path.last ?? "" }
    /// How many folders it sits in (0 at the top level).
    var depth: Int { path.count - 1 }
    /// The path as one string, to remember what is folded and which row is selected.
    var key: String { FolderSummary.key(path) }

    static func key(_ path: [String]) -> String {
        path.joined(separator: "\u{1F}")
    }
}

/// Builds the rows of the feed list below "All unread" and "Starred", from the stored feeds and the
/// OPML order: in `.folders` mode rows for the tags that are no folder, then top-level feeds and
/// folder groups in file order, nested folders as groups inside their folder (a folded group hides
/// everything below it), feeds the file does not list (yet) last by title; in `.alphabetical` mode
/// (or without a file) one row per tag, then the feeds by title. A value; pure.
struct FeedListLayout {
    enum Item: Hashable {
        case tag(TagSummary)
        case folder(FolderSummary)
        /// A feed and how many folders it sits in (0 at the top level).
        case feed(FeedSummary, depth: Int)
    }

    /// A top-level feed or folder group, or one inside a group; a feed by its index in the feeds the
    /// tree was built from (so that building the tree of thousands of feeds copies none of them).
    private enum Node {
        case feed(Int)
        indirect case folder(path: [String], children: [Node])

        /// The indexes of the feeds at or below this node, in order.
        var feedIndexes: [Int] {
            switch self {
            case .feed(let index): [index]
            case .folder(_, let children): children.flatMap(\.feedIndexes)
            }
        }
    }

    var mode: FeedListMode
    /// Only feeds with this tag, flat and without tag or folder rows.
    var tagFilter: String?
    /// The keys (`FolderSummary.key`) of the folders folded shut.
    var collapsed: Set<String> = []
    /// Feeds without unread articles are left out (folders then count only what is shown).
    var hidesReadFeeds = false

    /// The feeds in the order the list shows them, folded groups included (`n` follows this order).
    func orderedFeeds(_ feeds: [FeedSummary], order: [FeedListOrder.Entry]?) -> [FeedSummary] {
        if let tagFilter { return feeds.filter { $0.tags.contains(tagFilter) } }
        return tree(feeds, order: order).flatMap(\.feedIndexes).map { feeds[$0] }
    }

    /// The rows after the virtual ones.
    func items(_ feeds: [FeedSummary], tags: [TagSummary], order: [FeedListOrder.Entry]?) -> [Item] {
        let shown = hidesReadFeeds ? feeds.filter { $0.unreadCount > 0 } : feeds
        if let tagFilter {
            return shown.filter { $0.tags.contains(tagFilter) }.map { .feed($0, depth: 0) }
        }
        guard mode == .folders, order != nil else {
            let tagRows = hidesReadFeeds ? tags.filter { $0.unreadCount > 0 } : tags
            return tagRows.map(Item.tag) + shown.map { .feed($0, depth: 0) }
        }
        let nodes = tree(feeds, order: order)
        let isShown: (Int) -> Bool = { !hidesReadFeeds || feeds[$0].unreadCount > 0 }
        // Tags that are no folder here (OPML categories, or folders whose feeds are all hidden) keep a row.
        var folders = Set<String>()
        func collectNames(_ nodes: [Node]) {
            for case .folder(let path, let children) in nodes {
                if !children.flatMap(\.feedIndexes).contains(where: isShown) { continue }
                folders.formUnion(path)
                collectNames(children)
            }
        }
        collectNames(nodes)
        var items: [Item] = tags.filter { !folders.contains($0.tag) && (!hidesReadFeeds || $0.unreadCount > 0) }
            .map(Item.tag)
        items.reserveCapacity(items.count + feeds.count)
        func append(_ nodes: [Node], depth: Int) {
            for node in nodes {
                switch node {
                case .feed(let index):
                    if isShown(index) { items.append(.feed(feeds[index], depth: depth)) }
                case .folder(let path, let children):
                    let all = node.feedIndexes.map { feeds[$0] }
                    let below = all.filter { !hidesReadFeeds || $0.unreadCount > 0 }
                    guard !below.isEmpty else { continue }
                    let folded = collapsed.contains(FolderSummary.key(path))
                    items.append(.folder(FolderSummary(
                        path: path, feedIDs: all.map(\.id), feedCount: below.count,
                        unreadCount: below.reduce(0) { $0 + $1.unreadCount },
                        totalCount: below.reduce(0) { $0 + $1.totalCount }, collapsed: folded)))
                    if !folded { append(children, depth: depth + 1) }
                }
            }
        }
        append(nodes, depth: 0)
        return items
    }

    /// The feeds as a tree: a top-level feed alone, each folder (at any depth) with everything below
    /// it at the place of its first feed.
    private func tree(_ feeds: [FeedSummary], order: [FeedListOrder.Entry]?) -> [Node] {
        guard mode == .folders, let order else { return feeds.indices.map(Node.feed) }
        var byURL: [String: Int] = [:]
        byURL.reserveCapacity(feeds.count)
        for (index, feed) in feeds.enumerated() { byURL[feed.url] = index }
        var listed: [(feed: Int, folders: ArraySlice<String>)] = []
        listed.reserveCapacity(feeds.count)
        var placed = [Bool](repeating: false, count: feeds.count)
        for entry in order {
            guard let index = byURL[entry.url], !placed[index] else { continue }
            placed[index] = true
            listed.append((index, entry.folders[...]))
        }
        // Stored but not in the file (added since it was read): last, in title order.
        return Self.group(listed, below: []) + feeds.indices.filter { !placed[$0] }.map(Node.feed)
    }

    /// The nodes below the folder `path` for feeds in list order, each with the folders it sits in
    /// below `path`: a folder comes at the place of its first feed (one pass per level, no search).
    private static func group(_ listed: [(feed: Int, folders: ArraySlice<String>)], below path: [String]) -> [Node] {
        enum Slot {
            case feed(Int)
            case folder(String, Int)
        }
        var slots: [Slot] = []
        slots.reserveCapacity(listed.count)
        var members: [[(feed: Int, folders: ArraySlice<String>)]] = []
        var index: [String: Int] = [:]
        for (feed, folders) in listed {
            guard let name = folders.first else {
                slots.append(.feed(feed))
                continue
            }
            if let known = index[name] {
                members[known].append((feed, folders.dropFirst()))
            } else {
                index[name] = members.count
                slots.append(.folder(name, members.count))
                members.append([(feed, folders.dropFirst())])
            }
        }
        return slots.map { slot in
            switch slot {
            case .feed(let feed): .feed(feed)
            case .folder(let name, let number): .folder(path: path + [name], children: group(members[number], below: path + [name]))
            }
        }
    }
}
