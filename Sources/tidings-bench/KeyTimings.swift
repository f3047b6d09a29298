/// The times of the reader's key presses in `tidings-bench reader`: for each key, the wall time from
/// the key to its frame drawn (what a person waits for) and the UI thread's CPU time in it (what the
/// key costs, whatever else the machine runs), printed as p50/p99/max; and the slowest key by p99,
/// the figure issue 11's "keys p99 <= 10 ms" is read from, and the costliest by CPU p99.
struct KeyTimings {
    /// The times of one key's presses, in milliseconds.
    struct Samples {
        var wall: [Double] = []
        var cpu: [Double] = []

        mutating func append(_ other: Samples) {
            wall += other.wall
            cpu += other.cpu
        }
    }

    private var worst: (name: String, p99: Double)?
    private var worstCPU: (name: String, p99: Double)?

    /// Prints `NAME_ms: p50=… p99=… max=… (n=…) cpu_p50=… cpu_p99=…` and remembers the key when its
    /// p99 is the highest so far.
    mutating func report(_ name: String, _ samples: Samples) {
        let wall = samples.wall.sorted()
        let cpu = samples.cpu.sorted()
        guard !wall.isEmpty else { return }
        let p99 = Self.percentile(99, of: wall)
        let cpuP99 = Self.percentile(99, of: cpu)
        print(String(
            format: "%@_ms: p50=%.3f p99=%.3f max=%.3f (n=%d) cpu_p50=%.3f cpu_p99=%.3f", name,
            Self.percentile(50, of: wall), p99, wall.last ?? 0, wall.count, Self.percentile(50, of: cpu),
            cpuP99))
        if p99 > worst?.p99 ?? -1 { worst = (name, p99) }
        if cpuP99 > worstCPU?.p99 ?? -1 { worstCPU = (name, cpuP99) }
    }

    /// Prints `keys_worst_p99_ms=… key=NAME` and `keys_worst_cpu_p99_ms=… key=NAME`.
    func printWorst() {
        guard let worst, let worstCPU else { return }
        print(String(format: "keys_worst_p99_ms=%.3f key=%@", worst.p99, worst.name))
        print(String(format: "keys_worst_cpu_p99_ms=%.3f key=%@", worstCPU.p99, worstCPU.name))
    }

    /// The value below which `percent` % of the sorted `values` fall (nearest rank); 0 for none.
    private static func percentile(_ percent: Int, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values[min(values.count - 1, values.count * percent / 100)]
    }
}
