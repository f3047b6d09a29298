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
        return rewrite(text.unicodeScalars, lastRunEndsWord: false).text
    }

    /// One word of a search as the tokens of an FTS5 phrase (space-separated), and whether the phrase
    /// must be a prefix search: a run that ends the word is matched by its bigrams alone (the article's
    /// run may go on), and a one-character run there by prefix.
    static func query(_ word: Substring) -> (phrase: String, prefix: Bool) {
        guard containsCJK(word) else { return (String(word), false) }
        let (text, lastRun) = rewrite(word.unicodeScalars, lastRunEndsWord: true)
        return (text, lastRun == 1)
    }

    /// `scalars` with each CJK run rewritten, and the length of the run that ends them (0: none).
    private static func rewrite(
        _ scalars: some Sequence<Unicode.Scalar>, lastRunEndsWord: Bool
    ) -> (text: String, lastRun: Int) {
        var output = String.UnicodeScalarView()
        var run: [Unicode.Scalar] = []
        for scalar in scalars {
            if isCJK(scalar) {
                if run.isEmpty, let last = output.last, last != " " { output.append(" ") }
                run.append(scalar)
                continue
            }
            if !run.isEmpty {
                append(run, endingWord: false, to: &output)
                run.removeAll(keepingCapacity: true)
                if scalar != " " { output.append(" ") }
            }
            output.append(scalar)
        }
        if !run.isEmpty { append(run, endingWord: lastRunEndsWord, to: &output) }
        return (String(output), run.count)
    }

    /// Whether `scalar` belongs to a script written without spaces between words: Han ideographs,
    /// kana (with the prolonged sound mark and iteration marks) and Hangul.
    static func isCJK(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x1100...0x11FF, 0x3005...0x3007, 0x3041...0x309F, 0x30A0...0x30FF, 0x3130...0x318F,
            0x31F0...0x31FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA960...0xA97F, 0xAC00...0xD7AF,
            0xD7B0...0xD7FF, 0xF900...0xFAFF, 0xFF66...0xFF9F, 0x20000...0x3FFFF:
            return true
        default:
            return false
        }
    }

    private static func containsCJK(_ text: some StringProtocol) -> Bool {
        // Every CJK character is three or four bytes in UTF-8, led by E1-EF or F0-F3: most text is
        // ruled out by one pass over contiguous bytes.
        let mayContain = text.utf8.withContiguousStorageIfAvailable { bytes in bytes.contains { $0 >= 0xE1 } }
            ?? text.utf8.contains { $0 >= 0xE1 }
        return mayContain && text.unicodeScalars.contains(where: isCJK)
    }

    /// Appends the bigrams of `run` and, unless the run ends a search word, its last character alone.
    private static func append(_ run: [Unicode.Scalar], endingWord: Bool, to output: inout String.UnicodeScalarView) {
        if run.count == 1 {
            output.append(run[0])
            return
        }
        for index in 0..<(run.count - 1) {
            if index > 0 { output.append(" ") }
            output.append(run[index])
            output.append(run[index + 1])
        }
        if !endingWord {
            output.append(" ")
            output.append(run[run.count - 1])
        }
    }
}
