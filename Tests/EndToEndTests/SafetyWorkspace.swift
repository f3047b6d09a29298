import Foundation
import TestSupport
import XCTest

/// One command of the data-safety suite, without `--feeds`, `--db` and `--config`, and what it does
/// with the files.
struct SafetyCommand {
    let name: String
    let arguments: [String]
    /// Reads the feed list (so a malformed one makes it exit 65).
    var readsList = true
    /// Would rewrite the feed list (so a read-only one makes it exit 73).
    var rewritesList = false
    var opensDatabase = true
    /// Prints its result on standard output (so /dev/full makes it exit 74).
    var printsOutput = false
    var successStatus: Int32 = 0
    /// The terminal reader, run in tmux.
    var isReader = false

    init(
        name: String, arguments: [String], readsList: Bool = true, rewritesList: Bool = false,
        opensDatabase: Bool = true, printsOutput: Bool = false, successStatus: Int32 = 0, isReader: Bool = false
    ) {
        self.name = name
        self.arguments = arguments
        self.readsList = readsList
        self.rewritesList = rewritesList
        self.opensDatabase = opensDatabase
        self.printsOutput = printsOutput
        self.successStatus = successStatus
        self.isReader = isReader
    }

    /// Every command of `tidings`, each with arguments that would change something when it can.
    static func all(_ workspace: SafetyWorkspace) -> [SafetyCommand] {
        [
            SafetyCommand(
                name: "parse list", arguments: ["parse", workspace.feedList], opensDatabase: false, successStatus: 65),
            SafetyCommand(
                name: "parse feed", arguments: ["parse", workspace.feedFile("rss20.xml")], readsList: false,
                opensDatabase: false, printsOutput: true),
            SafetyCommand(
                name: "feeds add", arguments: ["feeds", "add", "--no-check", "http://127.0.0.1:9/new.xml"],
                rewritesList: true),
            SafetyCommand(name: "feeds remove", arguments: ["feeds", "remove", workspace.extraFeedURL], rewritesList: true),
            SafetyCommand(name: "feeds list", arguments: ["feeds", "list"], printsOutput: true),
            SafetyCommand(name: "feeds import", arguments: ["feeds", "import", workspace.importFile], rewritesList: true),
            SafetyCommand(name: "feeds export", arguments: ["feeds", "export"], printsOutput: true),
            SafetyCommand(name: "refresh", arguments: ["refresh", "--all"]),
            SafetyCommand(name: "export", arguments: ["export", "--format", "csv"], printsOutput: true),
            SafetyCommand(name: "count", arguments: ["count"], printsOutput: true),
            SafetyCommand(name: "reader", arguments: [], isReader: true),
        ]
    }
}

/// A folder with real feed files (copied from Feeds/), a feed list naming them, and a database
/// holding their articles with some read and some starred, kept as a baseline each case starts from.
final class SafetyWorkspace {
    /// What a command left: exit status and both streams.
    struct Outcome {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    let folder: String
    let binary: URL
    var feedList: String { folder + "/feeds.opml" }
    var database: String { folder + "/db/tidings.db" }
    var config: String { folder + "/config.toml" }
    var importFile: String { folder + "/import-urls" }
    let extraFeedURL: String
    private(set) var goodList = Data()
    /// The feeds whose articles carry marks.
    private(set) var markedFeedURLs: [String] = []
    /// `id|feed url|read|starred` for every article of the baseline.
    private var baseline: Set<String> = []
    private let testCase: XCTestCase

    init(_ testCase: XCTestCase) throws {
        self.testCase = testCase
        folder = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-safety-\(UUID().uuidString)").path
        extraFeedURL = "file://\(folder)/feeds/empty.xml"
        binary = try ReaderWorkspace.findBinary()
        guard FileManager.default.isExecutableFile(atPath: "/usr/bin/sqlite3") else {
            throw XCTSkip("sqlite3 is not installed (make test installs it)")
        }
        let manager = FileManager.default
        try manager.createDirectory(atPath: folder + "/feeds", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/db", withIntermediateDirectories: true)
        try manager.createDirectory(atPath: folder + "/baseline", withIntermediateDirectories: true)
        let folder = self.folder
        testCase.addTeardownBlock {
            _ = try? SafetyWorkspace.shell("chattr -i '\(folder)/db' 2>/dev/null; chmod -R u+w '\(folder)'")
            try? FileManager.default.removeItem(atPath: folder)
        }
        let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Feeds")
        for name in ["rss20.xml", "atom10.xml", "jsonfeed11.json"] {
            try manager.copyItem(atPath: source.appendingPathComponent(name).path, toPath: feedFile(name))
        }
        try Data("<rss version=\"2.0\"><channel><title>Empty</title></channel></rss>".utf8)
            .write(to: URL(fileURLWithPath: feedFile("empty.xml")))
        try Data("http://127.0.0.1:9/imported.xml \"~Imported\" news\n".utf8).write(to: URL(fileURLWithPath: importFile))
        markedFeedURLs = ["rss20.xml", "atom10.xml", "jsonfeed11.json"].map { "file://\(folder)/feeds/\($0)" }
        let list = """
            <?xml version="1.0" encoding="UTF-8"?>
            <opml version="2.0">
              <head><title>Safety &amp; Co</title></head>
              <body>
                <outline text="News &amp; Views" title="Deep &lt;Field&gt; &quot;café&quot;">
                  <outline type="rss" text="Deep" xmlUrl="\(markedFeedURLs[0])"/>
                  <outline type="rss" text="Coast" xmlUrl="\(markedFeedURLs[1])"/>
                </outline>
                <outline type="rss" text="日本語 JSON" xmlUrl="\(markedFeedURLs[2])"/>
                <outline type="rss" text="Empty" xmlUrl="\(extraFeedURL)"/>
              </body>
            </opml>

            """
        goodList = Data(list.utf8)
        try goodList.write(to: URL(fileURLWithPath: feedList))
        let refresh = try run(SafetyCommand(name: "refresh", arguments: ["refresh", "--all"]))
        XCTAssertEqual(refresh.status, 0, refresh.stderr)
        try Self.shell("""
            sqlite3 '\(database)' "UPDATE articles SET read = 1 WHERE id % 3 = 0; \
            UPDATE articles SET starred = 1 WHERE id % 4 = 1;"
            """)
        baseline = try snapshot()
        let marks = baseline.map { $0.split(separator: "|") }
        XCTAssertGreaterThan(baseline.count, 10)
        XCTAssertTrue(marks.contains { $0[2] == "1" } && marks.contains { $0[2] == "0" } && marks.contains { $0[3] == "1" })
        XCTAssertEqual(Set(marks.map { String($0[1]) }), Set(markedFeedURLs))
        try Self.shell("cp '\(folder)'/db/* '\(folder)/baseline/'")
    }

    func feedFile(_ name: String) -> String { folder + "/feeds/" + name }

    /// Puts the baseline database back and writes `list` as the feed list (removing any backup). A
    /// big list is written once and linked into place after that: a command that replaced the list
    /// would replace the link, not the original.
    func reset(list: Data) throws {
        let manager = FileManager.default
        for name in try manager.contentsOfDirectory(atPath: folder + "/db") { try manager.removeItem(atPath: folder + "/db/" + name) }
        for name in try manager.contentsOfDirectory(atPath: folder) where name.hasPrefix("feeds.opml") {
            try manager.removeItem(atPath: folder + "/" + name)
        }
        for name in try manager.contentsOfDirectory(atPath: folder + "/baseline") {
            try manager.copyItem(atPath: folder + "/baseline/" + name, toPath: folder + "/db/" + name)
        }
        guard list.count > 1 << 20 else { return try list.write(to: URL(fileURLWithPath: feedList)) }
        let original = folder + "/big-\(list.count).opml"
        if !FileManager.default.fileExists(atPath: original) { try list.write(to: URL(fileURLWithPath: original)) }
        XCTAssertEqual(link(original, feedList), 0)
    }

    func listBytes(backup: Bool = false) throws -> Data {
        try Data(contentsOf: URL(fileURLWithPath: backup ? feedList + ".bak" : feedList))
    }

    /// Runs `command` on the workspace's files: through /bin/sh (after `shellPrefix`), or in tmux for
    /// the reader.
    func run(_ command: SafetyCommand, shellPrefix: String = "") throws -> Outcome {
        let files = command.arguments.first == "parse" ? [] : ["--feeds", feedList, "--db", database, "--config", config]
        let err = folder + "/err.txt"
        let quoted = ([binary.path] + command.arguments + files).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
            .joined(separator: " ")
        if command.isReader { return try runReader(quoted, err: err) }
        // Through pipes, not files: a file size limit (`ulimit -f`) would also stop the messages.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", "\(shellPrefix) exec \(quoted)"]
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardOutput = stdout
        process.standardError = stderr
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let outData = stdout.fileHandleForReading.readDataToEndOfFile()
        let errData = stderr.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Outcome(
            status: process.terminationStatus, stdout: String(decoding: outData, as: UTF8.self),
            stderr: String(decoding: errData, as: UTF8.self))
    }

    /// The reader in a tmux pane: quit with Q once its first screen is up (or wait for it to exit by
    /// itself, as it does when it cannot start).
    private func runReader(_ quoted: String, err: String) throws -> Outcome {
        let session = try TmuxSession(command: "\(quoted) 2>'\(err)'; echo READER-EXITED-$?; sleep 600", width: 100, height: 30)
        defer { session.stop() }
        let rows = try session.waitFor("the reader's first screen or its exit") { rows in
            rows.contains { $0.contains("READER-EXITED-") || $0.contains("Starred") }
        }
        if !rows.contains(where: { $0.contains("READER-EXITED-") }) { try session.send("Q") }
        let final = try session.waitFor(text: "READER-EXITED-")
        let marker = final.first { $0.contains("READER-EXITED-") } ?? ""
        let status = Int32(marker.components(separatedBy: "READER-EXITED-").last?.trimmingCharacters(in: .whitespaces) ?? "") ?? -1
        return Outcome(status: status, stdout: "", stderr: (try? String(contentsOfFile: err, encoding: .utf8)) ?? "")
    }

    /// Makes the database's folder unwritable (`chattr +i` as root, who ignores permissions; `chmod
    /// 555` otherwise) or writable again; false when that is not possible here.
    func lockDatabaseFolder(_ locked: Bool) throws -> Bool {
        let path = folder + "/db"
        if getuid() == 0 {
            return try Self.shell("chattr \(locked ? "+" : "-")i '\(path)' 2>/dev/null", check: false) == 0
        }
        return chmod(path, locked ? 0o555 : 0o755) == 0
    }

    /// Starts `flock -x LOCK sleep 60` in a process group of its own and returns once it holds the
    /// refresh lock; `release` kills the group (flock's child keeps the lock too) and reaps it.
    /// Spawned with posix_spawn rather than `Process`, which may never reap a killed child here.
    func holdRefreshLock() throws -> LockHolder {
        let lock = database + ".refresh-lock"
        let argv = ["/usr/bin/flock", "-x", lock, "sleep", "60"]
        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        posix_spawnattr_setflags(&attributes, Int16(POSIX_SPAWN_SETPGROUP))
        posix_spawnattr_setpgroup(&attributes, 0)
        var cArguments = argv.map { strdup($0) } + [nil]
        defer { for pointer in cArguments { free(pointer) } }
        var pid: pid_t = 0
        let spawned = posix_spawn(&pid, argv[0], nil, &attributes, &cArguments, environ)
        guard spawned == 0 else { throw POSIXError(POSIXErrorCode(rawValue: spawned) ?? .EIO) }
        var attempts = 0
        while attempts < 250, try Self.shell("flock -n '\(lock)' true", check: false) == 0 {
            Thread.sleep(forTimeInterval: 0.02)
            attempts += 1
        }
        return LockHolder(pid: pid)
    }

    /// A process group holding the refresh lock.
    struct LockHolder {
        let pid: pid_t

        func release() {
            kill(-pid, SIGKILL)
            var status: Int32 = 0
            while waitpid(pid, &status, 0) < 0, errno == EINTR {}
        }
    }

    /// `id|feed url|read|starred` for every article in the database.
    func snapshot() throws -> Set<String> {
        let out = folder + "/snapshot.txt"
        try Self.shell("""
            sqlite3 -separator '|' '\(database)' "SELECT a.id, f.url, a.read, a.starred FROM articles a \
            JOIN feeds f ON f.id = a.feed_id" > '\(out)'
            """)
        return Set(try String(contentsOfFile: out, encoding: .utf8).split(separator: "\n").map(String.init))
    }

    /// Fails the test unless every article of the baseline is still there with the same marks.
    func assertNothingLost(_ label: String, file: StaticString = #filePath, line: UInt = #line) throws {
        let missing = baseline.subtracting(try snapshot())
        XCTAssertTrue(missing.isEmpty, "\(label): \(missing.count) articles or marks lost, e.g. \(missing.sorted().prefix(3))",
                      file: file, line: line)
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: folder).filter { $0.hasSuffix(".tmp") }
        XCTAssertEqual(leftovers, [], "\(label): temporary files left behind", file: file, line: line)
    }

    /// Fails the test unless standard error is one `tidings: ` line (naming `path` when given).
    func assertOneLine(_ outcome: Outcome, mentioning path: String?, _ label: String, file: StaticString = #filePath, line: UInt = #line) {
        XCTAssertTrue(outcome.stderr.hasPrefix("tidings: "), "\(label): \(outcome.stderr)", file: file, line: line)
        XCTAssertEqual(outcome.stderr.filter { $0 == "\n" }.count, 1, "\(label): not one line: \(outcome.stderr)", file: file, line: line)
        if let path { XCTAssertTrue(outcome.stderr.contains(path), "\(label): \(outcome.stderr)", file: file, line: line) }
        for word in ["NSCocoaErrorDomain", "Error Domain", "PRAGMA", "while executing", "SQLite error"] {
            XCTAssertFalse(outcome.stderr.contains(word), "\(label): \(outcome.stderr)", file: file, line: line)
        }
    }

    /// The malformed feed lists, by name; big ones generated here.
    func malformedLists() throws -> [(String, Data)] {
        let text = String(decoding: goodList, as: UTF8.self)
        var random = SplitMix(seed: 9)
        let binary = Data((0..<3000).map { _ in UInt8(truncatingIfNeeded: random.next()) })
        var big = Data("<?xml version=\"1.0\"?>\n<opml version=\"2.0\"><body>\n".utf8)
        let padding = String(repeating: "x", count: 200)
        var index = 0
        while big.count < 50 << 20 {
            big.append(Data("<outline text=\"\(padding)\" xmlUrl=\"http://big.example/\(index)\"/>\n".utf8))
            index += 1
        }
        big.append(Data("</body></opml>\n".utf8))
        var bomb = "<?xml version=\"1.0\"?>\n<!DOCTYPE opml [<!ENTITY a0 \"lol\">"
        for level in 1...9 { bomb += "<!ENTITY a\(level) \"" + String(repeating: "&a\(level - 1);", count: 10) + "\">" }
        bomb += "]>\n<opml version=\"2.0\"><body><outline text=\"&a9;\" xmlUrl=\"http://bomb.example/\"/></body></opml>\n"
        let external = """
            <?xml version="1.0"?>
            <!DOCTYPE opml [<!ENTITY secret SYSTEM "file:///etc/passwd">]>
            <opml version="2.0"><body><outline text="&secret;" xmlUrl="http://x.example/"/></body></opml>

            """
        return [
            ("stray <", Data(text.replacingOccurrences(of: "text=\"Deep\"", with: "text=\"Deep < Field\"").utf8)),
            ("bare &", Data(text.replacingOccurrences(of: "text=\"Coast\"", with: "text=\"Coast & Sea\"").utf8)),
            ("unclosed outline", Data(text.replacingOccurrences(of: "</outline>", with: "").utf8)),
            ("truncated", goodList.prefix(goodList.count * 6 / 10)),
            ("wrong root", Data("<?xml version=\"1.0\"?>\n<html><body><p>Not a feed list</p></body></html>\n".utf8)),
            ("binary", binary),
            ("empty", Data()),
            ("50 MB", big),
            ("10,000 deep", Data(("<opml version=\"2.0\"><body>" + String(repeating: "<outline text=\"d\">", count: 10_000)
                + String(repeating: "</outline>", count: 10_000) + "</body></opml>").utf8)),
            ("entity bomb", Data(bomb.utf8)),
            ("external entity", Data(external.utf8)),
        ]
    }

    /// The good list padded with empty folders (which hold no feeds) to at least `bytes`.
    func paddedList(bytes: Int) -> Data {
        var padding = ""
        var index = 0
        while goodList.count + padding.utf8.count < bytes {
            padding += "    <outline text=\"padding folder \(index) \(String(repeating: "p", count: 100))\"/>\n"
            index += 1
        }
        return Data(String(decoding: goodList, as: UTF8.self).replacingOccurrences(of: "  </body>", with: padding + "  </body>").utf8)
    }

    /// The good list as UTF-16 (little-endian, with a byte order mark and a matching declaration).
    func utf16List() throws -> Data {
        let text = String(decoding: goodList, as: UTF8.self).replacingOccurrences(of: "encoding=\"UTF-8\"", with: "encoding=\"UTF-16\"")
        return Data([0xFF, 0xFE]) + (text.data(using: .utf16LittleEndian) ?? Data())
    }

    /// Runs `script` with /bin/sh; returns its status (throws on a non-zero one when `check`).
    @discardableResult
    static func shell(_ script: String, check: Bool = true) throws -> Int32 {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = ["-c", script]
        process.standardInput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        if check, process.terminationStatus != 0 {
            XCTFail("shell failed (\(process.terminationStatus)): \(script)")
        }
        return process.terminationStatus
    }
}
