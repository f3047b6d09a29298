import Foundation
import TidingsText

/// Adds `[[query]]` tables (query feeds) to the end of the user's config.toml, leaving every byte already
/// there as it was: used when `tidings feeds import` meets newsboat `query:` lines. The file is replaced
/// safely (temporary file, flush, rename; the previous version kept as `config.toml.bak` beside the
/// file a link ends at), and created when missing. A config file that does not load is never touched.
struct ConfigQueryAppender {
    let path: String

    /// The query feeds to add: those whose name the config does not have yet, in order, each name once.
    func missing(_ feeds: [(name: String, query: String)]) throws -> [(name: String, query: String)] {
        var known = Set<String>()
        if FileManager.default.fileExists(atPath: path) {
            known = Set(try ReaderConfig.load(path: path).queryFeeds.map(\.name))
        }
        return feeds.filter { known.insert($0.name).inserted }
    }

    /// Writes the config with `feeds` (already filtered by `missing`) appended to a temporary file
    /// beside it, for `SafeFileWriter.commit` with the feed list's: nothing changes before the commit.
    func stage(_ feeds: [(name: String, query: String)]) throws -> SafeFileWriter.Staged {
        let old = FileManager.default.fileExists(atPath: path) ? try Data(contentsOf: URL(fileURLWithPath: path)) : nil
        var text = old.map { String(decoding: $0, as: UTF8.self) } ?? ""
        if !text.isEmpty, !text.hasSuffix("\n") { text += "\n" }
        for feed in feeds {
            if !text.isEmpty { text += "\n" }
            text += "# Imported from a newsboat urls file.\n[[query]]\n"
            text += "name = \(QuotedString.quoted(feed.name, as: .toml))\n"
            text += "query = \(QuotedString.quoted(feed.query, as: .toml))\n"
        }
        let folder = (SafeFileWriter.followLinks(path) as NSString).deletingLastPathComponent
        if !folder.isEmpty { try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true) }
        return try SafeFileWriter.stage(path, with: Data(text.utf8), backup: path + ".bak")
    }
}

extension SafeFileWriter.Failure: CustomStringConvertible {
    var description: String { reason }
}
