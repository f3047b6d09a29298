import ArgumentParser
import FeedHTML
import FeedModel
import Foundation

/// `tidings-bench dates`: runs `DateParser.parse` over the dates feeds carry most (RFC 822 with a
/// numeric offset or GMT, RFC 3339 with and without fractions) and over a mixed set of rarer forms,
/// and prints dates/s per set from the thread's CPU time (the machine may be shared).
struct DateBenchmark: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "dates",
        abstract: "Parse feed dates (RFC 822, RFC 3339, rarer forms): dates/s.")

    @OptionGroup var paths: BenchmarkPaths

    @OptionGroup var time: BenchmarkCPUTime

    static let rfc822 = [
        "Sat, 28 Feb 2004 18:14:55 GMT", "Mon, 07 Sep 2020 14:22:10 +0100", "Fri, 22 Nov 2024 17:05:33 +0000",
        "Thu, 05 Dec 2024 08:00:00 CST", "Wed, 1 Jun 2016 2:31:46 -0700", "Tue, 19 Jan 2038 03:14:07 GMT",
    ]
    static let rfc3339 = [
        "2004-02-28T18:14:55-08:00", "2024-06-01T15:22:01.001+00:00", "2003-12-13T18:30:02Z",
        "2025-11-21T07:45:00+01:00", "2020-02-29T23:59:59.999Z", "1996-12-19T16:39:57-08:00",
    ]
    static let rarer = [
        "Saturday, February 28, 2004 18:14:55 GMT", "28-Feb-04 18:14:55 +0100", "jeu., 15 août 2019 07:00:00 +0200",
        "2004-02-28 18:14:55 EST", "20040228T181455Z", "Sat Feb 28 18:14:55 PST 2004",
    ]

    func run() throws {
        for (name, texts) in [("rfc822", Self.rfc822), ("rfc3339", Self.rfc3339), ("rarer", Self.rarer)] {
            let inputs = texts.map { Array($0.utf8) }
            var checksum = 0.0
            let (rounds, cpu, _) = ThreadCPUClock.repeatRounds(forAtLeast: time.seconds) {
                for _ in 0..<1_000 {
                    for input in inputs {
                        checksum += input.withUnsafeBufferPointer { DateParser.parse(bytes: $0) }?.timeIntervalSince1970 ?? 0
                    }
                }
            }
            let dates = Double(rounds * 1_000 * inputs.count)
            print(String(
                format: "dates %@: dates_per_s=%.0f ns_per_date=%.1f (cpu %.2f s, checksum %.0f)",
                name as NSString, dates / cpu, cpu / dates * 1e9, cpu, checksum / Double(rounds * 1_000)))
        }
    }
}
