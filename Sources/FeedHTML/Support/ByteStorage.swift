import TidingsText

/// A growable byte buffer for the parser's text accumulation: appends are a bounds check and a
/// memcpy, with no copy-on-write or exclusivity bookkeeping.
///
/// Noncopyable: it owns its memory, which its `deinit` frees, so the compiler checks that there is one
/// owner and that nothing reads the buffer after it is gone. A view from `slice(_:)` is valid until the
/// next mutation.
package struct ByteStorage: ByteSink, ~Copyable {
    package private(set) var base: UnsafeMutablePointer<UInt8>
    package private(set) var count = 0
    private var capacity: Int

    package init(capacity: Int) {
        self.capacity = max(16, capacity)
        base = .allocate(capacity: self.capacity)
    }

    deinit {
        base.deallocate()
    }

    @inline(__always)
    package mutating func append(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress, !bytes.isEmpty else { return }
        let n = bytes.count
        if count + n > capacity { grow(count + n) }
        if n <= 8 {
            // Short pieces (an entity's one character, JSON punctuation) cost less than a memmove call.
            let target = base + count
            for i in 0..<n { target[i] = source[i] }
        } else {
            (base + count).update(from: source, count: n)
        }
        count += n
    }

    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        if count == capacity { grow(count + 1) }
        base[count] = byte
        count += 1
    }

    /// Appends `n` bytes that `write` stores from the pointer it is given (room is made first), so a
    /// piece of several parts costs one capacity check.
    @inline(__always)
    package mutating func append(count n: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Void) {
        if count + n > capacity { grow(count + n) }
        write(base + count)
        count += n
    }

    /// Appends what `write` stores from the pointer it is given, at most `n` bytes (room for them is
    /// made first); `write` returns how many it stored.
    @inline(__always)
    package mutating func append(upTo n: Int, _ write: (UnsafeMutablePointer<UInt8>) -> Int) {
        if count + n > capacity { grow(count + n) }
        count += write(base + count)
    }

    package mutating func append(_ bytes: StaticString) {
        append(UnsafeBufferPointer(start: bytes.utf8Start, count: bytes.utf8CodeUnitCount))
    }

    package mutating func append(_ string: String) {
        var string = string
        string.withUTF8 { append($0) }
    }

    /// Drops everything from `index` on.
    package mutating func truncate(to index: Int) {
        count = min(count, index)
    }

    package subscript(index: Int) -> UInt8 { base[index] }

    /// A view of `range`, valid until the next mutation.
    package func slice(_ range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(start: base + range.lowerBound, count: range.count)
    }

    private mutating func grow(_ needed: Int) {
        let newCapacity = max(needed, capacity * 2)
        let fresh = UnsafeMutablePointer<UInt8>.allocate(capacity: newCapacity)
        fresh.update(from: base, count: count)
        base.deallocate()
        base = fresh
        capacity = newCapacity
    }
}
