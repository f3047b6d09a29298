import Foundation
import TestSupport
import XCTest

/// One tmux server on a socket of its own (`-L`, no user config) with one session running a command
/// in a pane of a fixed size: send keys, read the pane, resize it. Killed by `stop()` (call it from
/// teardown; deinit calls it too), which leaves no server, shell or reader behind. Waits poll
/// `capture-pane` with a timeout rather than sleeping a fixed time.
///
/// tmux, and through it the pane's shell and the reader, start with the signal mask given here
/// (none blocked by default), not with the mask of the test thread that happens to spawn them: a
/// Swift concurrency worker (any `async` test) blocks nearly every signal, and posix_spawn passes
/// that mask on.
final class TmuxSession {
    let socket: String
    let name = "reader"
    private let tmux: String
    private let blockedSignals: [Int32]
    private var isStopped = false

    /// Starts `command` (run by /bin/sh) in a detached `width`x`height` session; the server and the
    /// pane inherit `blockedSignals` as their signal mask (as from a launcher that blocks them).
    init(command: String, width: Int = 100, height: Int = 30, blockedSignals: [Int32] = []) throws {
        guard let tmux = ["/usr/bin/tmux", "/usr/local/bin/tmux", "/bin/tmux"].first(where: {
            FileManager.default.isExecutableFile(atPath: $0)
        }) else { throw XCTSkip("tmux is not installed (make test installs it)") }
        self.tmux = tmux
        self.blockedSignals = blockedSignals
        socket = "tidings-e2e-\(UUID().uuidString.prefix(8))"
        try run(["new-session", "-d", "-s", name, "-x", "\(width)", "-y", "\(height)", command])
    }

    deinit {
        stop()
    }

    /// Kills the server and everything its pane started (the shell, the reader, `sleep 600`), and
    /// removes the socket file it may leave behind. What survives the hangup of `kill-server` for a
    /// two seconds (a process that blocks SIGHUP) is killed with SIGKILL, so no test leaves processes behind. Idempotent.
    func stop() {
        guard !isStopped else { return }
        isStopped = true
        let server = (try? format("#{pid}")).flatMap { pid_t($0) }
        let panes = ((try? run(["list-panes", "-a", "-F", "#{pane_pid}"])) ?? "")
            .split(separator: "\n").compactMap { pid_t($0) }
        _ = try? run(["kill-server"])
        var survivors = panes.flatMap(ProcessTable.members(ofSession:)) + (server.map { [$0] } ?? [])
        let deadline = Date().addingTimeInterval(2)
        while !survivors.isEmpty, Date() < deadline {
            Thread.sleep(forTimeInterval: 0.02)
            survivors = survivors.filter(ProcessTable.isRunning)
        }
        for pid in survivors { kill(pid, SIGKILL) }
        let directory = ProcessInfo.processInfo.environment["TMUX_TMPDIR"] ?? "/tmp"
        try? FileManager.default.removeItem(atPath: "\(directory)/tmux-\(getuid())/\(socket)")
    }

    /// The process running `command` in the pane's shell (e.g. `tidings`), waiting for it to start.
    func process(named command: String, timeout: TimeInterval = 30) throws -> pid_t {
        guard let shell = pid_t(try format("#{pane_pid}")) else { throw POSIXError(.ESRCH) }
        let deadline = Date().addingTimeInterval(timeout)
        repeat {
            if let pid = ProcessTable.children(of: shell).first(where: { ProcessTable.command(of: $0) == command }) {
                return pid
            }
            Thread.sleep(forTimeInterval: 0.02)
        } while Date() < deadline
        throw POSIXError(.ESRCH)
    }

    /// Sends tmux key names (`Enter`, `Escape`, `j`, `C-l`) or, with `literal`, text as typed.
    func send(_ keys: String..., literal: Bool = false) throws {
        try run(["send-keys", "-t", name] + (literal ? ["-l"] : []) + keys)
    }

    /// The pane's rows as text.
    func capture() throws -> [String] {
        try run(["capture-pane", "-p", "-t", name]).components(separatedBy: "\n")
    }

    func resize(width: Int, height: Int) throws {
        try run(["resize-window", "-t", name, "-x", "\(width)", "-y", "\(height)"])
    }

    /// A tmux format value of the pane, e.g. `#{alternate_on}`.
    func format(_ format: String) throws -> String {
        try run(["display-message", "-p", "-t", name, format]).trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs any tmux command on this server (`set-option -g set-clipboard on`, `show-buffer`).
    @discardableResult
    func tmux(_ arguments: String...) throws -> String {
        try run(arguments)
    }

    /// Polls the pane until `condition` holds for its rows; returns the last rows seen. Fails the
    /// test (with the screen) when `timeout` passes first: a bound for a screen that never comes, far
    /// above what a loaded machine takes, not a measure of speed.
    @discardableResult
    func waitFor(
        _ what: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line,
        _ condition: ([String]) -> Bool
    ) throws -> [String] {
        let deadline = Date().addingTimeInterval(timeout)
        var rows: [String] = []
        repeat {
            rows = try capture()
            if condition(rows) { return rows }
            Thread.sleep(forTimeInterval: 0.03)
        } while Date() < deadline
        XCTFail("timed out waiting for \(what); screen:\n\(rows.joined(separator: "\n"))", file: file, line: line)
        return rows
    }

    /// Waits until some row contains `text`.
    @discardableResult
    func waitFor(text: String, timeout: TimeInterval = 30, file: StaticString = #filePath, line: UInt = #line) throws
        -> [String]
    {
        try waitFor("\"\(text)\"", timeout: timeout, file: file, line: line) { $0.contains { $0.contains(text) } }
    }

    /// Runs one tmux command and returns its output. Spawned and awaited with posix_spawn/waitpid,
    /// output through a file: the server the first command starts keeps every descriptor it inherited,
    /// so neither a pipe nor Foundation's `Process` (which watches an inherited socket) would see the
    /// command end.
    @discardableResult
    private func run(_ arguments: [String]) throws -> String {
        let outputFile = FileManager.default.temporaryDirectory.appendingPathComponent("tmux-\(UUID().uuidString).out")
        defer { try? FileManager.default.removeItem(at: outputFile) }
        let argv = [tmux, "-L", socket, "-f", "/dev/null"] + arguments
        let environment = ProcessInfo.processInfo.environment.map { "\($0.key)=\($0.value)" }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var mask = sigset_t()
        sigemptyset(&mask)
        for signal in blockedSignals { sigaddset(&mask, signal) }
        var defaults = sigset_t()
        sigemptyset(&defaults)
        for signal in [SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGPIPE, SIGWINCH, SIGTSTP, SIGCHLD] { sigaddset(&defaults, signal) }
        posix_spawnattr_setsigmask(&attributes, &mask)
        posix_spawnattr_setsigdefault(&attributes, &defaults)
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF))
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 1, outputFile.path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
        posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        var cEnvironment = environment.map { strdup($0) } + [nil]
        defer {
            for pointer in cArguments { free(pointer) }
            for pointer in cEnvironment { free(pointer) }
        }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, tmux, &actions, &attributes, &cArguments, &cEnvironment)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        return (try? String(contentsOf: outputFile, encoding: .utf8)) ?? ""
    }
}

/// Processes as /proc shows them: a session's members, a process's children and command name.
enum ProcessTable {
    /// Every process whose session is `session` (a tmux pane's shell leads one).
    static func members(ofSession session: pid_t) -> [pid_t] {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: "/proc")) ?? []
        return entries.compactMap(pid_t.init).filter { statFields(of: $0).map { $0[3] == "\(session)" } ?? false }
    }

    static func children(of parent: pid_t) -> [pid_t] {
        let text = (try? String(contentsOfFile: "/proc/\(parent)/task/\(parent)/children", encoding: .utf8)) ?? ""
        return text.split(separator: " ").compactMap { pid_t($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
    }

    static func command(of pid: pid_t) -> String? {
        (try? String(contentsOfFile: "/proc/\(pid)/comm", encoding: .utf8))?.trimmingCharacters(in: .newlines)
    }

    /// True while `pid` exists and is not a zombie waiting to be reaped.
    static func isRunning(_ pid: pid_t) -> Bool {
        guard let fields = statFields(of: pid) else { return false }
        return fields[0] != "Z" && fields[0] != "X"
    }

    /// The fields of /proc/PID/stat after the command name: state, ppid, pgrp, session, ...
    private static func statFields(of pid: pid_t) -> [Substring]? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
            let end = text.lastIndex(of: ")")
        else { return nil }
        let fields = text[text.index(after: end)...].split(separator: " ")
        return fields.count > 3 ? fields : nil
    }
}

/// The built `tidings` binary and a workspace of feed files, a feed list and a database for it.
final class ReaderWorkspace {
    let folder: URL
    let binary: URL
    var feedList: String { folder.appendingPathComponent("feeds.opml").path }
    var database: String { folder.appendingPathComponent("tidings.db").path }
    var config: String { folder.appendingPathComponent("config.toml").path }

    init(_ test: XCTestCase) throws {
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-reader-e2e-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let folder = self.folder
        test.addTeardownBlock { try? FileManager.default.removeItem(at: folder) }
        binary = try Self.findBinary()
    }

    /// The `tidings` executable built beside the test bundle.
    static func findBinary() throws -> URL {
        try TidingsBinary.url()
    }

    /// Writes two local feeds (one with a title full of escape sequences) and a feed list naming them,
    /// then stores them with `tidings refresh --all`.
    func prepare() throws {
        let alpha = """
            <?xml version="1.0" encoding="UTF-8"?>
            <rss version="2.0"><channel><title>Alpha Wire</title><link>https://alpha.example/</link>
            <item><guid>a1</guid><title>Aardvarks at dawn</title><link>https://alpha.example/1</link>
              <pubDate>Mon, 01 Jan 2024 10:00:00 GMT</pubDate>
              <description>&lt;p&gt;The aardvark body text is here.&lt;/p&gt;</description></item>
            <item><guid>a2</guid><title>Badgers by night</title><link>https://alpha.example/2</link>
              <pubDate>Tue, 02 Jan 2024 10:00:00 GMT</pubDate>
              <description>&lt;p&gt;Badgers cross the zebra crossing.&lt;/p&gt;</description></item>
            <item><guid>a3</guid><title>Cormorants at noon</title><link>https://alpha.example/3</link>
              <pubDate>Wed, 03 Jan 2024 10:00:00 GMT</pubDate>
              <description>&lt;p&gt;Cormorant body.&lt;/p&gt;</description></item>
            </channel></rss>
            """
        let evil = #"""
            {"version": "https://jsonfeed.org/version/1.1",
             "title": "Evil \u001b]0;pwned\u0007\u001b[2J\u001b[31mRed Feed",
             "items": [{"id": "e1", "title": "Sneaky \u001b[5mblink", "content_html": "<p>Evil body</p>",
                        "date_published": "2024-01-04T10:00:00Z"}]}
            """#
        try alpha.write(to: folder.appendingPathComponent("alpha.xml"), atomically: true, encoding: .utf8)
        try evil.write(to: folder.appendingPathComponent("evil.json"), atomically: true, encoding: .utf8)
        let opml = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0"><head><title>Test</title></head><body>
            <outline type="rss" text="Alpha Wire" xmlUrl="file://\(folder.path)/alpha.xml"/>
            <outline type="rss" xmlUrl="file://\(folder.path)/evil.json"/>
            </body></opml>
            """
        try opml.write(toFile: feedList, atomically: true, encoding: .utf8)
        let refresh = try run(["refresh", "--all"])
        XCTAssertEqual(refresh.status, 0, refresh.output)
    }

    /// The shell command that runs the reader in the pane: a marker line first (so the test can see the
    /// screen come back), then the reader, then its exit status, then a long sleep keeping the pane.
    func readerCommand(_ extra: String = "") -> String {
        "printf 'BEFORE-READER\\n'; '\(binary.path)' --feeds '\(feedList)' --db '\(database)' --config '\(config)' \(extra);"
            + " echo READER-EXITED-$?; sleep 600"
    }

    /// Starts an interactive bash (`bash -i`: job control, so the reader is a process group of its
    /// own) in a tmux pane, `started` told of the session at once (to stop it in tearDown), then the
    /// reader in it; returns at its first screen.
    func startInInteractiveShell(_ started: (TmuxSession) -> Void) throws -> TmuxSession {
        guard FileManager.default.isExecutableFile(atPath: "/bin/bash") else { throw XCTSkip("bash is not installed") }
        let session = try TmuxSession(command: "env PS1='PROMPT$ ' /bin/bash --norc --noprofile -i")
        started(session)
        try session.waitFor(text: "PROMPT$")
        try session.send(readerCommand(), literal: true)
        try session.send("Enter")
        try session.waitFor(text: "All unread")
        return session
    }

    /// Runs `tidings ARGS --feeds --db --config` with pipes (no terminal).
    func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments + ["--feeds", feedList, "--db", database, "--config", config]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
