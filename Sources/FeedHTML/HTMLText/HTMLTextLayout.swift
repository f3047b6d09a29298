import TidingsText

/// Lays out text into lines of a given width while the HTML is walked: collects inline text, wraps it
/// by display cells under the prefixes of the enclosing lists and quotes, and separates blocks.
struct HTMLTextLayout {
    /// A prefix that starts the first line of a block differently from the lines after it
    /// (a list bullet, then its indentation).
    struct Prefix {
        var first: String
        var rest: String
        var used = false
    }

    let width: Int
    private(set) var lines: [String] = []
    private var inline = ""
    private var pendingSpace = false
    private var wantsBlank = false
    private var prefixes: [Prefix] = []

    init(width: Int) {
        self.width = max(width, 8)
    }

    var prefixDepth: Int { prefixes.count }

    /// Adds text with runs of white space collapsed to one space, C1 controls read as windows-1252 and
    /// other control characters removed.
    mutating func addText(_ text: String) {
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if value == 0x20 || (value >= 0x09 && value <= 0x0D)
                || (value > 0xA0 && scalar.properties.isWhitespace)
            {
                pendingSpace = !inline.isEmpty
                continue
            }
            var shown = scalar
            if value < 0x20 || value == 0x7F { continue }
            if value >= 0x80 && value < 0xA0 {
                guard let mapped = Windows1252.character(forC1: value) else { continue }
                shown = mapped
            }
            if pendingSpace, let last = inline.utf8.last, last != 0x0A { inline.append(" ") }
            pendingSpace = false
            inline.unicodeScalars.append(shown)
        }
    }

    /// Adds text that must stay together (a link number, an image label).
    mutating func addAtom(_ text: String) {
        if pendingSpace, let last = inline.utf8.last, last != 0x0A { inline.append(" ") }
        pendingSpace = false
        inline += text
    }

    mutating func addLineBreak() {
        inline.append("\n")
        pendingSpace = false
    }

    /// Ends the current block; `spaced` asks for a blank line before the next one.
    mutating func endBlock(spaced: Bool = false) {
        flushInline()
        if spaced { wantsBlank = true }
    }

    /// Starts an indented block. Past half the width, deeper nesting is no longer shown, so that
    /// hostile nesting cannot push the text off the screen.
    mutating func pushPrefix(first: String, rest: String) {
        flushInline()
        let fits = currentPrefixCells() + TextWidth.width(of: first) <= width / 2
        prefixes.append(fits ? Prefix(first: first, rest: rest) : Prefix(first: "", rest: ""))
    }

    mutating func popPrefix() {
        flushInline()
        if !prefixes.isEmpty { prefixes.removeLast() }
    }

    /// Adds preformatted text: one output line per input line, indentation and inner spaces kept;
    /// a line wider than the width left by the prefixes is cut there (and only there).
    mutating func addPreformatted(_ text: String) {
        flushInline()
        startBlock()
        var body = text
        if body.hasPrefix("\n") { body.removeFirst() }
        if body.hasSuffix("\n") { body.removeLast() }
        for line in body.split(separator: "\n", omittingEmptySubsequences: false) {
            var cleaned = ""
            var column = 0
            for character in line {
                if character == "\t" {
                    let spaces = 8 - column % 8
                    cleaned += String(repeating: " ", count: spaces)
                    column += spaces
                } else if character.unicodeScalars.count == 1, let scalar = character.unicodeScalars.first,
                    let mapped = Windows1252.character(forC1: scalar.value)
                {
                    cleaned.unicodeScalars.append(mapped)
                    column += 1
                } else if character.unicodeScalars.allSatisfy({ $0.value < 0x20 || (0x7F..<0xA0).contains($0.value) }) {
                    continue
                } else {
                    cleaned.append(character)
                    column += TextWidth.width(of: character)
                }
            }
            emitCut(cleaned)
        }
        wantsBlank = true
    }

    /// Emits `text` in pieces of at most the available width, cut between characters.
    private mutating func emitCut(_ text: String) {
        let available = max(4, width - currentPrefixCells())
        guard TextWidth.width(of: text) > available else {
            emit(text)
            return
        }
        var piece = ""
        var pieceCells = 0
        for character in text {
            let cells = TextWidth.width(of: character)
            if pieceCells + cells > available, !piece.isEmpty {
                emit(piece)
                piece = ""
                pieceCells = 0
            }
            piece.append(character)
            pieceCells += cells
        }
        emit(piece)
    }

    /// Adds a line of its own (a rule, a table row), wrapped if too wide.
    mutating func addLine(_ text: String) {
        flushInline()
        startBlock()
        wrap(text)
    }

    /// A horizontal rule as wide as the space left by the prefixes.
    mutating func addRule() {
        flushInline()
        startBlock()
        emit(String(repeating: "\u{2500}", count: max(1, width - currentPrefixCells())))
        wantsBlank = true
    }

    /// Underlines the lines written since `start` (a heading) with `character`.
    mutating func underline(_ character: Character, since start: Int) {
        guard start < lines.count else { return }
        let prefixCells = currentPrefixCells()
        var cells = 0
        for line in lines[start...] { cells = max(cells, TextWidth.width(of: line) - prefixCells) }
        guard cells > 0 else { return }
        emit(String(repeating: character, count: cells))
    }

    /// Takes the inline text collected so far without laying it out (for table cells).
    mutating func takeInline() -> String {
        let text = inline.replacingOccurrencesOfNewline()
        inline.removeAll()
        pendingSpace = false
        return text
    }

    mutating func finish() -> [String] {
        flushInline()
        while let last = lines.last, last.allSatisfy({ $0 == " " || $0 == ">" }) { lines.removeLast() }
        return lines
    }

    private mutating func flushInline() {
        while inline.utf8.last == 0x20 || inline.utf8.last == 0x0A { inline.removeLast() }
        pendingSpace = false
        guard !inline.isEmpty else { return }
        startBlock()
        let text = inline
        inline.removeAll()
        wrap(text)
    }

    private mutating func startBlock() {
        if wantsBlank, !lines.isEmpty {
            var blank = ""
            // Only quotes that already have lines continue through the blank line; one that is
            // about to start does not.
            for prefix in prefixes where prefix.used && prefix.rest.hasPrefix(">") { blank += ">" }
            lines.append(blank)
        }
        wantsBlank = false
    }

    /// Wraps text at word boundaries (spaces; U+00A0 does not break) to the width left by the prefixes.
    private mutating func wrap(_ text: String) {
        for paragraph in text.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var lineCells = 0
            let available = max(4, width - currentPrefixCells())
            for word in paragraph.split(separator: " ") {
                var wordText = String(word)
                var wordCells = TextWidth.width(of: wordText)
                if lineCells > 0, lineCells + 1 + wordCells <= available {
                    line += " " + wordText
                    lineCells += 1 + wordCells
                    continue
                }
                if lineCells > 0 {
                    emit(line)
                    line = ""
                    lineCells = 0
                }
                // A word wider than the line is cut into pieces that fit.
                while wordCells > available {
                    var piece = ""
                    var pieceCells = 0
                    var rest = Substring(wordText)
                    while let character = rest.first, pieceCells + TextWidth.width(of: character) <= available {
                        piece.append(character)
                        pieceCells += TextWidth.width(of: character)
                        rest = rest.dropFirst()
                    }
                    if piece.isEmpty, let character = rest.first {
                        piece.append(character)
                        rest = rest.dropFirst()
                    }
                    emit(piece)
                    wordText = String(rest)
                    wordCells = TextWidth.width(of: wordText)
                }
                line = wordText
                lineCells = wordCells
            }
            if !line.isEmpty || paragraph.isEmpty { emit(line) }
        }
    }

    private func currentPrefixCells() -> Int {
        var cells = 0
        for prefix in prefixes { cells += TextWidth.width(of: prefix.used ? prefix.rest : prefix.first) }
        return cells
    }

    private mutating func emit(_ text: String) {
        var line = ""
        for index in prefixes.indices {
            line += prefixes[index].used ? prefixes[index].rest : prefixes[index].first
            prefixes[index].used = true
        }
        line += text
        while line.last == " " { line.removeLast() }
        lines.append(line.replacingNonBreakingSpaces())
    }
}

extension String {
    fileprivate func replacingOccurrencesOfNewline() -> String {
        contains("\n") ? String(map { $0 == "\n" ? " " : $0 }) : self
    }

    fileprivate func replacingNonBreakingSpaces() -> String {
        contains("\u{A0}") ? String(map { $0 == "\u{A0}" ? " " : $0 }) : self
    }
}
