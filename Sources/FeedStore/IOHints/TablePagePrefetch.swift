import Foundation
import GRDB
import Synchronization

/// Asks the kernel to read, all at once, the pages of the `articles` table that hold the rows a list
/// page is about to read, before SQLite reads them one after the other.
///
/// A page of 100 rows in date order touches up to 100 table pages scattered over the file (articles
/// are stored in the order they arrived, feed by feed). When the file is not in the page cache (a
/// store not read for a while; some machines page out cold file pages on their own) SQLite waits for
/// the disk once per page, in turn: ~100 waits of ~0.1 ms. Told first (`POSIX_FADV_WILLNEED`), the
/// disk serves them together, and SQLite's reads then find them in the page cache.
/// Kept for: the All list's first screen on a store out of the page cache (100,000 articles), 25% less time.
///
/// Only a hint: what SQLite reads and returns is unchanged. The rowid-to-page map comes from the
/// table's interior b-tree pages, read from the database file (its format is SQLite's documented
/// file format); pages newer in the write-ahead log than in the file, or a map made stale by a
/// write, at worst make the hint name pages the query will not need. The parsed interior pages are
/// kept until the database file or its log changes (size or modification time).
///
/// Threading: thread-safe; the parsed pages are behind a `Mutex`.
final class TablePagePrefetch: Sendable {
    private struct State {
        var signature: [Int64] = []
        var layout: Layout?
        /// The layout could not be read for this signature (a table still only in the log, a page
        /// that is not what SQLite's format says): not tried again until the files change.
        var layoutFailed = false
        var interior: [UInt32: InteriorPage] = [:]
    }

    /// Page size, the table's root page and the depth of its tree (1: the root is a leaf).
    private struct Layout {
        let pageSize: Int
        let root: UInt32
        let depth: Int
    }

    /// An interior table page: rows with rowids up to `keys[i]` are under `children[i]`, the rest under
    /// `children.last`.
    struct InteriorPage {
        let keys: [Int64]
        let children: [UInt32]

        func child(for rowid: Int64) -> UInt32? {
            var low = 0
            var high = keys.count
            while low < high {
                let middle = (low + high) / 2
                if keys[middle] < rowid { low = middle + 1 } else { high = middle }
            }
            return low < children.count ? children[low] : nil
        }
    }

    private let path: String
    private let descriptor: Int32
    private let state = Mutex(State())
    /// The reads hinted lately (their SQL and arguments), with when (`DispatchTime` uptime nanoseconds).
    private let recentReads = Mutex<[String: UInt64]>([:])
    /// How long a read hinted once is not hinted again: its pages were read right after, and stay in
    /// the page cache far longer (a machine paging out cold file pages waits a minute).
    private static let recentNanoseconds: UInt64 = 10_000_000_000
    /// Interior levels deeper than this are not followed (a damaged or hostile file cannot loop).
    private static let maximumDepth = 12

    /// Nil when the database file cannot be opened for reading.
    init?(path: String) {
        guard let descriptor = PrefetchDescriptors.descriptor(for: path) else { return nil }
        self.path = path
        self.descriptor = descriptor
    }

    /// True unless the same read (`sql` with `arguments`) was hinted in the last ten seconds; records
    /// it. A list read again as it was (its first page after each key that reloads it) then costs no
    /// second look-up of its ids.
    func isNew(_ sql: String, _ arguments: StatementArguments) -> Bool {
        let key = sql + "\u{0}" + arguments.description
        let now = DispatchTime.now().uptimeNanoseconds
        return recentReads.withLock { recent in
            if let last = recent[key], now &- last < Self.recentNanoseconds { return false }
            if recent.count >= 512 { recent = recent.filter { now &- $0.value < Self.recentNanoseconds } }
            if recent.count >= 512 { recent = [:] }
            recent[key] = now
            return true
        }
    }

    /// Starts reading the table pages holding `rowids` (their order does not matter); returns how many
    /// distinct pages were named. Reads the interior pages it has not parsed yet.
    @discardableResult
    func prefetch(rowids: [Int64], _ db: Database) throws -> Int {
        guard !rowids.isEmpty else { return 0 }
        let signature = fileSignature()
        let (layout, pages) = try state.withLock { state -> (Layout?, Set<UInt32>) in
            if state.signature != signature {
                state = State(signature: signature)
            }
            guard let layout = try knownLayout(db, &state) else { return (nil, []) }
            var pages = Set<UInt32>()
            for rowid in rowids {
                if let page = leaf(of: rowid, layout, &state) { pages.insert(page) }
            }
            return (layout, pages)
        }
        guard let layout else { return 0 }
        advise(pages.sorted(), pageSize: layout.pageSize)
        return pages.count
    }

    /// The leaf page that holds `rowid` by the parsed interior pages (for tests); nil when the file
    /// does not say.
    func leafPage(of rowid: Int64, _ db: Database) throws -> UInt32? {
        let signature = fileSignature()
        return try state.withLock { state in
            if state.signature != signature { state = State(signature: signature) }
            guard let layout = try knownLayout(db, &state) else { return nil }
            return leaf(of: rowid, layout, &state)
        }
    }

    private func leaf(of rowid: Int64, _ layout: Layout, _ state: inout State) -> UInt32? {
        var page = layout.root
        for level in 1..<layout.depth {
            guard let interior = interiorPage(page, layout.pageSize, &state, adviseChildren: level < layout.depth - 1),
                  let child = interior.child(for: rowid)
            else { return nil }
            page = child
        }
        return page
    }

    private func knownLayout(_ db: Database, _ state: inout State) throws -> Layout? {
        if let known = state.layout { return known }
        guard !state.layoutFailed else { return nil }
        state.layout = try readLayout(db, &state)
        state.layoutFailed = state.layout == nil
        return state.layout
    }

    private func readLayout(_ db: Database, _ state: inout State) throws -> Layout? {
        guard let pageSize = try Int.fetchOne(db, sql: "PRAGMA page_size"), pageSize >= 512,
              let root = try Int64.fetchOne(
                db, sql: "SELECT rootpage FROM sqlite_schema WHERE type = 'table' AND name = 'articles'"),
              root > 0, root <= Int64(UInt32.max)
        else { return nil }
        // The depth, from the leftmost path: every leaf of a b-tree is at the same depth.
        var page = UInt32(root)
        for depth in 1...Self.maximumDepth {
            guard let bytes = read(page, pageSize) else { return nil }
            let header = page == 1 ? 100 : 0
            switch bytes[header] {
            case 0x0D: return Layout(pageSize: pageSize, root: UInt32(root), depth: depth)
            case 0x05:
                guard let interior = Self.parseInterior(bytes, header: header) else { return nil }
                state.interior[page] = interior
                guard let first = interior.children.first else { return nil }
                page = first
            default: return nil
            }
        }
        return nil
    }

    private func interiorPage(_ number: UInt32, _ pageSize: Int, _ state: inout State, adviseChildren: Bool)
        -> InteriorPage?
    {
        if let known = state.interior[number] { return known }
        guard let bytes = read(number, pageSize),
              let parsed = Self.parseInterior(bytes, header: number == 1 ? 100 : 0)
        else { return nil }
        state.interior[number] = parsed
        // The interior pages below it are read next, one per list row at worst: all asked for at once.
        if adviseChildren { advise(parsed.children.sorted(), pageSize: pageSize) }
        return parsed
    }

    /// An interior table b-tree page (type 5): the cell pointer array, each cell a 4-byte left child
    /// and a varint rowid, then the right-most child in the header. Nil for anything else or out of
    /// bounds.
    static func parseInterior(_ bytes: [UInt8], header: Int) -> InteriorPage? {
        guard bytes.count >= header + 12, bytes[header] == 0x05 else { return nil }
        let count = Int(bytes[header + 3]) << 8 | Int(bytes[header + 4])
        let pointers = header + 12
        guard pointers + 2 * count <= bytes.count else { return nil }
        var keys: [Int64] = []
        var children: [UInt32] = []
        keys.reserveCapacity(count)
        children.reserveCapacity(count + 1)
        for index in 0..<count {
            let cell = Int(bytes[pointers + 2 * index]) << 8 | Int(bytes[pointers + 2 * index + 1])
            guard cell + 5 <= bytes.count, let key = varint(bytes, at: cell + 4) else { return nil }
            children.append(bigEndian32(bytes, at: cell))
            keys.append(key)
        }
        children.append(bigEndian32(bytes, at: header + 8))
        return InteriorPage(keys: keys, children: children)
    }

    private static func bigEndian32(_ bytes: [UInt8], at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }

    /// SQLite's varint: up to 8 bytes of 7 bits, high bit set to go on, then a 9th byte of 8 bits.
    private static func varint(_ bytes: [UInt8], at offset: Int) -> Int64? {
        var value: UInt64 = 0
        for index in 0..<9 {
            guard offset + index < bytes.count else { return nil }
            let byte = bytes[offset + index]
            if index == 8 { return Int64(bitPattern: value << 8 | UInt64(byte)) }
            value = value << 7 | UInt64(byte & 0x7F)
            if byte & 0x80 == 0 { return Int64(bitPattern: value) }
        }
        return nil
    }

    private func read(_ page: UInt32, _ pageSize: Int) -> [UInt8]? {
        guard page > 0 else { return nil }
        var bytes = [UInt8](repeating: 0, count: pageSize)
        let offset = off_t(page - 1) * off_t(pageSize)
        let got = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, pageSize, offset) }
        return got == pageSize ? bytes : nil
    }

    /// `POSIX_FADV_WILLNEED` for `pages` (sorted), one call per run of consecutive pages. Page numbers
    /// come from the file: 0 (no page) is skipped, and none is trusted not to be the largest.
    private func advise(_ pages: [UInt32], pageSize: Int) {
        let pages = pages.drop { $0 == 0 }.map { Int64($0) }
        var index = 0
        while index < pages.count {
            var end = index
            while end + 1 < pages.count, pages[end + 1] == pages[end] + 1 { end += 1 }
            let offset = off_t(pages[index] - 1) * off_t(pageSize)
            _ = posix_fadvise(descriptor, offset, off_t(end - index + 1) * off_t(pageSize), Int32(POSIX_FADV_WILLNEED))
            index = end + 1
        }
    }

    /// Size and modification time of the database file and of its write-ahead log.
    private func fileSignature() -> [Int64] {
        var signature: [Int64] = []
        for file in [path, path + "-wal"] {
            var info = stat()
            if stat(file, &info) == 0 {
                signature += [Int64(info.st_size), Int64(info.st_mtim.tv_sec), Int64(info.st_mtim.tv_nsec)]
            } else {
                signature += [-1, -1, -1]
            }
        }
        return signature
    }
}

/// One read-only descriptor per database file for the whole process, never closed: closing any
/// descriptor of a file drops every POSIX lock the process holds on it, SQLite's own included (its
/// unix VFS keeps its own descriptors open for that reason).
private enum PrefetchDescriptors {
    private static let opened = Mutex<[String: Int32]>([:])

    static func descriptor(for path: String) -> Int32? {
        opened.withLock { opened in
            if let known = opened[path] { return known }
            let descriptor = open(path, O_RDONLY | O_CLOEXEC)
            guard descriptor >= 0 else { return nil }
            opened[path] = descriptor
            return descriptor
        }
    }
}
