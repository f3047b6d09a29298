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
struct SubscriptionsFile {
    /// Bigger files are refused unread: far more than a list of any real number of feeds takes.
    static let sizeLimit = 16 << 20

    let path: String
    /// Changing it forgets `stamp`: the document is then no longer that version of the file.
    var document: OPMLDocument {
        didSet { stamp = nil }
    }
    /// False when the file did not exist when `load` read it.
    let existed: Bool
    /// The version of the file `document` was read from (nil when there was no file, or once the
    /// document was changed).
    private(set) var stamp: FeedListStamp?

    /// The bytes of a list file and the version they are, read in one go.
    struct Snapshot {
        let data: Data
        let stamp: FeedListStamp
    }

    /// The previous version's path: `feeds.opml.bak` beside `feeds.opml` (beside the file a link ends at).
    static func backupPath(_ path: String) -> String { SafeFileWriter.followLinks(path) + ".bak" }

    /// Reads the list at `path`; a missing file gives an empty list that is not written (`existed`
    /// false) until `save`. Throws `SubscriptionsError` (unreadable, a directory, too large, not
    /// well-formed, not OPML).
    static func load(path: String) throws -> SubscriptionsFile {
        guard let snapshot = try read(path: path) else {
            return SubscriptionsFile(path: path, document: OPMLDocument(title: "Tidings feeds"), existed: false)
        }
        return try parse(snapshot, path: path)
    }

    /// The bytes of the list at `path` and their version, without parsing them; nil when there is no
    /// such file. Throws `SubscriptionsError` (unreadable, a directory, too large).
    static func read(path: String) throws -> Snapshot? {
        let data: Data
        let status: stat
        do {
            (data, status) = try InputFile.readWithStatus(path, limit: sizeLimit)
        } catch .missing {
            return nil
        } catch .tooLarge(let size) {
            throw SubscriptionsError.tooLarge(path: path, bytes: size)
        } catch {
            throw SubscriptionsError.unreadable(path: path, reason: error.reason)
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

    /// The list `read` returned, parsed strictly. Throws `SubscriptionsError` (not well-formed, not OPML).
    static func parse(_ snapshot: Snapshot, path: String) throws -> SubscriptionsFile {
        do {
            var file = SubscriptionsFile(path: path, document: try OPMLDocument(data: snapshot.data), existed: true)
            file.stamp = snapshot.stamp
            return file
        } catch let error as OPMLError {
            let backup = backupPath(path)
            throw SubscriptionsError.malformed(
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
        SubscriptionsFile.resolve(written, folder: folder)
    }

    static func resolve(_ written: String, folder: String) -> String {
        // Most lists write URLs with a scheme and nothing around them: given back without trimming,
        // which is most of the cost.
        let spaces = CharacterSet.whitespacesAndNewlines
        let scalars = written.unicodeScalars
        if !(scalars.first.map(spaces.contains) ?? false), !(scalars.last.map(spaces.contains) ?? false),
           written.hasPrefix("/") || written.isEmpty || SubscriptionsFile.hasScheme(written)
        {
            return written
        }
        let trimmed = written.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix("/") || trimmed.isEmpty || SubscriptionsFile.hasScheme(trimmed) { return trimmed }
        return ((folder as NSString).appendingPathComponent(trimmed) as NSString).standardizingPath
    }

    /// Every feed of the list with its URL resolved, each paired with the `xmlUrl` as written.
    var entries: [(written: String, entry: FeedListEntry)] {
        // The folder once, not per entry: it asks the system for the current folder each time.
        let folder = folder
        return document.entries.map { entry in
            var resolved = entry
            resolved.url = SubscriptionsFile.resolve(entry.url, folder: folder)
            return (entry.url, resolved)
        }
    }

    /// The entry whose URL (as written or resolved), title or text is `name`; a title matches
    /// case-insensitively when nothing matches exactly. Throws when a title names several feeds.
    func find(_ name: String) throws -> (written: String, entry: FeedListEntry)? {
        let trimmed = name.trimmingCharacters(in: .whitespacesAndNewlines)
        // Entry by entry: a name given as its feed's URL is found without resolving the whole list.
        let folder = folder
        for entry in document.entries {
            var resolved = entry
            resolved.url = SubscriptionsFile.resolve(entry.url, folder: folder)
            if entry.url == trimmed || resolved.url == trimmed { return (entry.url, resolved) }
        }
        let all = entries
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
            if hits.count > 1 { throw SubscriptionsError.ambiguous(name: trimmed, urls: hits.map(\.entry.url)) }
        }
        return nil
    }

    /// Refuses (with `SubscriptionsError.readOnly`) when the list exists but may not be rewritten: no write
    /// permission for this user, or no write bit at all (a list made read-only stays so, even for root).
    func checkWritable() throws {
        var info = stat()
        guard stat(path, &info) == 0 else { return }
        if access(path, W_OK) != 0 || info.st_mode & 0o222 == 0 { throw SubscriptionsError.readOnly(path: path) }
    }

    /// Writes the list, keeping the previous version as `feeds.opml.bak`. The caller holds `FeedListLock`.
    func save() throws {
        let staged = try stage()
        do {
            try SafeFileWriter.commit([staged])
        } catch {
            throw SubscriptionsFile.unwritable(path, error)
        }
    }

    /// The new version written beside the list, for `SafeFileWriter.commit` (with another file's).
    func stage() throws -> SafeFileWriter.Staged {
        try checkWritable()
        let directory = (SafeFileWriter.followLinks(path) as NSString).deletingLastPathComponent
        if !directory.isEmpty, !FileManager.default.fileExists(atPath: directory) {
            do {
                try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            } catch {
                throw SubscriptionsError.unwritable(
                    path: path, reason: "cannot create its folder \(directory); check that its parent is writable")
            }
        }
        do {
            return try SafeFileWriter.stage(path, with: document.serialized(), backup: SubscriptionsFile.backupPath(path))
        } catch {
            throw SubscriptionsFile.unwritable(path, error)
        }
    }

    /// The error for a list that could not be written, with what to do about the cause.
    static func unwritable(_ path: String, _ error: SafeFileWriter.Failure) -> SubscriptionsError {
        let advice = [EACCES, EPERM, EROFS].contains(error.code) ? "; check that its folder is writable"
            : [ENOSPC, EFBIG, EDQUOT].contains(error.code) ? "; free some space or raise the file size limit" : ""
        return SubscriptionsError.unwritable(path: path, reason: error.reason + advice)
    }

    /// True when `text` starts with a URL scheme (`http:`, `file:`), per RFC 3986.
    static func hasScheme(_ text: String) -> Bool {
        guard let colon = text.firstIndex(of: ":"), colon != text.startIndex else { return false }
        let scheme = text[..<colon]
        guard let first = scheme.first, first.isASCII, first.isLetter else { return false }
        return scheme.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "+" || $0 == "-" || $0 == ".") }
    }
}
