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
            descriptor = open(path, O_RDONLY | O_CLOEXEC)
            if descriptor < 0 {
                let reason = String(cString: strerror(errno))
                throw CommandOutput.failure(CommandFailure(message: "cannot open \(path): \(reason)", status: .noInput))
            }
        }
        defer { if descriptor > 0 { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandOutput.failure(CommandFailure(
                message: "\(path) is a directory; give the path of a feed file (or - for standard input)",
                status: .noInput))
        }
        let controller = ParseController(baseURL: base, raw: raw)
        let chunks = FileChunks(descriptor: descriptor)
        var writeFailure: (any Error)?
        var parseFailure: (any Error)?
        var complete = true
        do {
            complete = try controller.run(chunks: chunks) { bytes in
                guard writeFailure == nil else { return }
                do { try CommandOutput.write(bytes) } catch { writeFailure = error }
            }.isComplete
        } catch {
            parseFailure = error
        }
        // A failed read is the failure, whatever the parser made of the input cut short by it.
        if let readError = chunks.readError {
            let name = path == "-" ? "standard input" : path
            throw CommandOutput.failure(CommandFailure(
                message: "cannot read \(name): \(String(cString: strerror(readError)))", status: .ioError))
        }
        if let parseFailure {
            let failure = CommandFailure(parseFailure)
            throw CommandOutput.failure(CommandFailure(
                message: path == "-" ? failure.message : "\(path): \(failure.message)", status: failure.status))
        }
        if let writeFailure { throw CommandOutput.failure(writeFailure) }
        // Still a feed (exit 0, as for any recovered document), but a script must not take it for all of it.
        if !complete {
            CommandOutput.error(
                "\(path == "-" ? "standard input" : path): incomplete: its root element (JSON: top-level object) "
                    + "never closes (cut off?); only the items that closed before its end were written")
        }
    }
}
