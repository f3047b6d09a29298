import Foundation

/// What every writer may need besides the articles.
struct ExportContext: Sendable {
    /// When the export ran (feed-level dates of the aggregate formats).
    let generated: Date
    /// The `--new` state, if any (it names the aggregate feed so its id stays stable).
    let stateName: String?
    /// Set when standard output is a terminal: its width in cells.
    let terminalWidth: Int?
    /// Makes one line of untrusted text safe for that terminal.
    let terminalLine: @Sendable (String) -> String

    /// The channel link of the aggregate feeds, which RSS requires and no exported feed provides:
    /// a syntactically valid URL in the reserved `.invalid` domain.
    static let feedLink = "https://tidings.invalid/"

    /// What the aggregate feeds say they hold.
    var description: String {
        stateName.map { "Articles new to the export state \($0)" } ?? "Articles exported by Tidings"
    }

    /// The aggregate feed's stable identifier: one per export state, one for plain exports.
    var feedID: String {
        guard let stateName else { return "urn:tidings:export" }
        var id = "urn:tidings:export:"
        for b in stateName.utf8 {
            let safe = (b >= 0x30 && b <= 0x39) || (b >= 0x41 && b <= 0x5A) || (b >= 0x61 && b <= 0x7A)
                || b == UInt8(ascii: "-") || b == UInt8(ascii: ".") || b == UInt8(ascii: "_")
            id += safe ? String(UnicodeScalar(b)) : "%" + (b < 16 ? "0" : "") + String(b, radix: 16, uppercase: true)
        }
        return id
    }
}
