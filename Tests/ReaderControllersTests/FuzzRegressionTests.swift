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

    /// fuzz-config: the header check split lines by `Character`, so in a file with CR LF line ends
    /// (`"\r\n"` is one character) it saw one line, and it did not skip the byte order mark toml++
    /// skips: `\u{FEFF}[)x` and `a = 1\r\n[)x` reached toml++'s assertion and aborted the process.
    func testHeaderCheckReadsLinesAsTOMLDoes() {
        for (text, line) in [("\u{FEFF}[)x\n", 1), ("\u{FEFF}[\u{FEFF}[", 1), ("a = 1\r\n[)x\r\n", 2),
            ("sort = \"oldest-first\"\r\n\r\n[[ )query]]\r\n", 3), ("\u{FEFF}[:\u{FFFD}\0\0\0\0[\u{14}$\0\u{1}\u{FFFD}", 1)] {
            XCTAssertThrowsError(try ReaderConfig.parse(text)) { error in
                XCTAssertEqual((error as? ConfigError)?.line, line, text.debugDescription)
            }
        }
        let config = try? ReaderConfig.parse("\u{FEFF}sort = \"oldest-first\"\r\n[keys]\r\ndown = \"j\"\r\n")
        XCTAssertEqual(config?.sort, .oldestFirst)
        XCTAssertNoThrow(try ReaderConfig.parse("browser = \"\"\"\r\n[) not a header\r\n\"\"\"\r\n"))
    }
}
