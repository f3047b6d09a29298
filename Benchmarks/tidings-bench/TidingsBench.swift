import ArgumentParser
import Foundation

/// Tidings' benchmarks: each subcommand measures one module on a local, deterministic workload and
/// prints its figures as `name=value` fields that Benchmarks/run.sh reads.
@main
struct TidingsBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "tidings-bench",
        abstract: "Measure Tidings' modules on local workloads.",
        subcommands: [
            ParseBenchmark.self,
            DateBenchmark.self,
            FetchBenchmark.self,
            RefreshBenchmark.self,
            StoreBenchCommand.self,
            ExportBenchmark.self,
            SanitizeBenchmark.self,
            ExtractBenchmark.self,
            PlainTextBenchmark.self,
            ReaderBenchmark.self,
            QueryBenchmark.self,
            WriterBenchmark.self,
        ])

    /// On the main actor, so that the reader benchmarks drive the reader where it runs, on the main
    /// thread (ArgumentParser's own `main` runs commands on the global executor).
    @MainActor
    static func main() async {
        do {
            var command = try parseAsRoot()
            if var asyncCommand = command as? AsyncParsableCommand {
                try await asyncCommand.run()
            } else {
                try command.run()
            }
        } catch {
            exit(withError: error)
        }
    }
}
