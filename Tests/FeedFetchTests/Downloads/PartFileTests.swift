import Foundation
import TestSupport
import XCTest

@testable import FeedFetch

/// `PartFile` puts pieces of any size, from any resume offset, into the file in order, writes only
/// on multiples of its capacity until told to flush, and starts a download from zero cleanly.
final class PartFileTests: XCTestCase {
    private var folder = ""

    override func setUpWithError() throws {
        folder = try TemporaryFolder.make(self, prefix: "tidings-part-file")
    }

    func testPiecesOfAnySizeEndUpInOrderAndWritesEndOnMultiplesOfTheCapacity() throws {
        for seed in [UInt64(1), 2, 3, 4] {
            var random = SplitMix(seed: seed)
            let path = folder + "/\(seed).part"
            let kept = Self.bytes(Int.random(in: 0..<300_000, using: &random), using: &random)
            try kept.write(to: URL(fileURLWithPath: path))
            let file = try PartFile(path: path)
            XCTAssertEqual(file.sizeWhenOpened, Int64(kept.count), "seed \(seed)")
            try file.start(at: Int64(kept.count))
            var sent = Data()
            var flushed = false
            while sent.count < 1_500_000 {
                // Mostly libcurl's pieces (up to 16 KB), now and then one larger than the buffer.
                let size = Int.random(in: 0..<10, using: &random) == 0
                    ? Int.random(in: 1...400_000, using: &random) : Int.random(in: 1...16_384, using: &random)
                let piece = Self.bytes(size, using: &random)
                try piece.withUnsafeBytes { try file.append($0) }
                sent.append(piece)
                let end = Int64(kept.count + sent.count)
                XCTAssertLessThan(end - file.written, Int64(PartFile.capacity), "seed \(seed)")
                if !flushed {
                    XCTAssertTrue(
                        file.written == Int64(kept.count) || file.written % Int64(PartFile.capacity) == 0,
                        "seed \(seed): written \(file.written)")
                }
                if Int.random(in: 0..<50, using: &random) == 0 {
                    try file.flush()
                    flushed = true
                    XCTAssertEqual(file.written, end, "seed \(seed)")
                }
            }
            try file.sync()
            XCTAssertEqual(file.written, Int64(kept.count + sent.count), "seed \(seed)")
            XCTAssertEqual(file.size, file.written, "seed \(seed)")
            XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), kept + sent, "seed \(seed)")
        }
    }

    func testStartingFromZeroEmptiesTheFile() throws {
        let path = folder + "/restart.part"
        try Data(repeating: 7, count: 500_000).write(to: URL(fileURLWithPath: path))
        let file = try PartFile(path: path)
        try file.start(at: 0)
        let body = Data(repeating: 9, count: 1_000)
        try body.withUnsafeBytes { try file.append($0) }
        XCTAssertEqual(file.written, 0, "held in the buffer until a multiple of the capacity or a flush")
        try file.sync()
        XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: path)), body)
    }

    func testAFifoIsRefused() throws {
        let path = folder + "/fifo.part"
        XCTAssertEqual(mkfifo(path, 0o600), 0)
        // Refused at once, never waited on for a reader (opening it without one fails with ENXIO).
        XCTAssertThrowsError(try PartFile(path: path)) { error in
            guard case .writeFailed(let failed, _)? = error as? DownloadError else { return XCTFail("\(error)") }
            XCTAssertEqual(failed, path)
        }
    }

    private static func bytes(_ count: Int, using random: inout SplitMix) -> Data {
        var data = Data(count: (count + 7) / 8 * 8)
        data.withUnsafeMutableBytes { raw in
            for index in raw.bindMemory(to: UInt64.self).indices { raw.bindMemory(to: UInt64.self)[index] = random.next() }
        }
        return data.prefix(count)
    }
}
