/// XML's white space (space, tab, line feed, carriage return), the one definition of the module.
package enum XMLWhitespace {
    @inline(__always)
    package static func isSpace(_ b: UInt8) -> Bool { b == 0x20 || b == 0x0A || b == 0x0D || b == 0x09 }

    /// The string without leading and trailing XML whitespace (no Foundation on the hot path).
    package static func trimmed(_ s: String) -> String {
        let u = s.utf8
        // The ends read from the contiguous UTF-8 of a native string (UTF8View.last walks back through
        // the generic index path); a bridged string takes the views.
        let atEdge = u.withContiguousStorageIfAvailable { b in !b.isEmpty && (isSpace(b[0]) || isSpace(b[b.count - 1])) }
        if atEdge == false { return s }
        guard let f = u.first, let l = u.last, isSpace(f) || isSpace(l) else { return s }
        var start = u.startIndex
        var end = u.endIndex
        while start < end, isSpace(u[start]) { start = u.index(after: start) }
        while end > start, isSpace(u[u.index(before: end)]) { end = u.index(before: end) }
        return String(s[start..<end])
    }
}
