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
    /// Author lists seen, by a hash of their text: a list equal to the one in its slot shares it.
    private var authorLists = [[Author]](repeating: [], count: RepeatedValues.authorSlots)
    /// The last author address seen: people of one site often share it.
    private var lastAuthorURL: String?

    /// How many author lists are remembered: feeds by a few dozen people repeat them all.
    static let authorSlots = 64

    /// `list` itself, or an equal list seen before, whose storage it then shares; a new list shares
    /// the author address seen last when it has the same one.
    mutating func shared(_ list: [Author]) -> [Author] {
        guard !list.isEmpty else { return list }
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

    /// A hash of the names and addresses of `list`.
    private static func hash(_ list: [Author]) -> Int {
        var h = FNV1a64()
        for author in list {
            if var name = author.name { name.withUTF8 { h.add(buffer: $0) } }
            h.add(byte: 0x1F)
            if var url = author.url { url.withUTF8 { h.add(buffer: $0) } }
            h.add(byte: 0x1F)
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

    static func same(_ a: String?, _ b: String?) -> Bool {
        switch (a, b) {
        case (nil, nil): return true
        case (let a?, let b?): return same(a, b)
        default: return false
        }
    }

    /// Whether the two strings hold the same UTF-8, byte for byte.
    static func same(_ a: String, _ b: String) -> Bool {
        guard a.utf8.count == b.utf8.count else { return false }
        var a = a
        var b = b
        return a.withUTF8 { x in
            b.withUTF8 { y in
                guard let p = x.baseAddress, let q = y.baseAddress else { return x.count == y.count }
                return p == q || memcmp(p, q, x.count) == 0
            }
        }
    }
}
