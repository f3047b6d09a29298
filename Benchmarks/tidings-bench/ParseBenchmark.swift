import ArgumentParser
import FeedModel
import Foundation
import ReaderControllers

/// `tidings-bench parse [--floor-mbps X] FILE...`: parses each file into model values, once keeping
/// the whole feed (every `Article` held) and once streaming (each article dropped as it comes), and
/// prints MB/s, items/s and peak memory for each form, with the share of the libxml2 floor when given.
///
/// Each form runs in its own child process (this program with the hidden `--mode`), so that the
/// peak resident memory (VmHWM) of one form is not mixed into the other's.
struct ParseBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "parse",
        abstract: "Parse feed files into model values (whole feed and streaming): MB/s, items/s, peak memory.")

    @Option(help: "The libxml2 SAX2 floor in MB/s for these files (Benchmarks/libxml2_floor.c), to print the share.")
    var floorMbps: Double?

    @Option(help: "Timed parses per form; the best is reported.")
    var runs = 3

    @Option(help: .hidden)
    var mode: String?

    @Argument(help: "Feed files.")
    var files: [String]

    func run() throws {
        if let mode {
            if mode == "dump" {
                for file in files { try dump(file) }
                return
            }
            guard let form = Form(rawValue: mode) else { throw ValidationError("--mode is whole, stream or dump") }
            for file in files { try measure(file, form) }
            return
        }
        for file in files {
            let size = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
            print("\((file as NSString).lastPathComponent) (\(size) bytes)")
            for form in Form.allCases {
                let fields = try child(file, form)
                var line = "model values, \(form.label): \(fields)"
                let values = Self.fields(fields)
                if let floorMbps, floorMbps > 0, let mbps = values["mb_per_s"] {
                    line += String(format: " floor_pct=%.0f", mbps / floorMbps * 100)
                }
                if let peak = values["peak_mb"], size >= 1 << 20 {
                    line += String(format: " peak_x_doc=%.2f", peak * 1_048_576 / Double(size))
                }
                print(line)
            }
        }
    }

    /// The two ways a caller gets model values.
    enum Form: String, CaseIterable {
        case whole, stream

        var label: String { self == .whole ? "whole feed " : "streaming  " }
    }

    /// Parses `file` `runs` times in this process and prints one line of fields. A small file is
    /// parsed repeatedly within each timed run (about 20 MB worth) so that the clock can see it.
    ///
    /// A whole feed's parse ends when the caller holds the `Feed`, as a streaming parse's ends when
    /// its last article has been handed over: freeing the feed afterwards (every string and array of
    /// the model) is timed apart and printed as `release_s`, so that the two can be added.
    private func measure(_ file: String, _ form: Form) throws {
        let fileSize = (try? FileManager.default.attributesOfItem(atPath: file)[.size] as? Int) ?? 0
        let repeats = max(1, 20_000_000 / max(1, fileSize))
        var best = Double.infinity
        var leastRelease = Double.infinity
        var items = 0
        var bytes = 0
        for _ in 0..<max(1, runs) {
            var size = 0
            var parsing: UInt64 = 0
            var releasing: UInt64 = 0
            for _ in 0..<repeats {
                let descriptor = open(file, O_RDONLY)
                guard descriptor >= 0 else { throw ValidationError("cannot open \(file)") }
                defer { close(descriptor) }
                let chunks = FileChunks(descriptor: descriptor).lazy.map { chunk -> [UInt8] in
                    size += chunk.count
                    return chunk
                }
                let start = DispatchTime.now().uptimeNanoseconds
                switch form {
                case .whole:
                    var feed: Feed? = try FeedParser.parse(chunks: chunks)
                    // Held until the clock is read: the optimizer may otherwise free it after its last use.
                    let parsed = withExtendedLifetime(feed) { () -> UInt64 in
                        items = feed?.items.count ?? 0
                        return DispatchTime.now().uptimeNanoseconds
                    }
                    parsing += parsed - start
                    feed = nil
                    releasing += DispatchTime.now().uptimeNanoseconds - parsed
                case .stream:
                    var count = 0
                    _ = try FeedParser.parse(chunks: chunks, onHeader: { _ in }, onItem: { _ in count += 1 })
                    items = count
                    parsing += DispatchTime.now().uptimeNanoseconds - start
                }
            }
            best = min(best, Double(parsing) / 1e9 / Double(repeats))
            leastRelease = min(leastRelease, Double(releasing) / 1e9 / Double(repeats))
            bytes = size / repeats
        }
        let peak = ProcessStatus.megabytes(ProcessStatus.kilobytes("VmHWM"))
        print(String(
            format: "mb_per_s=%.1f items_per_s=%.0f peak_mb=%.1f seconds=%.5f items=%d",
            Double(bytes) / 1e6 / best, Double(items) / best, peak, best, items)
            + (form == .whole ? String(format: " release_s=%.5f", leastRelease) : ""))
    }

    /// Prints the model values of `file` (`ModelDump`), read in chunks as `tidings parse` reads it, or
    /// the parse error.
    private func dump(_ file: String) throws {
        let descriptor = open(file, O_RDONLY)
        guard descriptor >= 0 else { throw ValidationError("cannot open \(file)") }
        defer { close(descriptor) }
        do {
            let feed = try FeedParser.parse(chunks: FileChunks(descriptor: descriptor))
            print(ModelDump.lines(of: feed), terminator: "")
        } catch {
            print("error \(error)")
        }
    }

    /// Runs this program on one file in one form and returns the fields it printed.
    private func child(_ file: String, _ form: Form) throws -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        process.arguments = ["parse", "--mode", form.rawValue, "--runs", String(runs), file]
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        let output = pipe.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        let text = String(decoding: output, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
        guard process.terminationStatus == 0 else { return "failed (exit \(process.terminationStatus))" }
        return text
    }

    private static func fields(_ line: String) -> [String: Double] {
        var out: [String: Double] = [:]
        for part in line.split(separator: " ") {
            let pair = part.split(separator: "=", maxSplits: 1)
            if pair.count == 2, let v = Double(pair[1]) { out[String(pair[0])] = v }
        }
        return out
    }
}
