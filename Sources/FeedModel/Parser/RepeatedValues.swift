import Glibc
import TidingsText

/// Values the entries of one feed repeat (the same author on many entries, with the same address on
/// all of them; an identifier written as the entry's link), kept so that a repeat shares the storage
/// of the value seen before instead of holding a copy of its own: a whole feed held in memory then
/// takes fewer allocations, and fewer to free.
///
/// Equal means byte for byte: strings Swift calls equal because they are canonically equivalent
/// (`é` precomposed or as `e` and a combining accent) are not shared, so every entry keeps exactly
/// the characters it was given. Lives in one parse, on its thread.
struct RepeatedValues {
    /// Off when the parse takes no shortcut (`FeedParserOptions.readsTextDirectly` off): then every
    /// value keeps its own storage, for the differential tests and fuzzers to compare against.
    let enabled: Bool
    /// Author lists seen, by a hash of their text: a list equal to the one in its slot shares it.
    private var authorLists = [[Author]](repeating: [], count: RepeatedValues.authorSlots)
    /// The last author address seen: people of one site often share it.
    private var lastAuthorURL: String?

    /// How many author lists are remembered: feeds by a few dozen people repeat them all.
    static let authorSlots = 64

    init(enabled: Bool) {
        self.enabled = enabled
    }

    /// `list` itself, or an equal list seen before, whose storage it then shares; a new list shares
    /// the author address seen last when it has the same one.
    mutating func shared(_ list: [Author]) -> [Author] {
        guard enabled, !list.isEmpty else { return list }
        let slot = Self.hash(list) & (Self.authorSlots - 1)
        if Self.same(list, authorLists[slot]) { return authorLists[slot] }
        var list = list
        for i in list.indices {
            guard let url = list[i].url else { continue }
            if let known = lastAuthorURL, Self.same(url, known) {
                list[i].url = known
            } else {
                lastAuthorURL = url
            }
        }
        authorLists[slot] = list
        return list
    }

    /// A hash of the first author's name and the number of authors: enough to tell most lists apart.
    private static func hash(_ list: [Author]) -> Int {
        var h = FNV1a64()
        h.add(byte: UInt8(truncatingIfNeeded: list.count))
        if let name = list[0].name {
            if name.utf8.withContiguousStorageIfAvailable({ h.add(buffer: $0) }) == nil { h.add(bytes: name.utf8) }
        }
        return Int(truncatingIfNeeded: h.value ^ (h.value >> 32))
    }

    static func same(_ a: [Author], _ b: [Author]) -> Bool {
        guard a.count == b.count else { return false }
        for i in a.indices where !same(a[i], b[i]) { return false }
        return true
    }

    static func same(_ a: Author, _ b: Author) -> Bool {
        same(a.name, b.name) && same(a.url, b.url) && same(a.email, b.email) && same(a.avatar, b.avatar)
    }

    @inline(__always)
    static func same(_ a: String?, _ b: String?) -> Bool {
        guard let a else { return b == nil }
        guard let b else { return false }
        return same(a, b)
    }

    /// Whether the two strings hold the same UTF-8, byte for byte.
    static func same(_ a: String, _ b: String) -> Bool {
        let x = a.utf8
        let y = b.utf8
        guard x.count == y.count else { return false }
        let compared = x.withContiguousStorageIfAvailable { p in
            y.withContiguousStorageIfAvailable { q in
                guard let p = p.baseAddress, let q = q.baseAddress else { return true }
                return p == q || memcmp(p, q, x.count) == 0
            }
        }
        return (compared ?? nil) ?? x.elementsEqual(y)
    }
}
