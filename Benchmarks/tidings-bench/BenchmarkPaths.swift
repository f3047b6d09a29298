import ArgumentParser
import Foundation
import TerminalView

/// The options Benchmarks/run.sh passes to every benchmark: where the package is (its Feeds/, the test
/// server script, the release binaries) and where benchmark data is kept between runs. A benchmark
/// that needs neither still accepts them.
struct BenchmarkPaths: ParsableArguments {
    @Option(help: "The package root (default: the working directory, or found from it for the test server script).")
    var packageRoot: String?

    @Option(help: "Benchmark data directory; databases are kept there between runs (default: .build/bench-data).")
    var data: String?

    /// The package root, or the working directory.
    var root: String { packageRoot ?? "." }

    /// The data directory, or .build/bench-data.
    var dataDirectory: String { data ?? ".build/bench-data" }

    /// The path of `name` in the data directory, which is created when missing.
    func dataFile(_ name: String) throws -> String {
        try FileManager.default.createDirectory(atPath: dataDirectory, withIntermediateDirectories: true)
        return (dataDirectory as NSString).appendingPathComponent(name)
    }
}

/// The size of the benchmark database of `StoreBenchmark.makeDatabase`.
struct BenchmarkDatabaseSize: ParsableArguments {
    @Option(help: "Feeds in the database.")
    var feeds = 500

    @Option(help: "Articles per feed.")
    var articlesPerFeed = 200
}

/// How long a benchmark that times sets of inputs repeats each set, in the thread's CPU time.
struct BenchmarkCPUTime: ParsableArguments {
    @Option(help: "Minimum CPU seconds per set.")
    var seconds: Double = 1.5
}

/// The size of the headless terminal the reader benchmarks draw on.
struct BenchmarkTerminalSize: ParsableArguments {
    @Option(help: "Terminal size, COLUMNSxROWS.")
    var size = "120x40"

    /// `size` as a terminal size.
    func parsed() throws -> TerminalSize {
        let parts = size.split(separator: "x").compactMap { Int($0) }
        guard parts.count == 2 else { throw ValidationError("--size must look like 120x40") }
        return TerminalSize(width: parts[0], height: parts[1])
    }
}
