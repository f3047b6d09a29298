import FeedHTML
import FeedModel

/// Makes runs of Chinese, Japanese and Korean characters findable by any part: SQLite's `unicode61`
/// tokenizer splits only at spaces and punctuation, so it sees `日本語のタイトル` as one word. Index text
/// has each CJK run written as overlapping bigrams set apart by spaces: `日本 本語 語の のタ タイ イト
/// トル ル`; a search for `日本語` becomes the phrase `日本 本語`. Everything else is indexed as it is,
/// once (the whole runs are not indexed besides: no search needs them), and text without CJK
/// characters, most of it, is indexed as it is at no cost.
///
/// Each run ends in its last character alone, so that a one-character search (`"語"*`, a prefix) finds
/// a character in any position.
enum CJKBigrams {
    /// Index text: `text` with every CJK run as its bigrams and its last character, set apart by spaces.
    static func document(_ text: String) -> String {
        guard containsCJK(text) else { return text }
        return rewrite(text, lastRunEndsWord: false).text
    }

    /// One word of a search as the tokens of an FTS5 phrase (space-separated), and whether the phrase
    /// must be a prefix search: a run that ends the word is matched by its bigrams alone (the article's
    /// run may go on), and a one-character run there by prefix.
    static func query(_ word: Substring) -> (phrase: String, prefix: Bool) {
        guard containsCJK(word) else { return (String(word), false) }
        let (text, lastRun) = rewrite(String(word), lastRunEndsWord: true)
        return (text, lastRun == 1)
    }

    /// `text` with each CJK run rewritten, and the length in characters of the run that ends it (0:
    /// none). Works on UTF-8 bytes, copying characters as byte ranges, each bigram as soon as its second
    /// character is read: this runs over the whole plain body of every stored article with CJK text.
    private static func rewrite(_ text: String, lastRunEndsWord: Bool) -> (text: String, lastRun: Int) {
        var text = text
        return text.withUTF8 { bytes in
            var output: [UInt8] = []
            output.reserveCapacity(bytes.count * 2)
            func copy(_ start: Int, _ end: Int) {
                for index in start..<end { output.append(bytes[index]) }
            }
            // The current CJK run: how many characters it has, and the bytes of its last one.
            var runLength = 0
            var last = 0..<0
            // Ends the current run: a run of one character is that character, a longer one (its
            // bigrams written already) ends in its last character alone unless it ends a search word.
            func finishRun(endingWord: Bool) {
                if runLength == 1 {
                    copy(last.lowerBound, last.upperBound)
                } else if !endingWord {
                    output.append(0x20)
                    copy(last.lowerBound, last.upperBound)
                }
            }
            // A run ends before a character that is not CJK: then a space unless that character is
            // one; the character starts the next bytes copied as they are.
            func endRun(before lead: UInt8, at index: Int, plainStart: inout Int) {
                finishRun(endingWord: false)
                runLength = 0
                if lead != 0x20 { output.append(0x20) }
                plainStart = index
            }
            // Where the bytes copied as they are since the last CJK run begin: copied in one go when
            // the next run starts or the text ends (most of a text with some CJK is other text).
            var plainStart = 0
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                if lead < 0xE1 {
                    // ASCII, two-byte characters and continuation bytes: never CJK (see `containsCJK`).
                    if runLength > 0 { endRun(before: lead, at: index, plainStart: &plainStart) }
                    index += 1
                    continue
                }
                let length = lead < 0xF0 ? 3 : 4
                let end = min(index + length, bytes.count)
                if isCJK(scalarValue(bytes, index, length)) {
                    if runLength == 0 {
                        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<index]))
                        if let previous = output.last, previous != 0x20 { output.append(0x20) }
                    } else {
                        // The bigram of the previous character and this one, after a space from the
                        // bigram before it.
                        if runLength > 1 { output.append(0x20) }
                        copy(last.lowerBound, last.upperBound)
                        copy(index, end)
                    }
                    runLength += 1
                    last = index..<end
                } else if runLength > 0 {
                    endRun(before: lead, at: index, plainStart: &plainStart)
                }
                index = end
            }
            if runLength == 0 {
                output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[plainStart..<bytes.count]))
            } else {
                finishRun(endingWord: lastRunEndsWord)
            }
            return (output.withUnsafeBufferPointer(UTF8String.make), runLength)
        }
    }

    /// The code point of the `length`-byte UTF-8 sequence at `index` (3 or 4 bytes; a String's UTF-8
    /// is well-formed).
    private static func scalarValue(_ bytes: UnsafeBufferPointer<UInt8>, _ index: Int, _ length: Int) -> UInt32 {
        guard index + length <= bytes.count else { return 0 }
        if length == 3 {
            return UInt32(bytes[index] & 0x0F) << 12 | UInt32(bytes[index + 1] & 0x3F) << 6
                | UInt32(bytes[index + 2] & 0x3F)
        }
        return UInt32(bytes[index] & 0x07) << 18 | UInt32(bytes[index + 1] & 0x3F) << 12
            | UInt32(bytes[index + 2] & 0x3F) << 6 | UInt32(bytes[index + 3] & 0x3F)
    }

    /// Whether `scalar` belongs to a script written without spaces between words: Han ideographs,
    /// kana (with the prolonged sound mark and iteration marks) and Hangul.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        isCJK(scalar.value)
    }

    private static func isCJK(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3041...0x309F, 0x30A0...0x30FF, 0x3130...0x318F,
            0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF,
            0xD7B0...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static func containsCJK(_ text: some StringProtocol) -> Bool {
        // Every CJK character is three or four bytes in UTF-8, led by E1-EF or F0-F3 (continuation
        // bytes are below E1): only those characters are decoded.
        var string = String(text)
        return string.withUTF8 { bytes in
            var index = 0
            while index < bytes.count {
                let lead = bytes[index]
                guard lead >= 0xE1 else {
                    index += 1
                    continue
                }
                let length = lead < 0xF0 ? 3 : 4
                if isCJK(scalarValue(bytes, index, length)) { return true }
                index += length
            }
            return false
        }
    }
}
