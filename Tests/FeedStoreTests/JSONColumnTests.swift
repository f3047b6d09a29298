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
}
