import ArgumentParser

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
            ReaderBenchmark.self,
            QueryBenchmark.self,
        ])
}
