import Foundation

/// Opens URLs in the user's browser: the config's `browser` command, else the first entry of
/// `$BROWSER`, else `xdg-open`. A graphical browser is started through `/bin/sh` (not awaited) with its
/// input and output on /dev/null; a terminal browser (`browser_is_terminal`) is run by the caller's
/// `runChild` closure, which hands it the terminal's foreground and waits for it. A command that cannot be found
/// or fails at once is reported, never called opened. The URL reaches the command as a
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

    /// The shell script that runs the command with the URL as `$1` (`exec`, so its exit status is the
    /// command's own: 127 when the shell cannot find it).
    var script: String {
        Self.script(command, placeholder: placeholder)
    }

    /// `command` run by `/bin/sh` with `$1` where `placeholder` stands (else appended), through `exec`.
    static func script(_ command: String, placeholder: String) -> String {
        let withArgument: String
        if command.contains(placeholder) {
            withArgument = command.replacingOccurrences(of: placeholder, with: "\"$1\"")
        } else {
            withArgument = command + " \"$1\""
        }
        return "exec \(withArgument)"
    }

    /// How long `open` waits for a graphical browser command to fail before calling it started.
    static let startupGrace: Duration = .milliseconds(150)

    /// Opens `url`; `runChild` runs a terminal browser's arguments with the terminal handed to it.
    /// Throws when the URL is refused, the shell cannot be started, or the command fails at once
    /// (not found, not executable, or an error status within `startupGrace`): only a command still
    /// running after that, or one that exited 0, counts as opened.
    func open(_ url: String, runChild: ChildRunner) throws {
        guard Self.isOpenable(url) else { throw BrowserError.refused(url) }
        if isTerminal {
            // A status above 128 is a signal (the user's Ctrl-C): the browser did run.
            let status = try runChild(["/bin/sh", "-c", script, "sh", url], nil)
            if status <= 128 { try check(status: status) }
            return
        }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script, "sh", url]
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        // Foundation calls the handler on its own thread when the process ends; the wait ends then,
        // or when the grace period is over, whichever comes first.
        let exited = DispatchSemaphore(value: 0)
        process.terminationHandler = { _ in exited.signal() }
        try process.run()
        let (seconds, attoseconds) = Self.startupGrace.components
        let grace = DispatchTimeInterval.nanoseconds(Int(seconds) * 1_000_000_000 + Int(attoseconds / 1_000_000_000))
        if exited.wait(timeout: .now() + grace) == .success { try check(process) }
    }

    private func check(_ process: Process) throws {
        guard process.terminationReason == .exit else { return }
        try check(status: process.terminationStatus)
    }

    private func check(status: Int32) throws {
        switch status {
        case 0: return
        case 126, 127: throw BrowserError.notFound(command)
        case let status: throw BrowserError.failed(command, status: status)
        }
    }
}

/// Why a URL was not opened.
enum BrowserError: Error, CustomStringConvertible {
    case refused(String)
    /// The browser command is not installed (or not executable).
    case notFound(String)
    /// The browser command exited at once with an error status.
    case failed(String, status: Int32)

    var description: String {
        switch self {
        case .refused(let url): "not opening \(url.prefix(60)): only web and mail links are opened"
        case .notFound(let command):
            "no browser: '\(command.prefix(40))' cannot be run; set `browser` in config.toml or $BROWSER"
        case .failed(let command, let status): "the browser '\(command.prefix(40))' failed (exit status \(status))"
        }
    }
}
