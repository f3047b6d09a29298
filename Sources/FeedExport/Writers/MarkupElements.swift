import Foundation

/// The markup the RSS, Atom and HTML writers share, written once: elements whose text is escaped,
/// attributes whose values are escaped, dates inside tags. The tags themselves are the writers'
/// own trusted text.
extension ExportBuffer {
    /// The XML declaration the aggregate feeds start with.
    mutating func xmlDeclaration() {
        raw("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n")
    }

    /// `<name>text</name>` on a line of its own, `text` escaped.
    mutating func element(_ name: StaticString, _ text: String) {
        byte(UInt8(ascii: "<"))
        raw(name)
        byte(UInt8(ascii: ">"))
        xml(text)
        raw("</")
        raw(name)
        raw(">\n")
    }

    /// `open`, then `text` escaped, then `close`: an element whose tags the writer spells out (with
    /// attributes, inside a line).
    mutating func element(_ open: StaticString, _ text: String, _ close: StaticString) {
        raw(open)
        xml(text)
        raw(close)
    }

    /// `open`, then `date` in one of `ExportDate`'s shapes, then `close`.
    mutating func element(
        _ open: StaticString, _ date: Date, _ shape: (Date, inout ExportBuffer) -> Void, _ close: StaticString
    ) {
        raw(open)
        shape(date, &self)
        raw(close)
    }

    /// ` name="value"`, the value escaped.
    mutating func attribute(_ name: StaticString, _ value: String) {
        attributeName(name)
        xml(value)
        byte(UInt8(ascii: "\""))
    }

    /// ` name="number"`.
    mutating func attribute(_ name: StaticString, _ value: Int64) {
        attributeName(name)
        integer(value)
        byte(UInt8(ascii: "\""))
    }

    private mutating func attributeName(_ name: StaticString) {
        byte(0x20)
        raw(name)
        raw("=\"")
    }
}
