import ArgumentParser
import FeedStore
import Foundation

/// `tidings-bench export`: builds (or reuses) the 100,000-article benchmark database and runs the real
/// `tidings export` binary once per format as a child process, writing to /dev/null, reporting the
/// wall time and the child's peak resident memory (from wait4's rusage). Targets: text under 1 s,
/// html under 2 s, peak under 64 MB.
struct ExportBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "export",
        abstract: "Time `tidings export` per format on a 100,000-article database; print seconds and peak RSS.")

    @OptionGroup var paths: BenchmarkPaths

    @Option(help: "The tidings binary (default: PACKAGE-ROOT/.build/release/tidings).")
    var tidings: String?

    @OptionGroup var size: BenchmarkDatabaseSize

    @Option(help: "Runs per format; the fastest is reported (peak RSS is the largest seen).")
    var runs = 3

    @Option(parsing: .upToNextOption, help: "Formats to time (default: all).")
    var formats: [String] = ["text", "markdown", "html", "json", "rss", "atom", "tsv", "csv"]

    func run() throws {
        let binary = tidings ?? (paths.root as NSString).appendingPathComponent(".build/release/tidings")
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw ValidationError("no tidings binary at \(binary); build it with swift build -c release")
        }
        let database = try paths.dataFile("export-bench.db")
        let fill = try StoreBenchmark.reuseOrBuild(at: database, size: size)
        let feedList = try paths.dataFile("export-bench.opml")
        let config = try paths.dataFile("export-bench.toml")
        print("export: \(fill.articles) articles in \(fill.feeds) feeds, tidings export --format F --output /dev/null")
        for format in formats {
            var best = Double.infinity
            var peak = 0
            for _ in 0..<max(1, runs) {
                let run = try ChildRun.measure(binary, [
                    "export", "--db", database, "--feeds", feedList, "--config", config,
                    "--format", format, "--output", "/dev/null",
                ])
                guard run.status == 0 else {
                    throw ValidationError("tidings export --format \(format) exited \(run.status)")
                }
                best = min(best, run.seconds)
                peak = max(peak, run.peakKilobytes)
            }
            let target = format == "text" ? " (target < 1 s)" : format == "html" ? " (target < 2 s)" : ""
            print(String(
                format: "  %-9@ seconds=%.3f peak_mb=%.1f articles_per_s=%.0f%@",
                format as NSString, best, Double(peak) / 1024, Double(fill.articles) / best, target as NSString))
        }
    }
}

/// One child process run with its wall time and peak resident set size.
///
/// The peak is the child's own `VmHWM`, polled from /proc every 2 ms until it exits: wait4's
/// `ru_maxrss` cannot be used, since posix_spawn starts the child in the parent's address space and
/// Linux carries that space's high-water mark across exec.
struct ChildRun {
    let status: Int32
    let seconds: Double
    let peakKilobytes: Int

    /// Runs `path` with `arguments` (standard output and error inherited) and waits for it.
    static func measure(_ path: String, _ arguments: [String]) throws -> ChildRun {
        let argv = ([path] + arguments).map { strdup($0) }
        defer { argv.forEach { free($0) } }
        let environment = ProcessInfo.processInfo.environment.map { strdup("\($0.key)=\($0.value)") }
        defer { environment.forEach { free($0) } }
        var pid: pid_t = 0
        let start = DispatchTime.now().uptimeNanoseconds
        let spawned = (argv + [nil]).withUnsafeBufferPointer { args in
            (environment + [nil]).withUnsafeBufferPointer { env in
                guard let args = args.baseAddress, let env = env.baseAddress else { return EINVAL }
                return posix_spawn(&pid, path, nil, nil, args, env)
            }
        }
        guard spawned == 0 else { throw ValidationError("cannot run \(path): \(String(cString: strerror(spawned)))") }
        var status: Int32 = 0
        var peak = 0
        while true {
            peak = max(peak, highWaterKilobytes(pid) ?? 0)
            let done = waitpid(pid, &status, WNOHANG)
            if done == pid { break }
            if done < 0 && errno != EINTR { throw ValidationError("waitpid failed: \(String(cString: strerror(errno)))") }
            usleep(2000)
        }
        let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        let exitStatus = (status & 0x7F) == 0 ? (status >> 8) & 0xFF : 128 + (status & 0x7F)
        return ChildRun(status: exitStatus, seconds: seconds, peakKilobytes: peak)
    }

    /// `VmHWM` of a running process, in kB; nil once it has exited.
    private static func highWaterKilobytes(_ pid: pid_t) -> Int? {
        guard let text = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8),
              let line = text.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") })
        else { return nil }
        return Int(line.dropFirst(6).trimmingCharacters(in: .whitespaces).split(separator: " ").first ?? "")
    }
}
