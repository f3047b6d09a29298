import FeedModel
import FeedStore
import Foundation
import TidingsText

/// The user's feed list file (OPML): read strictly (a list that does not parse is an error naming the
/// line and column, never a shorter list), with relative `xmlUrl`s resolved against the file's own
/// folder, and written back safely: the previous version is kept beside it as `feeds.opml.bak` (one
/// generation), the new one goes to a temporary file in the same folder, is flushed to disk and renamed
/// over the old one, with the old file's permissions, so that a reader of the file sees the old list or
/// the new one, never half of one. A list whose file is read-only is never rewritten. A symbolic link
/// is followed: the file it points to is replaced, the link stays.
///
/// Threading: a value; not shared.
struct FeedListFile {
    /// Bigger files are refused unread: a list of 10,000 feeds is about 2 MB.
    static let sizeLimit = 16 << 20

    let path: String
    /// Changing it forgets `stamp`: the document is then no longer that version of the file.
    var document: OPMLDocument {
        didSet { stamp = nil }
    }
    /// False when the file did not exist and was created empty by `load`.
    let existed: Bool
    /// The version of the file `document` was read from (nil when `load` created it, or once the
    /// document was changed).
    private(set) var stamp: FeedListStamp?

    /// The bytes of a list file and the version they are, read in one go.
    struct Snapshot {
        let data: Data
        let stamp: FeedListStamp
    }

    /// The previous version's path: `feeds.opml.bak` beside `feeds.opml`.
    static func backupPath(_ path: String) -> String { path + ".bak" }

    /// Reads the list at `path`, creating an empty one (and its folder) when it does not exist.
    /// Throws `FeedListError` (unreadable, a directory, too large, not well-formed, not OPML).
    static func load(path: String) throws -> FeedListFile {
        guard let snapshot = try read(path: path) else {
            let file = FeedListFile(path: path, document: OPMLDocument(title: "Tidings feeds"), existed: false)
            try file.save()
            return file
        }
        return try parse(snapshot, path: path)
    }

    /// The bytes of the list at `path` and their version, without parsing them; nil when there is no
    /// such file. Throws `FeedListError` (unreadable, a directory, too large).
    static func read(path: String) throws -> Snapshot? {
        let data: Data
        let status: stat
        do {
            (data, status) = try InputFile.readWithStatus(path, limit: sizeLimit)
        } catch .missing {
            return nil
        } catch .tooLarge(let size) {
            throw FeedListError.tooLarge(path: path, bytes: size)
        } catch {
            throw FeedListError.unreadable(path: path, reason: error.reason)
        }
        var hash = FNV1a64()
        data.withUnsafeBytes { hash.add(bytes: $0) }
        let stamp = FeedListStamp(
            path: absolutePath(path), device: Int64(bitPattern: UInt64(status.st_dev)),
            inode: Int64(bitPattern: UInt64(status.st_ino)), size: Int64(status.st_size),
            modified: Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec),
            changed: Int64(status.st_ctim.tv_sec) * 1_000_000_000 + Int64(status.st_ctim.tv_nsec),
            contentHash: hash.signed)
        return Snapshot(data: data, stamp: stamp)
    }

    /// The list `read` returned, parsed strictly. Throws `FeedListError` (not well-formed, not OPML).
    static func parse(_ snapshot: Snapshot, path: String) throws -> FeedListFile {
        do {
            var file = FeedListFile(path: path, document: try OPMLDocument(data: snapshot.data), existed: true)
            file.stamp = snapshot.stamp
            return file
        } catch let error as OPMLError {
            let backup = backupPath(path)
            throw FeedListError.malformed(
                path: path, problem: error, backup: FileManager.default.fileExists(atPath: backup) ? backup : nil)
        }
    }

    /// The folder relative `xmlUrl`s are resolved against.
    var folder: String {
        (Self.absolutePath(path) as NSString).deletingLastPathComponent
    }

    /// `path` from the root: relative to the current folder when it is relative.
    static func absolutePath(_ path: String) -> String {
        path.hasPrefix("/") ? path : FileManager.default.currentDirectoryPath + "/" + path
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

    /// Refuses (with `FeedListError.readOnly`) when the list exists but may not be rewritten: no write
    /// permission for this user, or no write bit at all (a list made read-only stays so, even for root).
    func checkWritable() throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if access(path, W_OK) != 0 || info.st_mode & 0o222 == 0 { throw FeedListError.readOnly(path: path) }
    }

    /// Writes the list, keeping the previous version as `feeds.opml.bak`.
    func save() throws {
        try checkWritable()
        let target = FeedListFile.followLinks(path)
        let directory = (target as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw FeedListError.unwritable(
                    path: path, reason: "cannot create its folder \(directory); check that its parent is writable")
            }
        }
        do {
            try SafeFileWriter.replace(target, with: document.serialized(), backup: FeedListFile.backupPath(target))
        } catch {
            let advice = [EACCES, EPERM, EROFS].contains(error.code) ? "; check that its folder is writable"
                : [ENOSPC, EFBIG, EDQUOT].contains(error.code) ? "; free some space or raise the file size limit" : ""
            throw FeedListError.unwritable(path: path, reason: error.reason + advice)
        }
    }

    /// The file a chain of symbolic links at `path` ends at (`path` itself when it is not a link).
    static func followLinks(_ path: String) -> String {
        var info = stat()
        guard lstat(path, &info) == 0, info.st_mode & S_IFMT == S_IFLNK, let resolved = realpath(path, nil) else {
            return path
        }
        defer { free(resolved) }
        return String(cString: resolved)
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
    /// The list exists but cannot be read (permissions, a directory, an I/O error).
    case unreadable(path: String, reason: String)
    /// The list is empty, not well-formed XML (`problem` says where and what), or not OPML;
    /// `backup` is the previous version, when there is one.
    case malformed(path: String, problem: OPMLError, backup: String?)
    /// The list is bigger than `FeedListFile.sizeLimit`.
    case tooLarge(path: String, bytes: Int)
    /// The list's file is read-only.
    case readOnly(path: String)
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
    /// The file to import cannot be read.
    case importUnreadable(path: String, reason: String)
    /// The file to import is neither OPML nor a newsboat `urls` file; `problem` names the first bad line.
    case importMalformed(path: String, problem: String)
    /// The query feeds of an import could not be added to the config file; nothing was imported.
    case configUnwritable(path: String, reason: String)

    public var description: String {
        switch self {
        case let .unreadable(path, reason): "cannot read the feed list \(path): \(reason)"
        case let .malformed(path, problem, backup):
            FeedListError.describe(path: path, problem: problem, backup: backup)
        case let .tooLarge(path, bytes):
            "the feed list \(path) is \(bytes >> 20) MB, more than a feed list can be (\(FeedListFile.sizeLimit >> 20) MB); "
                + "nothing was changed: check --feeds names your feed list"
        case let .readOnly(path):
            "the feed list \(path) is read-only; nothing was changed: make it writable (chmod u+w) to change the list"
        case let .unwritable(path, reason):
            "cannot write the feed list \(path): \(reason); nothing was changed"
        case let .ambiguous(name, urls): "\"\(name)\" names several feeds: \(urls.joined(separator: ", "))"
        case let .notFound(name): "no feed \(name) in the feed list"
        case let .duplicate(url): "feed already in the list: \(url)"
        case let .severalFeeds(page, feeds):
            "\(page) links to several feeds; add one of them:\n"
                + feeds.map { "  \($0.url)" + ($0.title.map { "  (\($0))" } ?? "") }.joined(separator: "\n")
        case let .noFeed(url, reason): "\(url) is not a feed and links to none (\(reason))"
        case let .fetchFailed(url, reason): "cannot fetch \(url): \(reason)"
        case let .importUnreadable(path, reason): "cannot import \(path): \(reason)"
        case let .importMalformed(path, problem): "cannot import \(path): \(problem); nothing was imported"
        case let .configUnwritable(path, reason):
            "cannot add the imported query feeds to the config file \(path): \(reason); nothing was imported"
        }
    }

    private static func describe(path: String, problem: OPMLError, backup: String?) -> String {
        let previous = backup.map { " (the previous version is \($0))" } ?? ""
        switch problem {
        case .empty:
            return "the feed list \(path) is empty; nothing was changed: restore it\(previous) or delete it to start a new list"
        case .notOPML(let root):
            return "the feed list \(path) is not OPML (its root element is <\(root)>); nothing was changed: "
                + "give --feeds your OPML feed list\(previous)"
        case .malformed:
            return "the feed list \(path) is not valid OPML: \(problem); nothing was changed: "
                + "fix it by hand\(backup.map { " or go back to the previous version, \($0)" } ?? ""), then run the command again"
        }
    }

    /// The exit status for the command line.
    public var exitStatus: ExitStatus {
        switch self {
        case .unreadable, .importUnreadable: .noInput
        case .malformed, .tooLarge, .noFeed, .importMalformed: .dataError
        case .unwritable, .readOnly, .configUnwritable: .cannotCreate
        case .ambiguous, .notFound, .duplicate, .severalFeeds: .partialFailure
        case .fetchFailed: .partialFailure
        }
    }
}
