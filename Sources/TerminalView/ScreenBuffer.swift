import TidingsText

/// An in-memory screen: `width` x `height` cells that views draw into and the `Renderer` compares
/// with the previous frame. Tests assert on `lines`.
///
/// Writes are clipped to the buffer; wide characters take two cells, combining marks stay in their
/// base character's cell, and control characters that slipped past `TerminalSanitizer` are drawn as
/// U+FFFD so nothing written here can reach the terminal as a control.
public struct ScreenBuffer: Hashable, Sendable {
    public private(set) var width: Int
    public private(set) var height: Int
    /// Row-major cells, `width * height` of them.
    package private(set) var cells: [Cell]
    /// Where the terminal cursor is shown after the frame (e.g. in a prompt); nil hides it.
    package var cursor: CursorPosition?

    public init(width: Int, height: Int, style: Style = .plain) {
        self.width = max(0, width)
        self.height = max(0, height)
        self.cells = Array(repeating: .blank(style), count: self.width * self.height)
    }

    public init(size: TerminalSize) {
        self.init(width: size.width, height: size.height)
    }

    public var size: TerminalSize { TerminalSize(width: width, height: height) }
    package var bounds: Rect { Rect(x: 0, y: 0, width: width, height: height) }

    /// The cell at column `x`, row `y` (both in range). Views change cells through `write`/`fill`,
    /// which keep wide characters whole and controls out.
    public internal(set) subscript(x: Int, y: Int) -> Cell {
        get { cells[y * width + x] }
        set { cells[y * width + x] = newValue }
    }

    /// Blanks every cell and hides the cursor.
    public mutating func clear(style: Style = .plain) {
        for i in cells.indices { cells[i] = .blank(style) }
        cursor = nil
    }

    /// Blanks the cells of `rect` (clipped) in `style`.
    package mutating func fill(_ rect: Rect, style: Style = .plain) {
        let x0 = max(0, rect.x), x1 = min(width, rect.maxX)
        let y0 = max(0, rect.y), y1 = min(height, rect.maxY)
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            breakWideCharacter(before: x0, y: y)
            for x in x0..<x1 { cells[y * width + x] = .blank(style) }
            breakWideCharacter(after: x1, y: y)
        }
    }

    /// Draws one line of text at (x, y) in at most `maxWidth` cells (default: to the right edge),
    /// ending in "…" when it does not fit. Returns the number of cells used.
    @discardableResult
    public mutating func write(_ text: String, x: Int, y: Int, style: Style = .plain, maxWidth: Int? = nil) -> Int {
        guard y >= 0, y < height, x < width else { return 0 }
        var limit = min(maxWidth ?? (width - x), width - x)
        var column = x
        if column < 0 {
            limit += column
            column = 0
        }
        guard limit > 0 else { return 0 }
        let start = column
        let end = start + limit
        var ellipsisColumn = start  // where "…" goes if the text turns out too long
        var overflow = false
        breakWideCharacter(before: column, y: y)
        let row = y * width
        if text.utf8.allSatisfy({ $0 >= 0x20 && $0 < 0x7F }) {
            for byte in text.utf8 {
                if column == end {
                    overflow = true
                    break
                }
                cells[row + column] = Cell(character: Character(Unicode.Scalar(byte)), width: 1, style: style)
                column += 1
                if column <= end - 1 { ellipsisColumn = column }
            }
        } else {
            for character in text {
                var drawn = character
                var w = TextWidth.width(of: character)
                if character.unicodeScalars.contains(where: TerminalSanitizer.isUnsafe) {
                    drawn = "\u{FFFD}"
                    w = 1
                }
                if w == 0 { continue }
                if column + w > end {
                    overflow = true
                    break
                }
                cells[row + column] = Cell(character: drawn, width: UInt8(w), style: style)
                for covered in 1..<max(1, w) { cells[row + column + covered] = .continuation(style) }
                column += w
                if column <= end - 1 { ellipsisColumn = column }
            }
        }
        if overflow {
            for blank in ellipsisColumn..<column { cells[row + blank] = .blank(style) }
            cells[row + ellipsisColumn] = Cell(character: "…", width: 1, style: style)
            column = ellipsisColumn + 1
        }
        breakWideCharacter(after: column, y: y)
        return column - start
    }

    /// Draws `text` padded or truncated to exactly `rect.width` cells on `rect.y`, aligned as asked.
    public mutating func write(_ text: String, in rect: Rect, style: Style = .plain, alignment: TextAlignment = .left) {
        guard rect.height > 0 else { return }
        write(TextWidth.fit(text, width: rect.width, alignment: alignment), x: rect.x, y: rect.y, style: style, maxWidth: rect.width)
    }

    /// Draws styled spans one after another on row `y` from `x`, within `maxWidth` cells; the last
    /// span that does not fit ends in "…". Returns the cells used.
    @discardableResult
    public mutating func write(_ line: StyledLine, x: Int, y: Int, maxWidth: Int? = nil, baseStyle: Style = .plain) -> Int {
        let limit = min(maxWidth ?? (width - x), width - x)
        var used = 0
        for span in line.spans {
            guard used < limit else { break }
            used += write(span.text, x: x + used, y: y, style: baseStyle.merged(with: span.style), maxWidth: limit - used)
        }
        return used
    }

    /// The text of row `y`, trailing spaces kept, wide characters once.
    public func line(_ y: Int) -> String {
        var text = ""
        text.reserveCapacity(width)
        for x in 0..<width {
            let cell = cells[y * width + x]
            if !cell.isContinuation { text.append(cell.character) }
        }
        return text
    }

    /// Every row as text with trailing spaces removed, for tests and snapshots.
    public var lines: [String] {
        (0..<height).map { y in
            var text = line(y)
            while text.last == " " { text.removeLast() }
            return text
        }
    }

    /// The column of the wide character covering the continuation cell at `x`, if one does.
    func head(ofContinuationAt x: Int, y: Int) -> Int? {
        var column = x
        while column > 0, cells[y * width + column].isContinuation { column -= 1 }
        let head = cells[y * width + column]
        return !head.isContinuation && column + Int(head.width) > x ? column : nil
    }

    /// Before overwriting from column `x`: a wide character covering `x` from its left is blanked
    /// whole, so no part of it remains.
    private mutating func breakWideCharacter(before x: Int, y: Int) {
        guard x > 0, x < width, cells[y * width + x].isContinuation else { return }
        var column = head(ofContinuationAt: x, y: y) ?? x
        repeat {
            cells[y * width + column] = .blank(cells[y * width + column].style)
            column += 1
        } while column < width && cells[y * width + column].isContinuation
    }

    /// After overwriting up to column `x` (exclusive): continuation cells at `x` whose wide character
    /// is gone become blanks.
    private mutating func breakWideCharacter(after x: Int, y: Int) {
        guard x < width, cells[y * width + x].isContinuation, head(ofContinuationAt: x, y: y) == nil else { return }
        var column = x
        while column < width, cells[y * width + column].isContinuation {
            cells[y * width + column] = .blank(cells[y * width + column].style)
            column += 1
        }
    }
}
