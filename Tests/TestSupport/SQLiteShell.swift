import Foundation
import XCTest

/// The sqlite3 shell, for tests that read a database the way a user would, apart from Tidings.
public enum SQLiteShell {
    /// Runs `sql` (read from standard input, so several statements may follow one another) on the
    /// database at `path`; returns standard output and error, trimmed. A failing shell fails the test.
    public static func run(_ path: String, _ sql: String) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/sqlite3")
        process.arguments = ["-batch", path]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = output
        try process.run()
        input.fileHandleForWriting.write(Data(sql.utf8))
        try input.fileHandleForWriting.close()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        XCTAssertEqual(process.terminationStatus, 0, text)
        return text
    }
}
