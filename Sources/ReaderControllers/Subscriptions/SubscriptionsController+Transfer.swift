import FeedFetch
import FeedModel
import FeedStore
import Foundation
import TidingsText

// Feed lists in and out: importing another reader's list (or newsboat's history) and exporting ours.
extension SubscriptionsController {
    /// Adds the feeds of an OPML file (any reader's export) or a newsboat `urls` file, told apart by
    /// content; feeds already listed are skipped. Relative `xmlUrl`s resolve against the imported file.
    /// newsboat's `cache.db` (an SQLite file) brings the articles and marks of listed feeds instead
    /// (`importNewsboatHistory`). A file that is neither (JSON, HTML, binary, a damaged OPML) is refused whole, naming its first
    /// bad line, before the list or the store is touched.
    public func importFeeds(path: String, newList: Bool = false) throws -> FeedImportResult {
        if NewsboatHistoryImport.isCache(path: path) { return try importNewsboatHistory(path: path) }
        var (incoming, notes) = try FeedImportReader.read(path: path)
        var queries: [(name: String, query: String)] = []
        for line in notes.queries {
            // newsboat quotes the line ("query:Name:condition" tags); read an unquoted one whole.
            let written = line.text.trimmingCharacters(in: .whitespaces)
            switch NewsboatQuery.translate(written.hasPrefix("\"") ? line.token : written) {
            case .success(let query): queries.append(query)
            case .failure(let error):
                notes.notImported += 1
                notes.lines.append("\(path) line \(line.line): \(error); not imported")
            }
        }
        let folder = ((path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path)
            as NSString).deletingLastPathComponent
        let config = ConfigQueryAppender(path: environment.paths.config)
        let (lock, fresh) = try lockedList()
        defer { lock.release() }
        try refuseMissing(fresh, newList: newList)
        queries = try config.missing(queries)
        var file = fresh
        var known = Set(file.entries.map { FeedURL.key($0.entry.url) })
        let listed = Set(try environment.store.scope(listing: file.entries.map(\.entry.url)).feedIDs ?? [])
        for index in incoming.indices { incoming[index].url = SubscriptionsFile.resolve(incoming[index].url, folder: folder) }
        // The stored feed of each URL in one read, when the list names any (a feed listed under the URL it moved from).
        let stored = listed.isEmpty ? [] : try environment.store.feedIDs(matching: incoming.map(\.url))
        var additions: [(entry: FeedModel.FeedListEntry, folders: [String])] = []
        var added: [String] = []
        var skipped: [String] = []
        for (index, var entry) in incoming.enumerated() {
            guard !entry.url.isEmpty else { continue }
            // Listed already (also under another spelling, or the URL it moved from); a feed the
            // database kept outside the list is imported, and comes back with its articles.
            let listedAlready = !stored.isEmpty && stored[index].map(listed.contains) == true
            if !known.insert(FeedURL.key(entry.url)).inserted || listedAlready {
                skipped.append(entry.url)
                continue
            }
            entry.attributes = entry.attributes.filter { $0.name.lowercased() != "xmlurl" }
            additions.append((entry, entry.folders.isEmpty ? Array(entry.tags.prefix(1)) : entry.folders))
            added.append(entry.url)
        }
        file.document.add(additions)
        try writeTogether(file: added.isEmpty ? nil : file, config: config, queries: queries)
        try sync(SubscriptionsFile.load(path: environment.paths.feedList))
        return FeedImportResult(
            added: added, skipped: skipped, notImported: notes.notImported, notes: notes.lines,
            queryFeeds: queries.map(\.name), config: config.path)
    }

    /// The feed list as OPML (relative paths made absolute, everything else as the file has it) or as
    /// a newsboat `urls` file.
    public func export(format: SubscriptionsFormat, all: Bool = false) throws -> String {
        var file = try SubscriptionsFile.load(path: environment.paths.feedList)
        if all { try addUnlisted(to: &file) }
        let entries = file.entries
        switch format {
        case .opml:
            for (written, entry) in entries where written != entry.url {
                file.document.updateURL(from: written, to: entry.url)
            }
            return String(decoding: file.document.serialized(), as: UTF8.self)
        case .urls:
            return NewsboatURLs.serialize(entries.map { item in
                var entry = item.entry
                if entry.title == nil, let text = entry.text, text != entry.url, text != item.written {
                    entry.title = text
                }
                // newsboat loads local feeds only as file:// URLs, not bare paths.
                if entry.url.hasPrefix("/") { entry.url = URL(fileURLWithPath: entry.url).absoluteString }
                return entry
            })
        }
    }
}
