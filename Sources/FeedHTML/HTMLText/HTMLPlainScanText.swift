import CByteScan
import CLibXML2
import Glibc

/// The plain text `PlainTextHandler` collects from libxml2's events, collected from the scan's: text
/// inside `body` through `appendCollapsed`, nothing inside elements removed with their content, a
/// pending space at the start and end of elements that separate words.
struct HTMLPlainScanText: HTMLPlainScanSink {
    private(set) var output: CollapsedTextBytes
    private var pendingSpace = false
    /// How many open elements are, or are inside, an element removed with its content.
    private var dropping = 0

    init(capacity: Int) {
        output = CollapsedTextBytes(capacity: capacity)
    }

    mutating func start(_ tag: HTMLPlainScanRules.Tag) {
        guard tag.id != HTMLPlainScanRules.html.id, tag.id != HTMLPlainScanRules.body.id else { return }
        if dropping > 0 || tag.element.isDropped {
            dropping += 1
        } else if tag.element.breaksWords {
            pendingSpace = !output.isEmpty
        }
    }

    mutating func end(_ tag: HTMLPlainScanRules.Tag) {
        guard tag.id != HTMLPlainScanRules.html.id, tag.id != HTMLPlainScanRules.body.id else { return }
        if dropping > 0 {
            dropping -= 1
        } else if tag.element.breaksWords {
            pendingSpace = !output.isEmpty
        }
    }

    mutating func text(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard dropping == 0 else { return }
        HTMLText.appendCollapsed(bytes, into: &output, pendingSpace: &pendingSpace)
    }

    /// The plain text of UTF-8 HTML, or nil when the scan declines it.
    static func plainText(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        var text = HTMLPlainScanText(capacity: bytes.count)
        guard HTMLPlainScan.scan(bytes, into: &text) else { return nil }
        return text.output.string
    }
}
