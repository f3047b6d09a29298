import FeedHTML
import Foundation

/// The address of the first `<img>` in a piece of HTML: the picture of an article (or a feed) that
/// names none otherwise, as other readers show it. A byte scan, no parse: tags are found by `<`.
enum HTMLFirstImage {
    /// The `src` of the first `img` element, or nil.
    static func source(in html: String) -> String? {
        var html = html
        return html.withUTF8 { source(in: $0) }
    }

    private static func source(in bytes: UnsafeBufferPointer<UInt8>) -> String? {
        guard let p = bytes.baseAddress else { return nil }
        let n = bytes.count
        var i = 0
        while i + 4 < n, let hit = memchr(p + i, Int32(UInt8(ascii: "<")), n - i) {
            i = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self)) - p + 1
            guard i + 3 < n, p[i] | 0x20 == UInt8(ascii: "i"), p[i + 1] | 0x20 == UInt8(ascii: "m"),
                p[i + 2] | 0x20 == UInt8(ascii: "g"), isSpace(p[i + 3])
            else { continue }
            return attribute(src: p, from: i + 3, n)
        }
        return nil
    }

    /// The value of `src` in the tag whose attributes start at `from`.
    private static func attribute(src p: UnsafePointer<UInt8>, from: Int, _ n: Int) -> String? {
        var i = from
        while i + 4 < n, p[i] != UInt8(ascii: ">") {
            let startsName = isSpace(p[i - 1])
            if startsName, p[i] | 0x20 == UInt8(ascii: "s"), p[i + 1] | 0x20 == UInt8(ascii: "r"),
                p[i + 2] | 0x20 == UInt8(ascii: "c")
            {
                var j = i + 3
                while j < n, isSpace(p[j]) { j += 1 }
                guard j < n, p[j] == UInt8(ascii: "=") else {
                    i += 1
                    continue
                }
                j += 1
                while j < n, isSpace(p[j]) { j += 1 }
                guard j < n else { return nil }
                let quote = p[j]
                let quoted = quote == UInt8(ascii: "\"") || quote == UInt8(ascii: "'")
                if quoted { j += 1 }
                var end = j
                while end < n, quoted ? p[end] != quote : !(isSpace(p[end]) || p[end] == UInt8(ascii: ">")) { end += 1 }
                let raw = UnsafeBufferPointer(start: p + j, count: end - j)
                let value = EntityDecoder.decode(bytes: raw) ?? String(decoding: raw, as: UTF8.self)
                let trimmed = XMLWhitespace.trimmed(value)
                return trimmed.isEmpty ? nil : trimmed
            }
            i += 1
        }
        return nil
    }

    @inline(__always)
    private static func isSpace(_ b: UInt8) -> Bool { XMLWhitespace.isSpace(b) || b == 0x0C }
}
