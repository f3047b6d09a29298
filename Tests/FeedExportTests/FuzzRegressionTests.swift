@testable import FeedHTML
import FeedModel
import Foundation
@testable import FeedExport
import XCTest

/// Inputs the fuzz harnesses (Fuzz/, `make fuzz`) found breaking a property, each kept as a seed
/// under Fuzz/Seeds/<target>/ as well.
final class FeedExportFuzzRegressionTests: XCTestCase {
    /// fuzz-date: the RSS export wrote the year 111 as `111`, which reads back as 2011; RFC 822 dates
    /// are written with four-digit years.
    func testRFC822ExportWritesFourDigitYearsThatReadBack() throws {
        for text in ["0111", "0001-01-01T00:00:00Z", "0009-03-04T05:06:07Z", "0999-12-31T23:59:59Z", "2026-11-21T14:03:00Z"] {
            let date = try XCTUnwrap(DateParser.parse(text), text)
            let written = ExportDate.string(date, ExportDate.rfc822)
            let read = try XCTUnwrap(DateParser.parse(written), written)
            XCTAssertEqual(ExportDate.string(read, ExportDate.rfc3339), ExportDate.string(date, ExportDate.rfc3339), written)
        }
        let year111 = try XCTUnwrap(DateParser.parse("0111"))
        XCTAssertEqual(ExportDate.string(year111, ExportDate.rfc822), "Thu, 01 Jan 0111 00:00:00 +0000")
    }
}
