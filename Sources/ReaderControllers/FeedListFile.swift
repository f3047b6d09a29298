import FeedModel
import Foundation

/// The user's feed list file (OPML): read, with relative `xmlUrl`s resolved against the file's own
/// folder, and written back atomically (a temporary file in the same folder, then rename), so that a
/// reader of the file sees the old list or the new one, never half of one.
///
/// Threading: a value; not shared.
struct FeedListFile {
    let path: String
    var document: OPMLDocument
    /// False when the file did not exist and was created empty by `load`.
    let existed: Bool

    /// Reads the list at `path`, creating an empty one (and its folder) when it does not exist.
    static func load(path: String) throws -> FeedListFile {
        guard FileManager.default.fileExists(atPath: path) else {
            let file = FeedListFile(path: path, document: OPMLDocument(title: "Tidings feeds"), existed: false)
            try file.save()
            return file
        }
        let data: Data
        do {
            data = try Data(contentsOf: URL(fileURLWithPath: path))
        } catch {
            throw FeedListError.unreadable(path: path, reason: error.localizedDescription)
        }
        do {
            return FeedListFile(path: path, document: try OPMLDocument(data: data), existed: true)
        } catch {
            throw FeedListError.notOPML(path: path)
        }
    }

    /// The folder relative `xmlUrl`s are resolved against.
    var folder: String {
        let absolute = path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
        return (absolute as NSString).deletingLastPathComponent
    }

    /// The address to fetch for an `xmlUrl` as written: URLs with a scheme and absolute paths as they
    /// are; a relative path (`rss20.xml`, `feeds/x.xml`) as an absolute path under the list's folder.
    func resolve(_ written: String) -> String {
        FeedListFile.resolve(written, folder: folder)
    }

    static func resolve(_ written: String, folder: String) -> String {
        let trimmed = written.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("/") || trimmed.isEmpty || FeedListFile.hasScheme(trimmed) { return trimmed }
        return ((folder as NSString).appendingPathComponent(trimmed) as NSString).standardizingPath
    }

    /// Every feed of the list with its URL resolved, each paired with the `xmlUrl` as written.
    var entries: [(written: String, entry: FeedListEntry)] {
        document.entries.map { entry in
            var resolved = entry
            resolved.url = resolve(entry.url)
            return (entry.url, resolved)
        }
    }

    /// The entry whose URL (as written or resolved), title or text is `name`; a title matches
    /// case-insensitively when nothing matches exactly. Throws when a title names several feeds.
    func find(_ name: String) throws -> (written: String, entry: FeedListEntry)? {
        let all = entries
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        if let hit = all.first(where: { $0.written == trimmed || $0.entry.url == trimmed }) { return hit }
        let resolvedName = resolve(trimmed)
        if let hit = all.first(where: { FeedURL.same($0.entry.url, resolvedName) }) { return hit }
        for exact in [true, false] {
            let hits = all.filter { item in
                [item.entry.title, item.entry.text].contains { candidate in
                    guard let candidate else { return false }
                    return exact ? candidate == trimmed : candidate.caseInsensitiveCompare(trimmed) == .orderedSame
                }
            }
            if hits.count == 1 { return hits[0] }
            if hits.count > 1 { throw FeedListError.ambiguous(name: trimmed, urls: hits.map(\.entry.url)) }
        }
        return nil
    }

    /// Writes the list: a temporary file beside it, flushed to disk, then renamed over it.
    func save() throws {
        let directory = (path as NSString).deletingLastPathComponent
        if !directory.isEmpty {
            try? FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        }
        try FeedListFile.writeAtomically(document.serialized(), to: path)
    }

    static func writeAtomically(_ data: Data, to path: String) throws {
        let temporary = path + ".tmp-\(getpid())"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard fd >= 0 else { throw FeedListError.unwritable(path: path, reason: String(cString: strerror(errno))) }
        var failure: Int32 = 0
        data.withUnsafeBytes { raw in
            var offset = 0
            while offset < raw.count, let base = raw.baseAddress {
                let n = write(fd, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    failure = errno
                    return
                }
                offset += n
            }
        }
        if failure == 0, fsync(fd) != 0 { failure = errno }
        close(fd)
        if failure == 0, rename(temporary, path) != 0 { failure = errno }
        if failure != 0 {
            unlink(temporary)
            throw FeedListError.unwritable(path: path, reason: String(cString: strerror(failure)))
        }
    }

    /// True when `text` starts with a URL scheme (`http:`, `file:`), per RFC 3986.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}

/// Why the feed list could not be read, written or changed.
public enum FeedListError: Error, Sendable, Hashable, CustomStringConvertible {
    case unreadable(path: String, reason: String)
    case notOPML(path: String)
    case unwritable(path: String, reason: String)
    /// A title names several feeds.
    case ambiguous(name: String, urls: [String])
    case notFound(String)
    case duplicate(String)
    /// The URL is a web page that links to several feeds; choose one.
    case severalFeeds(page: String, feeds: [DiscoveredFeed])
    /// The URL is neither a feed nor a page that links to one.
    case noFeed(url: String, reason: String)
    /// Fetching the URL to check it failed.
    case fetchFailed(url: String, reason: String)
    case importUnreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the feed list \(path): \(reason)"
        case let .notOPML(path): "the feed list \(path) is not an OPML file"
        case let .unwritable(path, reason): "cannot write the feed list \(path): \(reason)"
        case let .ambiguous(name, urls): "\"\(name)\" names several feeds: \(urls.joined(separator: ", "))"
        case let .notFound(name): "no feed \(name) in the feed list"
        case let .duplicate(url): "feed already in the list: \(url)"
        case let .severalFeeds(page, feeds):
            "\(page) links to several feeds; add one of them:\n"
                + feeds.map { "  \($0.url)" + ($0.title.map { "  (\($0))" } ?? "") }.joined(separator: "\n")
        case let .noFeed(url, reason): "\(url) is not a feed and links to none (\(reason))"
        case let .fetchFailed(url, reason): "cannot fetch \(url): \(reason)"
        case let .importUnreadable(path, reason): "cannot import \(path): \(reason)"
        }
    }

    /// The exit status for the command line.
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadable, .importUnreadable: .noInput
        case .notOPML, .noFeed: .dataError
        case .unwritable: .cannotCreate
        case .ambiguous, .notFound, .duplicate, .severalFeeds: .partialFailure
        case .fetchFailed: .partialFailure
        }
    }
}
