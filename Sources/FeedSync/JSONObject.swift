import Foundation

/// A JSON object from a service, read defensively: the document must be an object (Foundation's
/// parser refuses nesting past 512 levels), and every accessor returns nil (never traps) on a missing
/// key or a wrong type.
/// Numbers written as strings and strings written as numbers are both accepted, as servers differ.
struct JSONObject {
    /// Why a body is not a JSON object; the text never quotes the body (it could echo a secret).
    struct ParseError: Error, CustomStringConvertible {
        let description: String
    }

    private let storage: [String: Any]

    init(_ storage: [String: Any]) {
        self.storage = storage
    }

    init(parsing bytes: [UInt8]) throws(ParseError) {
        let skipped: Set<UInt8> = [0x20, 0x0A, 0x0D, 0x09, 0xEF, 0xBB, 0xBF]  // white space and a UTF-8 BOM
        let first = bytes.first { !skipped.contains($0) }
        // The first byte decides, not Content-Type: FreshRSS sends some JSON as text/html.
        if first == UInt8(ascii: "<") {
            throw ParseError(
                description: "an HTML page instead of JSON (a login page? the url must be the API endpoint itself)")
        }
        guard first == UInt8(ascii: "{") else {
            throw ParseError(description: bytes.isEmpty ? "an empty answer instead of JSON" : "not a JSON object")
        }
        guard let object = try? JSONSerialization.jsonObject(with: Data(bytes)) as? [String: Any] else {
            throw ParseError(description: "broken JSON")
        }
        storage = object
    }

    /// Whether the object has `key` at all (a null value counts: some servers write an empty list so).
    func has(_ key: String) -> Bool {
        storage[key] != nil
    }

    /// This object with the keys of `other` it lacks.
    func adding(_ other: JSONObject) -> JSONObject {
        JSONObject(storage.merging(other.storage) { mine, _ in mine })
    }

    func string(_ key: String) -> String? {
        switch storage[key] {
        case let text as String: text
        case let number as NSNumber: number.stringValue
        default: nil
        }
    }

    func int64(_ key: String) -> Int64? {
        switch storage[key] {
        case let number as NSNumber: number.int64Value
        case let text as String: Int64(text)
        default: nil
        }
    }

    /// true, 1 and "1" are true; false, 0 and "0" false.
    func bool(_ key: String) -> Bool? {
        switch storage[key] {
        case let flag as Bool: flag
        case let number as NSNumber: number.intValue != 0
        case let text as String: text == "1" || text == "true" ? true : (text == "0" || text == "false" ? false : nil)
        default: nil
        }
    }

    func object(_ key: String) -> JSONObject? {
        (storage[key] as? [String: Any]).map(JSONObject.init)
    }

    /// The objects in the array at `key`; elements that are not objects are skipped.
    func objects(_ key: String) -> [JSONObject] {
        (storage[key] as? [Any])?.compactMap { ($0 as? [String: Any]).map(JSONObject.init) } ?? []
    }

    /// The strings in the array at `key`; other elements are skipped.
    func strings(_ key: String) -> [String] {
        (storage[key] as? [Any])?.compactMap { $0 as? String } ?? []
    }

}
