/// The HTTP method of a `FetchRequest`: feeds are fetched with GET; sync APIs also POST forms.
public enum FetchMethod: String, Sendable, Hashable {
    case get = "GET"
    case post = "POST"
}

/// The body a POST sends, with its media type. It may carry a password or a token, so no description
/// or mirror ever shows the bytes.
public struct FetchBody: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var contentType: String
    public var bytes: [UInt8]

    public init(contentType: String, bytes: [UInt8]) {
        self.contentType = contentType
        self.bytes = bytes
    }

    /// An `application/x-www-form-urlencoded` body of `fields` in their order; a name may repeat
    /// (Google Reader's many `i=`).
    public static func form(_ fields: [(name: String, value: String)]) -> FetchBody {
        let text = fields.map { formEncoded($0.name) + "=" + formEncoded($0.value) }.joined(separator: "&")
        return FetchBody(contentType: "application/x-www-form-urlencoded", bytes: Array(text.utf8))
    }

    /// `text` percent-encoded for a form or a query: only unreserved characters stay as they are.
    public static func formEncoded(_ text: String) -> String {
        var encoded = ""
        encoded.reserveCapacity(text.utf8.count)
        for byte in text.utf8 {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "a")...UInt8(ascii: "z"),
                UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
                UInt8(ascii: "~"):
                encoded.unicodeScalars.append(Unicode.Scalar(byte))
            default:
                encoded += "%" + String(byte >> 4, radix: 16, uppercase: true)
                    + String(byte & 0xF, radix: 16, uppercase: true)
            }
        }
        return encoded
    }

    public var description: String { "\(contentType), \(bytes.count) bytes <hidden>" }
    public var customMirror: Mirror { Mirror(self, children: ["contentType": contentType, "bytes": "<hidden>"]) }
}

/// One extra request header (e.g. `Authorization`); its value is hidden from every description and
/// mirror, since it is often a token. Control characters are dropped before it is sent.
public struct FetchHeader: Sendable, Hashable, CustomStringConvertible, CustomReflectable {
    public var name: String
    public var value: String

    public init(name: String, value: String) {
        self.name = name
        self.value = value
    }

    public var description: String { "\(name): <hidden>" }
    public var customMirror: Mirror { Mirror(self, children: ["name": name, "value": "<hidden>"]) }
}
