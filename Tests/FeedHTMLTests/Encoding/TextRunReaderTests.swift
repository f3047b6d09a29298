import XCTest

@testable import FeedHTML
@testable import FeedModel

/// `TextRunReader` decodes a run of text as libxml2 reads it, or declines; `ReferenceRepair` offers
/// it the runs after markup and emits around the runs it was given.
final class TextRunReaderTests: XCTestCase {
    private func decode(_ text: String) -> (decoded: String, end: Int)? {
        let bytes = Array(text.utf8)
        var decoded: [UInt8] = []
        let result = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress.flatMap { TextRunReader.decode($0, from: 0, buffer.count, into: &decoded) }
        }
        return result.map { (String(decoding: decoded[..<$0.length], as: UTF8.self), $0.end) }
    }

    func testDecodesPredefinedEntitiesAndKeptNumericReferences() throws {
        let run = "&lt;p&gt;a &amp; b &quot;c&quot; d&apos;s &#233;&#xe9;&#x1F600;&#0065;&#x000041; &#9;&#10;&#13;"
        let result = try XCTUnwrap(decode(run + "<tail"))
        XCTAssertEqual(result.decoded, "<p>a & b \"c\" d's \u{E9}\u{E9}\u{1F600}AA \t\n\r")
        XCTAssertEqual(result.end, run.utf8.count)
        XCTAssertEqual(decode("a\r\nb\r\n&lt;\r\n<")?.decoded, "a\nb\n<\n")
        XCTAssertEqual(decode("caf\u{E9} ]] ]> a>b<")?.decoded, "caf\u{E9} ]] ]> a>b")
    }

    func testDeclinesWhatLibxml2MustRead() {
        let declined = [
            "no end in the buffer &lt;", "&<", "x&l<", "x&am<", "x&quo<", "&#<", "&#x<",
            "lone \r carriage return<", "before a reference\r&lt;<", "at the end\r<",
            "a ]]> b<",
            "&nbsp;<", "&ent;<", "&lt<", "& b<", "&#146;<", "&#X41;<", "&#1;<", "&#0;<", "&#xD800;<",
            "&#x110000;<", "&#xFFFE;<", "\u{FFFE}<", "\u{1}<",
        ]
        for run in declined { XCTAssertNil(decode(run), run.debugDescription) }
        var invalid = Array("caf? &lt;<".utf8)
        invalid[3] = 0xE9
        var decoded: [UInt8] = []
        XCTAssertNil(invalid.withUnsafeBufferPointer { TextRunReader.decode($0.baseAddress!, from: 0, $0.count, into: &decoded) })
    }

    /// What `ReferenceRepair` emits and offers for one chunk, when `text` takes every run offered.
    private func repair(_ text: String) -> (emitted: String, offered: [(decoded: String, raw: String)]) {
        var repair = ReferenceRepair()
        var emitted: [UInt8] = []
        var offered: [(String, String)] = []
        Array(text.utf8).withUnsafeBufferPointer { buffer in
            repair.repair(
                buffer, final: true, emit: { emitted.append(contentsOf: $0) }, cdata: { _ in false },
                text: { decoded, raw in
                    offered.append((String(decoding: decoded, as: UTF8.self), String(decoding: raw, as: UTF8.self)))
                    return true
                })
        }
        return (String(decoding: emitted, as: UTF8.self), offered)
    }

    func testOffersRunsAfterMarkupAndEmitsTheRest() {
        let run = String(repeating: "&lt;b&gt;x&lt;/b&gt; ", count: 4)
        let xml = "<a t=\">\" u=\"&amp;\">\(run)</a><!-- c -->\(run)<b/>short &amp;<c>\(run)"
        let (emitted, offered) = repair(xml)
        let decoded = String(repeating: "<b>x</b> ", count: 4)
        // Not the run in <a>: its first reference, in an attribute value after a quoted `>`, is no
        // text. The one after the comment; the short one is below the minimum, and the last has no
        // `<` after it.
        XCTAssertEqual(offered.map(\.decoded), [decoded])
        XCTAssertEqual(offered.map(\.raw), [run])
        XCTAssertEqual(emitted, "<a t=\">\" u=\"&amp;\">\(run)</a><!-- c --><b/>short &amp;<c>\(run)")
    }

    func testRepairedReferencesBeforeARunStayRepaired() {
        let run = String(repeating: "&lt;b&gt;x&lt;/b&gt; ", count: 4)
        let (emitted, offered) = repair("<a>Q&A &#146;</a><b>\(run)</b>")
        XCTAssertEqual(offered.map(\.raw), [run])
        XCTAssertEqual(emitted, "<a>Q&amp;A &#x2019;</a><b></b>")
    }
}
