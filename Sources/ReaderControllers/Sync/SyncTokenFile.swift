import FeedSync
import Foundation

/// The Google Reader session token of one account, kept between runs in a file of mode 0600 under
/// `$XDG_CACHE_HOME/tidings/` (never the password), so a sync with nothing new need not log in again.
/// The file names the endpoint and user it belongs to: a token is only sent back where it came from.
struct SyncTokenFile {
    let path: String
    private let owner: String

    init(account: SyncAccount, environment: [String: String] = ProcessInfo.processInfo.environment) {
        let cacheHome = environment["XDG_CACHE_HOME"].flatMap { $0.hasPrefix("/") ? $0 : nil }
            ?? TidingsPaths.home(environment) + "/.cache"
        path = cacheHome + "/tidings/\(account.name).greader-token"
        owner = account.url + "\n" + account.user + "\n"
    }

    /// The kept token, nil when there is none for this endpoint and user (or the file is not the user's alone).
    func read() -> SyncToken? {
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & 0o077 == 0, info.st_uid == getuid(),
              let data = try? InputFile.read(path, limit: 64 << 10)
        else { return nil }
        let text = String(decoding: data, as: UTF8.self)
        guard text.hasPrefix(owner) else { return nil }
        let token = text.dropFirst(owner.count).trimmingCharacters(in: .whitespacesAndNewlines)
        return token.isEmpty ? nil : SyncToken(token)
    }

    /// Keeps `token` (a new file of mode 0600 renamed over the old one), or drops the file when nil.
    /// Failing to keep it only costs a login next time, so errors are ignored.
    func write(_ token: SyncToken?) {
        guard let token else {
            unlink(path)
            return
        }
        let folder = (path as NSString).deletingLastPathComponent
        try? FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        let temporary = path + ".\(getpid()).tmp"
        let fd = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        let bytes = Array((owner + token.value + "\n").utf8)
        let written = bytes.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        close(fd)
        if written != bytes.count || rename(temporary, path) != 0 { unlink(temporary) }
    }
}
