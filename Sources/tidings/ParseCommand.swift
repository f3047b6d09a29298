import ArgumentParser
import Foundation
import ReaderControllers

/// `tidings parse [--base URL] [--raw] [PATH | -]`: one feed document to JSON Feed 1.1 on standard output.
struct ParseCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse a feed document and print it as JSON Feed 1.1.")

    @Option(name: .long, help: ArgumentHelp("The document's URL, for resolving relative links.", valueName: "URL"))
    var base: String?

    @Flag(name: .long, help: "Keep HTML content as the feed sent it (no sanitizing).")
    var raw = false

    @Argument(help: ArgumentHelp("The feed file, or - for standard input.", valueName: "PATH"))
    var path: String = "-"

    func run() throws {
        let descriptor: Int32
        if path == "-" {
            descriptor = 0
        } else {
            descriptor = open(path, O_RDONLY)
            if descriptor < 0 {
                let reason = String(cString: strerror(errno))
                CommandOutput.error("cannot open \(path): \(reason)")
                throw ExitCode(66)
            }
        }
        defer { if descriptor > 0 { close(descriptor) } }
        let controller = ParseController(baseURL: base, raw: raw)
        do {
            try controller.run(chunks: FileChunks(descriptor: descriptor)) { CommandOutput.write($0) }
        } catch {
            CommandOutput.error(error.description)
            throw ExitCode(65)
        }
    }
}

/// Writing to the standard streams with write(2) (the C globals `stdout`/`stderr` are off limits in Swift 6).
enum CommandOutput {
    static func write(_ bytes: [UInt8]) {
        bytes.withUnsafeBytes { raw in
            guard let base = raw.baseAddress else { return }
            var offset = 0
            while offset < raw.count {
                let n = Foundation.write(1, base + offset, raw.count - offset)
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                offset += n
            }
        }
    }

    static func error(_ message: String) {
        let line = Array("tidings: \(message)\n".utf8)
        line.withUnsafeBytes { _ = Foundation.write(2, $0.baseAddress, $0.count) }
    }
}
