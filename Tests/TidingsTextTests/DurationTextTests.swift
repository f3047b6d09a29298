import TidingsText
import XCTest

final class DurationTextTests: XCTestCase {
    func testUnitsAndCombinations() {
        XCTAssertEqual(DurationText.parse("90s"), 90)
        XCTAssertEqual(DurationText.parse("30m"), 1800)
        XCTAssertEqual(DurationText.parse("6h"), 21600)
        XCTAssertEqual(DurationText.parse("1d"), 86400)
        XCTAssertEqual(DurationText.parse("1w"), 604_800)
        XCTAssertEqual(DurationText.parse("1d12h"), 129_600)
        XCTAssertEqual(DurationText.parse("1h30m15s"), 5415)
        XCTAssertEqual(DurationText.parse("1.5h"), 5400)
        XCTAssertEqual(DurationText.parse(" 2D "), 172_800, "case and surrounding space")
        XCTAssertEqual(DurationText.parse("6 h"), 21600)
        XCTAssertEqual(DurationText.parse("0m"), 0)
    }

    func testBareNumbersOnlyWhereTheCallerGivesAUnit() {
        XCTAssertNil(DurationText.parse("15"))
        XCTAssertEqual(DurationText.parse("15", bareNumberUnit: 60), 900)
        XCTAssertNil(DurationText.parse("1h15", bareNumberUnit: 60), "a trailing number in a combination is an error")
    }

    func testRejectsWhatIsNotADuration() {
        for text in ["", "h", "1x", "-5m", "1d 12h", "1 2h", "1..5h", "2026-11-01", "1e3s", "99999999999d"] {
            XCTAssertNil(DurationText.parse(text), text)
        }
    }

    func testFormatIsReadBack() {
        XCTAssertEqual(DurationText.format(90), "90s")
        XCTAssertEqual(DurationText.format(1800), "30m")
        XCTAssertEqual(DurationText.format(129_600), "36h")
        XCTAssertEqual(DurationText.format(172_800), "2d")
        XCTAssertEqual(DurationText.format(0), "1s")
        for seconds: Double in [45, 90, 1800, 5400, 86400, 129_600, 604_800] {
            XCTAssertEqual(DurationText.parse(DurationText.format(seconds)), seconds)
        }
    }
}
