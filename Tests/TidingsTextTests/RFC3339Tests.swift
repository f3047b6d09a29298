import Foundation
import TidingsText
import XCTest

final class RFC3339Tests: XCTestCase {
    func testWholeSeconds() {
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: 0)), "1970-01-01T00:00:00Z")
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: 1_072_865_695)), "2003-12-31T10:14:55Z")
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: 951_782_400)), "2000-02-29T00:00:00Z", "leap day")
        XCTAssertEqual(
            RFC3339.string(Date(timeIntervalSince1970: 59.999)), "1970-01-01T00:00:59Z", "seconds round down")
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: -1)), "1969-12-31T23:59:59Z")
    }

    func testMilliseconds() {
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: 0.25), .milliseconds), "1970-01-01T00:00:00.250Z")
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: 10), .milliseconds), "1970-01-01T00:00:10Z")
        XCTAssertEqual(
            RFC3339.string(Date(timeIntervalSince1970: 59.9996), .milliseconds), "1970-01-01T00:01:00Z",
            "a rounded-up millisecond carries into the second")
    }

    func testHostileDatesAreClamped() {
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: 1e15)), "9999-12-31T23:59:59Z")
        XCTAssertEqual(RFC3339.string(Date(timeIntervalSince1970: -1e15)), "0001-01-01T00:00:00Z")
    }

    func testBrokenDownFields() {
        let time = UTCDateTime(Date(timeIntervalSince1970: 1_795_269_780))  // 2026-11-21T14:03:00Z
        XCTAssertEqual([time.year, time.month, time.day, time.hour, time.minute, time.second], [2026, 11, 21, 14, 3, 0])
        XCTAssertEqual(time.weekday, 6, "a Saturday")
        XCTAssertEqual(UTCDateTime(Date(timeIntervalSince1970: 0)).weekday, 4, "a Thursday")
        XCTAssertEqual(UTCDateTime(Date(timeIntervalSince1970: -86400)).weekday, 3, "a Wednesday")
    }

    func testWritesIntoAByteSink() {
        var bytes: [UInt8] = Array("\"".utf8)
        RFC3339.write(Date(timeIntervalSince1970: 0), into: &bytes)
        XCTAssertEqual(String(decoding: bytes, as: UTF8.self), "\"1970-01-01T00:00:00Z")
    }
}
