import ReaderControllers
import XCTest

/// Inputs the fuzz harnesses (Fuzz/, `make fuzz`) found breaking a property, each kept as a seed
/// under Fuzz/Seeds/<target>/ as well.
final class ReaderControllersFuzzRegressionTests: XCTestCase {
    /// fuzz-config: `[)sort` made toml++ fail an assertion and abort the process; it is a config
    /// error with its line now, and valid arrays whose lines start with `[` still read.
    func testTableHeaderWithoutANameIsAConfigError() {
        for (text, line) in [("[)sort", 1), ("sort = \"oldest-first\"\n\n[[ )query]]\n", 3), ("[ ,x]\n", 1), ("[+)so2t", 1),
            ("[[[[", 1), ("[keys]\n[[[x]]]\n", 2), ("[ [x]\n", 1), ("[[ [x]]\n", 1),
            ("[\n", 1), ("[[", 1), ("[#", 1), ("[[ #x\n", 1), ("[\r\n", 1)] {
            XCTAssertThrowsError(try ReaderConfig.parse(text)) { error in
                XCTAssertEqual((error as? ConfigError)?.line, line, text)
            }
        }
        XCTAssertNoThrow(try ReaderConfig.parse("sort = \"oldest-first\"\n\n[[query]]\nname = \"a\"\nquery = \"unread\"\n"))
        XCTAssertNoThrow(try ReaderConfig.parse("browser = \"\"\"\n[) not a header\n\"\"\"\n"))
    }
}
