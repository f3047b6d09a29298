/// Holds back the last bytes of a chunk when one of its last three is not ASCII, or when it ends in
/// `]`, so that libxml2 never has a byte that is not UTF-8 within three bytes of the end of what it
/// was given, nor a `]]>` cut by that end.
///
/// libxml2 2.9's push parser reads such a byte there as a character cut by the end of the input: it
/// neither reports it nor moves past it, finds it made no progress and halts the parse ("detected
/// an error in element content"), dropping the rest of the document. Given more bytes after it, it
/// reports the byte and reads it as ISO-8859-1, as in the whole document. It reads text up to the
/// end of what it was given, looking for `]]>` (an error in text) in what it has: one cut there
/// would go unreported. Used by one parse on one thread.
struct ChunkTailHold {
    /// Bytes held from the previous chunk: from a non-ASCII byte among its last three on, or its last `]`s.
    private var held: [UInt8] = []

    /// Whether no bytes are held.
    var isEmpty: Bool { held.isEmpty }

    /// Hands on `bytes` (after what was held) except a tail that must wait for more; `final` hands
    /// on everything.
    mutating func pass(_ bytes: UnsafeBufferPointer<UInt8>, final: Bool, emit: (UnsafeBufferPointer<UInt8>) -> Void) {
        var input = bytes
        if !held.isEmpty {
            // Join the held bytes with the input up to its first three ASCII bytes in a row, the last not `]`.
            var ascii = held.reversed().prefix { $0 < 0x80 }.count
            var last = held.last ?? 0
            var end = 0
            while end < input.count && (ascii < 3 || last == Self.bracket) {
                last = input[end]
                ascii = last < 0x80 ? ascii + 1 : 0
                end += 1
            }
            held.append(contentsOf: UnsafeBufferPointer(rebasing: input[..<end]))
            input = UnsafeBufferPointer(rebasing: input[end...])
            guard (ascii >= 3 && last != Self.bracket) || final else { return }
            let joined = held
            held = []
            joined.withUnsafeBufferPointer { emit($0) }
        }
        let keep = final ? 0 : Self.tailLength(input)
        if keep < input.count || input.isEmpty { emit(UnsafeBufferPointer(rebasing: input[..<(input.count - keep)])) }
        held.append(contentsOf: UnsafeBufferPointer(rebasing: input[(input.count - keep)...]))
    }

    /// How many of the last bytes to hold: from the first non-ASCII byte among the last three, else
    /// the last `]` or `]]`.
    static func tailLength(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        let n = bytes.count
        for i in max(0, n - 3)..<n where bytes[i] >= 0x80 { return n - i }
        guard n > 0, bytes[n - 1] == bracket else { return 0 }
        return n > 1 && bytes[n - 2] == bracket ? 2 : 1
    }

    private static let bracket = UInt8(ascii: "]")
}
