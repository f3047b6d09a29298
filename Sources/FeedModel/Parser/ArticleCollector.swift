/// The articles of a whole-feed parse, in document order, gathered in blocks and handed over at the
/// end as one array of exactly their number (`FeedBuilder.ItemSink.collect`).
///
/// An array grown article by article doubles its storage again and again, each time copying every
/// article so far into fresh memory (many page faults for a big feed), and a
/// callback that appends each article copies it once more (a retain and a release per field). Here
/// each article is moved in once and moved out once. Noncopyable: it owns the blocks, and frees the
/// articles still in them when dropped (a parse that failed). Lives in one parse, on its thread.
struct ArticleCollector: ~Copyable {
    private var blocks: [UnsafeMutablePointer<Article>] = []
    /// How many articles the last block holds.
    private var filled = 0
    private(set) var count = 0

    /// Articles per block: under glibc's threshold for mapping an allocation by itself.
    static let blockCapacity = 128

    init() {}

    deinit {
        for (i, block) in blocks.enumerated() {
            block.deinitialize(count: i == blocks.count - 1 ? filled : Self.blockCapacity)
            block.deallocate()
        }
    }

    mutating func append(_ article: consuming Article) {
        if blocks.isEmpty || filled == Self.blockCapacity {
            blocks.append(.allocate(capacity: Self.blockCapacity))
            filled = 0
        }
        (blocks[blocks.count - 1] + filled).initialize(to: article)
        filled += 1
        count += 1
    }

    /// Moves the articles out, in order, into an array of their number; the collector is empty after.
    mutating func take() -> [Article] {
        let total = count
        guard total > 0 else { return [] }
        let taken = blocks
        let lastFilled = filled
        blocks = []
        filled = 0
        count = 0
        return [Article](unsafeUninitializedCapacity: total) { buffer, initialized in
            var offset = 0
            for (i, block) in taken.enumerated() {
                let n = i == taken.count - 1 ? lastFilled : Self.blockCapacity
                if let base = buffer.baseAddress {
                    (base + offset).moveInitialize(from: block, count: n)
                    offset += n
                } else {
                    block.deinitialize(count: n)
                }
                block.deallocate()
            }
            initialized = offset
        }
    }
}
