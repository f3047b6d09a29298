@testable import FeedHTML
@testable import FeedModel
import XCTest

/// `HTMLReparseRules` against the linked libxml2: for every element the sanitizer writes (the one
/// that may be open, the one whose start tag comes), the sanitizer's output is the same whether
/// the parser or the sanitizer closed the open element.
final class SanitizerReparseTests: XCTestCase {
    func testStartTagClosingRulesAreTheParsers() {
        let kept = HTMLElement.allCases.filter(\.isAllowed)
        let openable = kept.filter { !$0.isVoid || HTMLReparseRules.staysOpen($0) }
        var closingPairs = 0
        for open in openable {
            for new in kept {
                let openTag = String(decoding: HTMLElement.nameBytes[Int(open.rawValue)], as: UTF8.self)
                let newTag = String(decoding: HTMLElement.nameBytes[Int(new.rawValue)], as: UTF8.self)
                let inner = "<\(newTag)>" + (new.isVoid ? "" : "n</\(newTag)>")
                // The parser decides: a start tag straight inside the open element.
                let direct = HTMLSanitizer.sanitize("<\(openTag)>o\(inner)t</\(openTag)>", baseURL: nil)
                // The sanitizer decides: an unknown element, which nothing closes, stands between
                // them in the input and is removed from the output.
                let wrapped = HTMLSanitizer.sanitize(
                    "<\(openTag)>o<custom-x>\(inner)</custom-x>t</\(openTag)>", baseURL: nil)
                XCTAssertEqual(wrapped, direct, "<\(newTag)> in <\(openTag)>")
                XCTAssertEqual(HTMLSanitizer.sanitize(wrapped, baseURL: nil), wrapped, "<\(newTag)> in <\(openTag)>")
                if HTMLReparseRules.startTag(new, closes: open) { closingPairs += 1 }
            }
        }
        XCTAssertEqual(closingPairs, HTMLReparseRules.closedByStartTag.reduce(0) { $0 + $1.1.count })
    }

    func testAVoidElementTheParserKeepsOpenShieldsWhatIsOpenAroundIt() {
        for void in ["source", "track", "wbr"] {
            let html = "<table><tr><td>a<\(void)><custom-x><tr><td>b</td></tr></custom-x></td></tr></table>"
            let once = HTMLSanitizer.sanitize(html, baseURL: nil)
            XCTAssertEqual(once, "<table><tr><td>a<\(void)><tr><td>b</td></tr></td></tr></table>")
            XCTAssertEqual(HTMLSanitizer.sanitize(once, baseURL: nil), once)
        }
    }
}
