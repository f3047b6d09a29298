import FeedFetch
import Foundation
import XCTest

/// A `file://` URL or plain path naming a FIFO (with no writer), a socket or a device is refused with
/// `.notRegularFile` at once, without blocking the transfer thread: a regular file fetched beside it
/// still arrives.
final class FetchSpecialFileTests: ServerTestCase {
    private func folder() throws -> String {
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("tidings-special-\(UUID().uuidString)").path
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        addTeardownBlock { try? FileManager.default.removeItem(atPath: path) }
        return path
    }

    func testAFIFOByPathAndByURLIsRefusedAndARegularFileStillArrives() async throws {
        let folder = try folder()
        let fifo = folder + "/feed fifo.xml"
        XCTAssertEqual(mkfifo(fifo, 0o600), 0)
        let regular = folder + "/feed.xml"
        try Data("<rss version=\"2.0\"><channel><title>t</title></channel></rss>".utf8).write(to: URL(fileURLWithPath: regular))

        let start = ContinuousClock.now
        let byPath = await fetch(fifo)
        XCTAssertEqual(byPath.error, .notRegularFile(path: fifo, kind: "a FIFO"))
        let byURL = await fetch("file://" + (fifo.addingPercentEncoding(withAllowedCharacters: .urlPathAllowed) ?? fifo))
        XCTAssertEqual(byURL.error, .notRegularFile(path: fifo, kind: "a FIFO"))
        XCTAssertEqual(byURL.error?.description, "\(fifo) is a FIFO, not a regular file")
        let good = await fetch(regular)
        XCTAssertNil(good.error)
        XCTAssertLessThan(ContinuousClock.now - start, .seconds(3))
    }

    func testADeviceIsRefused() async throws {
        let result = await fetch("file:///dev/zero")
        XCTAssertEqual(result.error, .notRegularFile(path: "/dev/zero", kind: "a character device"))
    }
}
