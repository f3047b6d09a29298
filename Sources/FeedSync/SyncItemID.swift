/// A feed service's id of one item: a 64-bit number that Google Reader APIs write in two forms, the
/// long `tag:google.com,2005:reader/item/<16 hex digits>` and the decimal one; Fever writes decimals.
///
/// Both forms of one item give the same value, so ids from any call compare equal.
public struct SyncItemID: Sendable, Hashable, Comparable, Codable, CustomStringConvertible {
    /// The id's 64 bits, read as signed the way Google Reader's decimal form is.
    public let value: Int64

    public init(_ value: Int64) {
        self.value = value
    }

    /// Reads the long form, a signed decimal, or an unsigned decimal above `Int64.max`; nil otherwise.
    public init?(_ text: some StringProtocol) {
        let trimmed = text.utf8.count <= 80 ? Substring(text) : ""
        if trimmed.hasPrefix(Self.longPrefix) {
            let hex = trimmed.dropFirst(Self.longPrefix.count)
            guard !hex.isEmpty, hex.count <= 16, let bits = UInt64(hex, radix: 16) else { return nil }
            value = Int64(bitPattern: bits)
        } else if let signed = Int64(trimmed) {
            value = signed
        } else if let unsigned = UInt64(trimmed) {
            value = Int64(bitPattern: unsigned)
        } else {
            return nil
        }
    }

    /// The decimal form; FreshRSS and Fever use it, and every Google Reader server accepts it.
    public var description: String { String(value) }

    /// The long form, `tag:google.com,2005:reader/item/` and 16 lower-case hex digits.
    public var longForm: String {
        let hex = String(UInt64(bitPattern: value), radix: 16)
        return Self.longPrefix + String(repeating: "0", count: 16 - hex.count) + hex
    }

    public static func < (lhs: SyncItemID, rhs: SyncItemID) -> Bool { lhs.value < rhs.value }

    static let longPrefix = "tag:google.com,2005:reader/item/"
}
