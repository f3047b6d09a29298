/// Holds back the last bytes of a chunk when one of its last three is not ASCII, so that libxml2
/// never has a byte that is not UTF-8 within three bytes of the end of what it was given.
///
/// libxml2 2.9's push parser reads such a byte there as a character cut by the end of the input: it
/// neither reports it nor moves past it, finds it made no progress and halts the parse ("detected
/// an error in element content"), dropping the rest of the document. Given more bytes after it, it
/// reports the byte and reads it as ISO-8859-1, as in the whole document. Used by one parse on one
/// thread.
struct ChunkTailHold {
    /// Bytes held from the previous chunk: from a non-ASCII byte among its last three on.
    private var held: [UInt8] = []

    /// Whether no bytes are held.
    var isEmpty: Bool { held.isEmpty }

    /// Hands on `bytes` (after what was held) except a tail that must wait for more; `final` hands
    /// on everything.
    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var input = bytes
        if !held.isEmpty {
            // Join the held bytes with the input up to its first three ASCII bytes in a row.
            var ascii = held.reversed().prefix { $0 < 0x80 }.count
            var end = 0
            while end < input.count && ascii < 3 {
                ascii = input[end] < 0x80 ? ascii + 1 : 0
                end += 1
            }
            held.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<end]))
            input = UnsafeBufferPointer(rebasing: input[end...])
            guard ascii >= 3 || final else { return }
            let joined = held
            held = []
            joined.withUnsafeBufferPointer { emit($0) }
        }
        let keep = final ? 0 : Self.tailLength(input)
        if keep < input.count || input.isEmpty { emit(UnsafeBufferPointer(rebasing: input[..<(input.count - keep)])) }
        held.append(contentsOf: UnsafeBufferPointer(rebasing: input[(input.count - keep)...]))
    }

    /// How many of the last bytes to hold: from the first non-ASCII byte among the last three.
    static func tailLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        for i in max(0, n - 3)..<n where bytes[i] >= 0x80 { return n - i }
        return 0
    }
}
