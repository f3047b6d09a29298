import FeedStore
import Foundation

/// `delete_played`: deletes a played episode's file only when it is the very file Tidings downloaded
/// for that queue entry: finished, directly inside the download folder, a regular file (no link), of
/// the size downloaded, with the device and inode recorded when it was moved into place. Any other
/// file, even one put under the same name since, is kept.
enum PlayedFileRemoval {
    /// What happened to the file.
    enum Outcome: Equatable {
        case deleted(String)
        /// Kept, and why (one phrase).
        case kept(String)
    }

    /// `dev:ino` of the file at `path` (not following a link), or nil when there is none.
    static func identity(of path: String) -> String? {
        var info = stat()
        guard lstat(path, &info) == 0 else { return nil }
        return "\(info.st_dev):\(info.st_ino)"
    }

    /// Deletes `entry`'s file when it is Tidings' own (see the type), else says why it is kept.
    static func remove(_ entry: StoredDownload, folder: String) -> Outcome {
        guard entry.state == .done, let path = entry.filePath else { return .kept("it was not downloaded by Tidings") }
        let parent = URL(fileURLWithPath: path).deletingLastPathComponent().standardizedFileURL.resolvingSymlinksInPath()
        let own = URL(fileURLWithPath: folder).standardizedFileURL.resolvingSymlinksInPath()
        guard parent.path == own.path else { return .kept("\(path) is not in the download folder \(folder)") }
        var info = stat()
        guard lstat(path, &info) == 0 else { return .kept("\(path) is gone already") }
        guard (info.st_mode & S_IFMT) == S_IFREG, Int64(info.st_size) == entry.bytesDone,
            let recorded = entry.fileIdentity, recorded == "\(info.st_dev):\(info.st_ino)"
        else {
            return .kept("\(path) is not the file Tidings downloaded")
        }
        guard unlink(path) == 0 else { return .kept("cannot delete \(path): \(String(cString: strerror(errno)))") }
        return .deleted(path)
    }
}
