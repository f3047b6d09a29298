import Foundation

/// Opens URLs in the user's browser: the config's `browser` command, else the first entry of
/// `$BROWSER`, else `xdg-open`. A graphical browser is started detached through `/bin/sh` with its
/// input and output on /dev/null; a terminal browser (`browser_is_terminal`) is run in the foreground
/// by the caller's `foreground` closure, which hands it the terminal. The URL reaches the command as a
/// separate argument (`"$1"`), never as shell text, and only http(s), ftp, gopher, gemini and mailto
/// URLs are opened. Call from the UI thread.
struct BrowserLauncher {
    let command: String
    let isTerminal: Bool
    /// Where the URL goes in `command`: `%u` in the config file, `%s` in `$BROWSER` (its convention).
    let placeholder: String

    init(configured: String?, isTerminal: Bool, environment: [String: String]) {
        let fromEnvironment = environment["BROWSER"]?.split(separator: ":").first.map(String.init)
        if let configured {
            command = configured
            placeholder = "%u"
        } else {
            command = fromEnvironment.flatMap { $0.isEmpty ? nil : $0 } ?? "xdg-open"
            placeholder = "%s"
        }
        self.isTerminal = isTerminal
    }

    /// URLs worth handing to a browser; anything else (javascript:, file:, data:) is refused.
    static func isOpenable(_ url: String) -> Bool {
        let lower = url.lowercased()
        return ["http://", "https://", "ftp://", "gopher://", "gemini://", "mailto:"].contains { lower.hasPrefix($0) }
            && !url.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }

    /// The shell script that runs the command with the URL as `$1`.
    var script: String {
        let withURL: String
        if command.contains(placeholder) {
            withURL = command.replacingOccurrences(of: placeholder, with: "\"$1\"")
        } else {
            withURL = command + " \"$1\""
        }
        return isTerminal ? "exec \(withURL)" : "(\(withURL)) </dev/null >/dev/null 2>&1 &"
    }

    /// Opens `url`; `foreground` runs a body with the terminal restored (for terminal browsers).
    /// Throws when the URL is refused or the shell cannot be started.
    func open(_ url: String, foreground: (() throws -> Void) throws -> Void) throws {
        guard Self.isOpenable(url) else { throw BrowserError.refused(url) }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", url]
        if isTerminal {
            try foreground {
                try process.run()
                process.waitUntilExit()
            }
        } else {
            process.standardInput = FileHandle.nullDevice
            process.standardOutput = FileHandle.nullDevice
            process.standardError = FileHandle.nullDevice
            try process.run()
            process.waitUntilExit()
        }
    }
}

/// Why a URL was not opened.
enum BrowserError: Error, CustomStringConvertible {
    case refused(String)

    var description: String {
        switch self {
        case .refused(let url): "not opening \(url.prefix(60)): only web and mail links are opened"
        }
    }
}
