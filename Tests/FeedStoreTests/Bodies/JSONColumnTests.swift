import FeedModel
@testable import FeedStore
import XCTest

final class JSONColumnTests: XCTestCase {
    func testHandWrittenJSONDecodesBackToTheSameValues() throws {
        let authors = [
            Author(name: "Quote \" back\\slash \n\t\u{1} \u{2028} émoji 😀", url: "https://a.example/", email: "a@b.c"),
            Author(avatar: "https://a.example/x.png"),
        ]
        let enclosures = [
            Enclosure(url: "https://e.example/a.mp3", mimeType: "audio/mpeg", title: "T", sizeInBytes: 12_345_678_901,
                      durationInSeconds: 61.5),
            Enclosure(url: "https://e.example/b", durationInSeconds: .infinity),
        ]
        XCTAssertEqual(JSONColumn.decode([Author].self, from: JSONColumn.encode(authors)), authors)
        var expected = enclosures
        expected[1].durationInSeconds = nil
        XCTAssertEqual(JSONColumn.decode([Enclosure].self, from: JSONColumn.encode(enclosures)), expected)
        XCTAssertNil(JSONColumn.encode([Author]()))
        XCTAssertEqual(TagColumn.decode(TagColumn.encode(["a", "b\u{1F}c", ""])), ["a", "b c", ""])
    }

    /// The hand-written reader gives exactly what JSONDecoder gives, for what the store writes, for
    /// what JSONEncoder wrote (older stores), and for JSON it leaves to JSONDecoder.
    func testReadingByHandGivesWhatJSONDecoderGives() throws {
        let authors = [
            Author(name: "Quote \" back\\slash \n\t\u{1} \u{2028} émoji 😀 \u{0}", url: "https://a.example/a/b", email: "a@b.c"),
            Author(avatar: "https://a.example/x.png"), Author(),
        ]
        let enclosures = [
            Enclosure(url: "https://e.example/a.mp3", mimeType: "audio/mpeg", title: "T/\"x\"", sizeInBytes: 12_345_678_901,
                      durationInSeconds: 61.5),
            Enclosure(url: "https://e.example/b", sizeInBytes: -3, durationInSeconds: 1e-7),
            Enclosure(url: ""),
        ]
        let encoder = JSONEncoder()
        var authorTexts = [JSONColumn.encode(authors), String(decoding: try encoder.encode(authors), as: UTF8.self)]
        var enclosureTexts = [JSONColumn.encode(enclosures), String(decoding: try encoder.encode(enclosures), as: UTF8.self)]
        XCTAssertTrue(authorTexts[1]?.contains("\\/") == true, "JSONEncoder escapes slashes")
        authorTexts += [
            "[]", " [ { } , {\"name\" : null} ] ", "[{\"name\":\"\\u00e9\\ud83d\\ude00\\/\\b\\f\"}]", "[{\"name\":5}]",
            "[{\"name\":\"a\",\"name\":\"b\"}]", "[{\"name\":\"\\ud800\"}]", "[{\"name\":\"x\"}", "[{\"name\":\"x\"}] x",
            "[{\"name\":\"\\q\"}]", "[{\"name\":true}]", "[{\"other\":1.5e3,\"name\":\"n\"}]", "{}", "[1]", "",
            "[{\"name\":\"tab\there\"}]", "[{\"name\":\"\\u00\"}]",
        ]
        enclosureTexts += [
            "[{\"url\":\"u\",\"sizeInBytes\":1.0}]", "[{\"url\":\"u\",\"sizeInBytes\":\"12\"}]", "[{\"url\":null}]",
            "[{\"mimeType\":\"a\"}]", "[{\"url\":\"u\",\"durationInSeconds\":-0.5E+2}]", "[{\"url\":\"u\",\"sizeInBytes\":012}]",
            "[{\"url\":\"u\",\"durationInSeconds\":1e999}]", "[{\"url\":\"u\",\"sizeInBytes\":99999999999999999999}]",
            "[{\"url\":\"u\",\"durationInSeconds\":-}]", "[{\"url\":\"u\",\"durationInSeconds\":2.}]",
        ]
        for text in authorTexts {
            XCTAssertEqual(JSONColumn.authors(from: text), JSONColumn.decode([Author].self, from: text), text ?? "nil")
        }
        for text in enclosureTexts {
            XCTAssertEqual(JSONColumn.enclosures(from: text), JSONColumn.decode([Enclosure].self, from: text), text ?? "nil")
        }
        XCTAssertEqual(JSONColumn.authors(from: authorTexts[0]), authors)
        XCTAssertEqual(JSONColumn.authors(from: authorTexts[1]), authors)
        XCTAssertEqual(JSONColumn.enclosures(from: enclosureTexts[0]), enclosures)
        XCTAssertNotNil(FlatJSONArray.parse(authorTexts[1] ?? ""), "JSONEncoder's output is read by hand")
        XCTAssertNil(FlatJSONArray.parse("[{\"name\":\"a\",\"name\":\"b\"}]"), "a repeated key is left to JSONDecoder")
        XCTAssertNil(JSONColumn.authors(from: nil))
    }
}
