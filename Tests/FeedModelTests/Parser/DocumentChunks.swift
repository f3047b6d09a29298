import XCTest

@testable import FeedModel

/// Cuts a test document into the chunks a streaming parse is fed, and compares what it reads whole
/// with what it reads in chunks: one place for what the chunking tests each wrote out again.
enum DocumentChunks {
    /// `bytes` cut into pieces of `sizes[0]`, `sizes[1]`, … in turn (as the fuzz-feed-stream harness
    /// steers them), the last piece shorter.
    static func pieces(_ bytes: [UInt8], sizes: [Int]) -> [[UInt8]] {
        var pieces: [[UInt8]] = []
        var start = 0
        while start < bytes.count {
            let end = min(bytes.count, start + sizes[pieces.count % sizes.count])
            pieces.append(Array(bytes[start..<end]))
            start = end
        }
        return pieces
    }

    /// `bytes` cut into pieces of `size`, the last one shorter.
    static func pieces(_ bytes: [UInt8], size: Int) -> [[UInt8]] {
        pieces(bytes, sizes: [size])
    }

    /// Checks that `document` read in chunks of each of `sizes` gives what it gives whole: the same
    /// feed, or the same error.
    static func assertSameWholeAndInChunks(
        _ document: [UInt8], sizes: [Int], _ label: String = "", file: StaticString = #filePath, line: UInt = #line
    ) {
        let whole = Result { try FeedParser.parse(document) }
        for size in sizes {
            let chunked = Result { try FeedParser.parse(chunks: pieces(document, size: size)) }
            let place = "\(label)chunks of \(size)"
            switch (whole, chunked) {
            case (.success(let a), .success(let b)): XCTAssertEqual(a, b, place, file: file, line: line)
            case (.failure(let a), .failure(let b)): XCTAssertEqual("\(a)", "\(b)", place, file: file, line: line)
            default: XCTFail("\(label)whole \(whole), chunks of \(size) \(chunked)", file: file, line: line)
            }
        }
    }
}
