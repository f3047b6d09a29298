import Foundation

/// The download settings of `config.toml` (top level): where files go, how they are named, and how
/// many download at once. `path` nil means the default folder (`defaultFolder`), resolved at run time.
public struct DownloadSettings: Sendable, Hashable {
    /// `download_path`, `~` expanded; nil: the XDG download folder, else `~/Podcasts`.
    public var path: String?
    /// `download_filename_format`: see `DownloadFileName` for the placeholders.
    package var filenameFormat = DownloadSettings.defaultFormat
    /// `max_downloads`: downloads at once.
    package var maxDownloads = 2
    /// `max_downloads_per_host`: downloads at once from one server.
    public var maxPerHost = 1
    /// `download_stall_seconds`: a download with no data for this long fails as stalled.
    public var stallSeconds = 30

    package static let defaultFormat = "%n - %t.%e"

    package init() {}

    /// The folder downloads land in: `path`, else `$XDG_DOWNLOAD_DIR`, else the `XDG_DOWNLOAD_DIR` line
    /// of `user-dirs.dirs` (in `$XDG_CONFIG_HOME`, else `~/.config`), else `~/Podcasts`.
    public func folder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = TidingsPaths.home(environment)
        if let path { return Self.expand(path, home: home) }
        if let xdg = environment["XDG_DOWNLOAD_DIR"], !xdg.isEmpty { return Self.expand(xdg, home: home) }
        let configHome = environment["XDG_CONFIG_HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? home + "/.config"
        // Read as every input file is: a FIFO or a huge file there is refused, not waited on.
        if let data = try? InputFile.read(configHome + "/user-dirs.dirs", limit: 1 << 20) {
            let text = String(decoding: data, as: UTF8.self)
            for line in text.split(whereSeparator: \.isNewline) where line.hasPrefix("XDG_DOWNLOAD_DIR=") {
                let value = line.dropFirst("XDG_DOWNLOAD_DIR=".count).trimmingCharacters(in: CharacterSet(charactersIn: "\" "))
                let expanded = value.replacingOccurrences(of: "$HOME", with: home)
                if expanded.hasPrefix("/") { return expanded }
            }
        }
        return home + "/Podcasts"
    }

    /// `~` and `~/…` are the home folder; other paths are taken as written.
    static func expand(_ path: String, home: String) -> String {
        if path == "~" { return home }
        if path.hasPrefix("~/") { return home + path.dropFirst() }
        return path
    }
}
