import Foundation

/// The files Tidings keeps for one run (the database and its companions and copies, the feed list
/// and its backup, the config and its backup, the lock files), as `--db`, `--feeds`, `--config`,
/// the environment and the XDG defaults chose them. Every path a command writes its output to is
/// checked against them first (`check`): by device and inode, so a symbolic or hard link to one of
/// them is caught, and by resolved folder and name, so one that does not exist yet is too.
struct OwnFiles: Sendable {
    /// One file, or every file of a folder whose name starts with `namePrefix`, and what it is.
    private struct Entry: Sendable {
        let path: String
        let role: String
        /// Set for a family of files (`tidings.db.bak-v…`): `path` is then the folder.
        var namePrefix: String?
    }

    private let entries: [Entry]

    init(paths: TidingsPaths) {
        let database = paths.database
        var entries = [
            Entry(path: database, role: "the database"),
            Entry(path: database + "-wal", role: "the database's write-ahead log"),
            Entry(path: database + "-shm", role: "the database's shared-memory index"),
            Entry(path: database + "-journal", role: "the database's rollback journal"),
            Entry(path: paths.refreshLock, role: "the refresh lock"),
            Entry(path: paths.feedList, role: "the feed list"),
            Entry(path: paths.config, role: "the config file"),
        ]
        // A linked list or config keeps its backup and lock beside the file its links end at.
        for path in Set([paths.feedList, FileIdentity.resolvedLinkTarget(paths.feedList)]) {
            entries.append(Entry(path: path + ".bak", role: "the feed list's backup"))
            entries.append(Entry(path: path + ".lock", role: "the feed list's lock"))
        }
        for path in Set([paths.config, FileIdentity.resolvedLinkTarget(paths.config)]) {
            entries.append(Entry(path: path + ".bak", role: "the config file's backup"))
        }
        let folder = (database as NSString).deletingLastPathComponent
        entries.append(Entry(
            path: folder.isEmpty ? "." : folder, role: "a copy of the database kept before a schema upgrade",
            namePrefix: (database as NSString).lastPathComponent + ".bak-v"))
        self.entries = entries
    }

    /// Throws (exit 73, naming what it would have destroyed) when writing `path` would write one of
    /// these files. `option` names where the path came from (`--output`).
    func check(_ path: String, option: String) throws(CommandFailure) {
        guard let role = role(of: path) else { return }
        throw CommandFailure(
            message: "\(option) \(path) is \(role); Tidings never writes its output over its own files: "
                + "choose another file",
            status: .cannotCreate)
    }

    /// What `path` is among these files, or nil when it is none of them.
    func role(of path: String) -> String? {
        let target = FileIdentity(path)
        for entry in entries {
            if let prefix = entry.namePrefix {
                if let role = familyRole(entry, prefix: prefix, target: target) { return role }
            } else if target.matches(FileIdentity(entry.path)) {
                return entry.role
            }
        }
        return nil
    }

    private func familyRole(_ entry: Entry, prefix: String, target: FileIdentity) -> String? {
        let folder = FileIdentity.resolvedFolder(entry.path)
        if target.folder == folder, target.name.hasPrefix(prefix) { return entry.role }
        guard target.inode != nil,
            let names = try? FileManager.default.contentsOfDirectory(atPath: entry.path)
        else { return nil }
        for name in names where name.hasPrefix(prefix) {
            if target.matches(FileIdentity((entry.path as NSString).appendingPathComponent(name))) { return entry.role }
        }
        return nil
    }
}

/// A path as the file system sees it: its device and inode when it exists (through symbolic links),
/// and its folder resolved through links with its own name.
struct FileIdentity: Equatable {
    let inode: InodeKey?
    let folder: String
    let name: String

    /// A file's device and inode.
    struct InodeKey: Equatable {
        let device: UInt64
        let inode: UInt64
    }

    init(_ path: String) {
        var info = stat()
        inode = stat(path, &info) == 0
            ? InodeKey(device: UInt64(info.st_dev), inode: UInt64(info.st_ino)) : nil
        // A symbolic link is resolved as far as it goes, so a link to a file not yet created names it.
        let resolved = Self.resolvedLinkTarget(path)
        folder = Self.resolvedFolder((resolved as NSString).deletingLastPathComponent)
        name = (resolved as NSString).lastPathComponent
    }

    /// The same file: the same inode when both exist, else the same folder and name.
    func matches(_ other: FileIdentity) -> Bool {
        if let inode, let otherInode = other.inode { return inode == otherInode }
        return folder == other.folder && name == other.name
    }

    /// The folder's real path (links and `..` resolved), or it made absolute when it does not exist.
    static func resolvedFolder(_ folder: String) -> String {
        let path = folder.isEmpty ? "." : folder
        guard let real = realpath(path, nil) else {
            return (URL(fileURLWithPath: path).standardizedFileURL.path as NSString).standardizingPath
        }
        defer { free(real) }
        return String(cString: real)
    }

    /// Follows symbolic links at `path` itself (at most 40, as the kernel does).
    static func resolvedLinkTarget(_ path: String) -> String {
        var current = path
        for _ in 0..<40 {
            guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: current) else { break }
            current = target.hasPrefix("/")
                ? target : ((current as NSString).deletingLastPathComponent as NSString).appendingPathComponent(target)
        }
        return current
    }
}
