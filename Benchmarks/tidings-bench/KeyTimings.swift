/// The times of the reader's key presses in `tidings-bench reader`: for each key, the wall time from
/// the key to its frame drawn (what a person waits for) and the UI thread's CPU time in it (what the
/// key costs, whatever else the machine runs), printed as p50/p99/max; and the slowest key by p99,
/// the figure issue 11's "keys p99 <= 10 ms" is read from, and the costliest by CPU p99. For each key
/// also how many presses made the UI thread read from storage (the page cache did not hold what it
/// read: it waited for the disk) and how many kilobytes, in all keys together too; and where the wall
/// time of the press at the p99 rank went: CPU, waiting for a core (run queue), blocked (the disk);
/// and the time blocked over all presses of the key (`blocked_ms`, p99 and sum), which a busy
/// machine's run-queue waits do not blur as they do wall time.
struct KeyTimings {
    /// The times of one key's presses, in milliseconds, and the UI thread's storage reads in bytes.
    struct Samples {
        var wall: [Double] = []
        var cpu: [Double] = []
        var storageBytes: [Int] = []
        /// Time runnable but waiting for a core, per press (empty where the kernel does not say).
        var runQueue: [Double] = []

        mutating func append(_ other: Samples) {
            wall += other.wall
            cpu += other.cpu
            storageBytes += other.storageBytes
            runQueue += other.runQueue
        }
    }

    private var presses = 0
    private var pressesReadingStorage = 0
    private var storageBytes = 0

    private var worst: (name: String, p99: Double)?
    private var worstCPU: (name: String, p99: Double)?

    /// Prints `NAME_ms: p50=… p99=… max=… (n=…) cpu_p50=… cpu_p99=… disk_presses=… disk_kb=…
    /// p99_press=CPU/RUNQ/BLOCKED blocked_ms: p99=… sum=…` and remembers the key when its p99 is the highest so far.
    mutating func report(_ name: String, _ samples: Samples) {
        let wall = samples.wall.sorted()
        let cpu = samples.cpu.sorted()
        guard !wall.isEmpty else { return }
        let p99 = Self.percentile(99, of: wall)
        let cpuP99 = Self.percentile(99, of: cpu)
        let reading = samples.storageBytes.filter { $0 > 0 }
        let kilobytes = reading.reduce(0, +) / 1024
        presses += wall.count
        pressesReadingStorage += reading.count
        storageBytes += kilobytes * 1024
        // The press at the p99 rank of wall time, and where its time went.
        var parts = ""
        let ranked = samples.wall.indices.sorted { samples.wall[$0] < samples.wall[$1] }
        let index = ranked[min(ranked.count - 1, ranked.count * 99 / 100)]
        if samples.runQueue.count == samples.wall.count {
            let (press, cpuTime, waiting) = (samples.wall[index], samples.cpu[index], samples.runQueue[index])
            parts = String(
                format: " p99_press=%.1f/%.1f/%.1f", cpuTime, waiting, max(0, press - cpuTime - waiting))
            let blocked = samples.wall.indices.map { max(0, samples.wall[$0] - samples.cpu[$0] - samples.runQueue[$0]) }
            parts += String(
                format: " blocked_ms: p99=%.1f sum=%.1f", Self.percentile(99, of: blocked.sorted()), blocked.reduce(0, +))
        }
        print(String(
            format: "%@_ms: p50=%.3f p99=%.3f max=%.3f (n=%d) cpu_p50=%.3f cpu_p99=%.3f disk_presses=%d disk_kb=%d%@",
            name, Self.percentile(50, of: wall), p99, wall.last ?? 0, wall.count, Self.percentile(50, of: cpu),
            cpuP99, reading.count, kilobytes, parts))
        if p99 > worst?.p99 ?? -1 { worst = (name, p99) }
        if cpuP99 > worstCPU?.p99 ?? -1 { worstCPU = (name, cpuP99) }
    }

    /// Prints `keys_worst_p99_ms=… key=NAME`, `keys_worst_cpu_p99_ms=… key=NAME` and
    /// `keys_disk_presses=… of … disk_kb=…` (presses whose UI thread read from storage).
    func printWorst() {
        guard let worst, let worstCPU else { return }
        print(String(format: "keys_worst_p99_ms=%.3f key=%@", worst.p99, worst.name))
        print(String(format: "keys_worst_cpu_p99_ms=%.3f key=%@", worstCPU.p99, worstCPU.name))
        print("keys_disk_presses=\(pressesReadingStorage) of \(presses) disk_kb=\(storageBytes / 1024)")
    }

    /// The value below which `percent` % of the sorted `values` fall (nearest rank); 0 for none.
    private static func percentile(_ percent: Int, of values: [Double]) -> Double {
        guard !values.isEmpty else { return 0 }
        return values[min(values.count - 1, values.count * percent / 100)]
    }
}
