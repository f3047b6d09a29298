import Foundation
import XCTest

@testable import FeedModel

/// Loads the parser's fixture files from `Resources/parser` and parses them.
enum ParserFixtures {
    static func bytes(_ name: String) throws -> [UInt8] {
        let folder = try XCTUnwrap(Bundle.module.url(forResource: "Resources", withExtension: nil))
        return [UInt8](try Data(contentsOf: folder.appendingPathComponent("parser").appendingPathComponent(name)))
    }

    static func text(_ name: String) throws -> String {
        String(decoding: try bytes(name), as: UTF8.self)
    }

    static func feed(_ name: String, baseURL: String? = nil, charset: String? = nil) throws -> Feed {
        try FeedParser.parse(try bytes(name), baseURL: baseURL, charset: charset)
    }

    static func parse(_ xml: String, baseURL: String? = nil) throws -> Feed {
        try FeedParser.parse(Array(xml.utf8), baseURL: baseURL)
    }

    /// The instant of an RFC 3339 timestamp, computed by Foundation (independently of DateParser).
    static func date(_ text: String) -> Date? {
        let f = ISO8601DateFormatter()
        return f.date(from: text)
    }
}
