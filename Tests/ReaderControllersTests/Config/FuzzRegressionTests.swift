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
            ("sort = \"oldest-first\"\r\n\r\n[[ )query]]\r\n", 3), ("\u{FEFF}[:\u{FFFD}\0\0\0\0[\u{14}$\0\u{1}\u{FFFD}", 1),
            // Three quotes inside a one-line string or a comment open no multi-line string.
            ("browser = \"''''lynx %u\"\n\n[\n[qyf]\n\"\n", 3), ("browser = 'x\"\"\"' # '''\n[)x\n", 2)] {
            XCTAssertThrowsError(try ReaderConfig.parse(text)) { error in
                XCTAssertEqual((error as? ConfigError)?.line, line, text.debugDescription)
            }
        }
        let config = try? ReaderConfig.parse("\u{FEFF}sort = \"oldest-first\"\r\n[keys]\r\ndown = \"j\"\r\n")
        XCTAssertEqual(config?.sort, .oldestFirst)
        XCTAssertNoThrow(try ReaderConfig.parse("browser = \"\"\"\r\n[) not a header\r\n\"\"\"\r\n"))
    }

    /// fuzz-config: a value like `1979-05-27T?7:32:00Z` made toml++ fail an assertion (a digit after
    /// the `T`) and abort the process; it is a config error with its line now. The same words in
    /// strings and comments, and valid date-times, are left to toml++.
    func testDateTimeWithoutItsHourIsAConfigError() {
        for (text, line) in [("a0= 1979-05-27T\u{FFFD}7:32:00Z[\u{FFFD}\r", 1), ("sort = \"oldest-first\"\nx = 1979-05-27t!7:32:00Z\n", 2),
            ("x = [\n  1979-05-27Tx7:32,\n]\n", 2), ("x = { a = 1979-05-27T:00 }", 1), ("x=1979-05-27T!7:32", 1),
            ("browser = 1980-05-27T{07\u{FFFD}:32:nn", 1), ("x = [1, [\n1979-05-27T=7:32]]", 2)] {
            XCTAssertThrowsError(try ReaderConfig.parse(text)) { error in
                XCTAssertEqual((error as? ConfigError)?.line, line, text.debugDescription)
                XCTAssertTrue((error as? ConfigError)?.description.contains("date-time") == true, "\(error)")
            }
        }
        for text in [#"browser = "1979-05-27T!7:32" # 1979-05-27T!7:32"#, "browser = '1979-05-27T!7:32'\n",
            "browser = \"\"\"\n1979-05-27T!7:32 \\\"\"\"\n1979-05-27T!7:32\"\"\"\n", "browser = '''\n1979-05-27T!7:32\n'''\n"] {
            XCTAssertNoThrow(try ReaderConfig.parse(text), text)
        }
        // Where a key goes, toml++ reads a key: the word is not a value and not checked.
        XCTAssertThrowsError(try ReaderConfig.parse("[colors]\n2024-01-01Tx=\"a:b\"\n")) { error in
            XCTAssertTrue((error as? ConfigError)?.description.contains("unknown element '2024-01-01Tx'") == true, "\(error)")
        }
        XCTAssertThrowsError(try ReaderConfig.parse("x = 1979-05-27T07:32:00Z\n")) { error in
            XCTAssertTrue((error as? ConfigError)?.description.contains("unknown setting 'x'") == true, "\(error)")
        }
    }

    /// fuzz-config: `1=[ \n}` made toml++ fail an assertion (a value must start where an array's next
    /// value goes, after blanks, line feeds and comments) and abort the process; so did a line
    /// separator there. A config error with its line now; `}` closing an inline table in an array is fine.
    func testArrayWithoutItsValueIsAConfigError() {
        for (text, line) in [("1=[ \n}", 2), ("x = [1, # c\n }", 2), ("x = [\u{2028}1]", 1), ("x = [1,\u{85}]", 1),
            ("x = [[1], [\n\n}]]", 3)] {
            XCTAssertThrowsError(try ReaderConfig.parse(text)) { error in
                XCTAssertEqual((error as? ConfigError)?.line, line, text.debugDescription)
                XCTAssertTrue((error as? ConfigError)?.description.contains("an array needs a value") == true, "\(error)")
            }
        }
        XCTAssertThrowsError(try ReaderConfig.parse("x = [{ a = 1 }, { b = [2] }]\n")) { error in
            XCTAssertTrue((error as? ConfigError)?.description.contains("unknown setting 'x'") == true, "\(error)")
        }
        XCTAssertNoThrow(try ReaderConfig.parse("[keys]\ndown = [\"j\", # down\n  \"n\"]\n"))
    }
}
