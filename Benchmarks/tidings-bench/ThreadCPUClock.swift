import Foundation

/// Processor time of the calling thread, for benchmarks that loop on one thread on a machine others
/// share (wall time would count their work too).
enum ThreadCPUClock {
    /// The calling thread's CPU time in seconds.
    static func seconds() -> Double {
        var time = timespec()
        clock_gettime(CLOCK_THREAD_CPUTIME_ID, &time)
        return Double(time.tv_sec) + Double(time.tv_nsec) / 1e9
    }

    /// Runs `round` again and again until it has taken at least `minimum` CPU seconds of this thread;
    /// returns how many rounds ran, their CPU seconds and their wall seconds.
    static func repeatRounds(forAtLeast minimum: Double, _ round: () -> Void)
        -> (rounds: Int, cpu: Double, wall: Double)
    {
        var rounds = 0
        let cpuStart = seconds()
        let wallStart = DispatchTime.now().uptimeNanoseconds
        repeat {
            round()
            rounds += 1
        } while seconds() - cpuStart < minimum
        let cpu = seconds() - cpuStart
        return (rounds, cpu, Double(DispatchTime.now().uptimeNanoseconds - wallStart) / 1e9)
    }
}
