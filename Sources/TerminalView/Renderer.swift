/// What the terminal should be sent besides plain text.
public struct RenderOptions: Hashable, Sendable {
    /// False under `NO_COLOR`: colours are dropped, bold/dim/underline/reverse are kept so the
    /// selection stays visible.
    package var colors: Bool
    /// Emit OSC 8 hyperlinks for cells whose style has a link target.
    public var hyperlinks: Bool

    public init(colors: Bool = true, hyperlinks: Bool = true) {
        self.colors = colors
        self.hyperlinks = hyperlinks
    }

    /// Options following the environment: `NO_COLOR` set to a non-empty value turns colours off
    /// (https://no-color.org).
    public static func fromEnvironment(_ environment: [String: String], hyperlinks: Bool = true) -> RenderOptions {
        let noColor = environment["NO_COLOR"].map { !$0.isEmpty } ?? false
        return RenderOptions(colors: !noColor, hyperlinks: hyperlinks)
    }
}

/// Turns successive frames into the bytes that update the terminal: only cells that differ from the
/// previous frame are sent, as cursor moves, SGR attributes, OSC 8 links and text (ECMA-48/xterm).
///
/// The first frame, a frame of a new size, and the frame after `invalidate()` are drawn in full
/// after clearing the screen. Each frame ends with attributes reset and links closed. Not thread-safe:
/// use from the thread that draws.
///
/// Terminals disagree on the width of some clusters (emoji sequences, Indic conjuncts, combining
/// marks): where the terminal's width differs from ours, a cell-by-cell difference would leave debris
/// or skip cells. So a row holding such a cluster, in this frame or the last, is cleared and drawn
/// whole whenever it changes, exactly as a full redraw draws it, and the cursor is placed anew after
/// each such cluster: a screen after any keys is then the screen a full redraw (^L) gives.
package final class Renderer {
    package var options: RenderOptions {
        didSet { if options != oldValue { invalidate() } }
    }
    private var previous: ScreenBuffer?
    private var cursorShown: Bool?

    package init(options: RenderOptions = RenderOptions()) {
        self.options = options
    }

    /// Forgets the previous frame so the next one is drawn in full (^L, resume, resize).
    package func invalidate() {
        previous = nil
        cursorShown = nil
    }

    /// The bytes that turn the previous frame into `frame`; empty when nothing changed.
    package func render(_ frame: ScreenBuffer) -> [UInt8] {
        var out = Output(options: options)
        let base: ScreenBuffer
        if let previous, previous.size == frame.size {
            base = previous
        } else {
            out.bytes.append(contentsOf: Array("\u{1B}[0m\u{1B}[H\u{1B}[2J".utf8))
            base = ScreenBuffer(width: frame.width, height: frame.height)
        }
        let width = frame.width
        let blank = ScreenBuffer(width: width, height: 1)
        for y in 0..<frame.height {
            var rowBase = base
            var baseRow = y
            if previous != nil, Self.rowDiffers(frame, base, y), Self.hasUncertainWidth(frame, y) || Self.hasUncertainWidth(base, y) {
                out.clearRow(y)
                rowBase = blank
                baseRow = 0
            }
            var x = 0
            while x < width {
                var cell = frame[x, y]
                if cell == rowBase[x, baseRow] {
                    x += 1
                    continue
                }
                if cell.isContinuation {
                    if let head = frame.head(ofContinuationAt: x, y: y) {
                        x = head
                        cell = frame[x, y]
                    } else {
                        cell = .blank(cell.style)
                    }
                }
                out.draw(cell, x: x, y: y, width: width, certain: !Self.isUncertain(cell))
                x += max(1, Int(cell.width))
            }
        }
        out.finishText()
        if let cursor = frame.cursor, cursor.x >= 0, cursor.x < width, cursor.y >= 0, cursor.y < frame.height {
            if !out.bytes.isEmpty || previous?.cursor != cursor || cursorShown != true {
                out.moveCursor(x: cursor.x, y: cursor.y)
            }
            if cursorShown != true { out.bytes.append(contentsOf: Array("\u{1B}[?25h".utf8)) }
            cursorShown = true
        } else {
            if cursorShown != false { out.bytes.append(contentsOf: Array("\u{1B}[?25l".utf8)) }
            cursorShown = false
        }
        previous = frame
        return out.bytes
    }

    private static func rowDiffers(_ a: ScreenBuffer, _ b: ScreenBuffer, _ y: Int) -> Bool {
        (0..<a.width).contains { a[$0, y] != b[$0, y] }
    }

    private static func hasUncertainWidth(_ buffer: ScreenBuffer, _ y: Int) -> Bool {
        (0..<buffer.width).contains { isUncertain(buffer[$0, y]) }
    }

    /// True for a cluster whose width terminals may count otherwise than `TextWidth`: several code
    /// points (marks, joiners, selectors, modifiers), or one emoji or symbol beyond Latin-1.
    private static func isUncertain(_ cell: Cell) -> Bool {
        if cell.character.isASCII { return false }
        var scalars = cell.character.unicodeScalars.makeIterator()
        guard let first = scalars.next() else { return false }
        return scalars.next() != nil || (first.value >= 0x2000 && first.properties.isEmoji)
    }
}

/// The byte stream of one frame, with the pen (attributes, link, cursor) it has set so far.
private struct Output {
    let options: RenderOptions
    var bytes: [UInt8] = []
    var pen = Style.plain
    var cursor: CursorPosition?

    init(options: RenderOptions) {
        self.options = options
        bytes.reserveCapacity(4096)
    }

    /// Draws `cell` at (x, y); after a cluster of `certain` width false, the cursor's column is
    /// unknown until the next move places it.
    mutating func draw(_ cell: Cell, x: Int, y: Int, width: Int, certain: Bool = true) {
        if cursor != CursorPosition(x: x, y: y) { moveCursor(x: x, y: y) }
        var style = cell.style
        if !options.colors {
            style.foreground = nil
            style.background = nil
        }
        if !options.hyperlinks { style.hyperlink = nil }
        if style.hyperlink != pen.hyperlink { setLink(style.hyperlink) }
        if !Output.sameAttributes(style, pen) { setAttributes(style) }
        pen = style
        if Output.isDrawable(cell.character) {
            bytes.append(contentsOf: cell.character.utf8)
        } else {
            bytes.append(contentsOf: [0xEF, 0xBF, 0xBD])  // U+FFFD: a cell built by hand held a control
        }
        let next = x + max(1, Int(cell.width))
        // At the edge the wrap is pending, and after an uncertain cluster the column is the terminal's.
        cursor = next < width && certain ? CursorPosition(x: next, y: y) : nil
    }

    /// Erases row `y` in the default colours (ESC [ 2 K), attributes and link reset first.
    mutating func clearRow(_ y: Int) {
        finishText()
        moveCursor(x: 0, y: y)
        bytes.append(contentsOf: [0x1B, 0x5B, 0x32, 0x4B])
    }

    mutating func finishText() {
        if pen.hyperlink != nil { setLink(nil) }
        if pen != .plain { bytes.append(contentsOf: [0x1B, 0x5B, 0x30, 0x6D]) }
        pen = .plain
    }

    mutating func moveCursor(x: Int, y: Int) {
        if let cursor, cursor.y == y, cursor.x < x {
            bytes.append(contentsOf: [0x1B, 0x5B])
            appendDecimal(x - cursor.x)
            bytes.append(UInt8(ascii: "C"))
        } else {
            bytes.append(contentsOf: [0x1B, 0x5B])
            appendDecimal(y + 1)
            bytes.append(UInt8(ascii: ";"))
            appendDecimal(x + 1)
            bytes.append(UInt8(ascii: "H"))
        }
        cursor = CursorPosition(x: x, y: y)
    }

    private static func isDrawable(_ character: Character) -> Bool {
        if let ascii = character.asciiValue { return ascii >= 0x20 && ascii != 0x7F }
        return !character.unicodeScalars.contains(where: TerminalSanitizer.isUnsafe)
    }

    private static func sameAttributes(_ a: Style, _ b: Style) -> Bool {
        a.foreground == b.foreground && a.background == b.background && a.bold == b.bold && a.dim == b.dim
            && a.italic == b.italic && a.underline == b.underline && a.reverse == b.reverse
    }

    private mutating func setAttributes(_ style: Style) {
        bytes.append(contentsOf: [0x1B, 0x5B, 0x30])  // ESC [ 0: start from a reset
        if style.bold { bytes.append(contentsOf: [0x3B, 0x31]) }
        if style.dim { bytes.append(contentsOf: [0x3B, 0x32]) }
        if style.italic { bytes.append(contentsOf: [0x3B, 0x33]) }
        if style.underline { bytes.append(contentsOf: [0x3B, 0x34]) }
        if style.reverse { bytes.append(contentsOf: [0x3B, 0x37]) }
        if let color = style.foreground { appendColor(color, base: 30, brightBase: 90, extended: 38) }
        if let color = style.background { appendColor(color, base: 40, brightBase: 100, extended: 48) }
        bytes.append(UInt8(ascii: "m"))
    }

    private mutating func appendColor(_ color: Color, base: Int, brightBase: Int, extended: Int) {
        bytes.append(UInt8(ascii: ";"))
        switch color {
        case .indexed(let index):
            appendDecimal(extended)
            bytes.append(contentsOf: Array(";5;".utf8))
            appendDecimal(Int(index))
        case .rgb(let r, let g, let b):
            appendDecimal(extended)
            bytes.append(contentsOf: Array(";2;".utf8))
            appendDecimal(Int(r))
            bytes.append(UInt8(ascii: ";"))
            appendDecimal(Int(g))
            bytes.append(UInt8(ascii: ";"))
            appendDecimal(Int(b))
        default:
            let index = color.standardIndex ?? 0
            appendDecimal(index < 8 ? base + index : brightBase + index - 8)
        }
    }

    /// OSC 8 ; id=… ; URI ST. The URI is reduced to printable ASCII (others percent-encoded) so a
    /// hostile link cannot end the sequence early or smuggle controls. The id, a hash of the URI,
    /// lets the terminal treat the pieces of a wrapped link as one link.
    private mutating func setLink(_ target: String?) {
        bytes.append(contentsOf: [0x1B, 0x5D, 0x38, 0x3B])  // ESC ] 8 ;
        if let target {
            bytes.append(contentsOf: Array("id=".utf8))
            var hash: UInt32 = 0x811C_9DC5  // FNV-1a
            for byte in target.utf8 { hash = (hash ^ UInt32(byte)) &* 0x0100_0193 }
            for shift in stride(from: 28, through: 0, by: -4) { bytes.append(Output.hexDigits[Int(hash >> UInt32(shift) & 0xF)]) }
        }
        bytes.append(0x3B)
        if let target {
            for byte in target.utf8 {
                if byte > 0x20, byte < 0x7F {
                    bytes.append(byte)
                } else {
                    bytes.append(UInt8(ascii: "%"))
                    bytes.append(Output.hexDigits[Int(byte >> 4)])
                    bytes.append(Output.hexDigits[Int(byte & 0x0F)])
                }
            }
        }
        bytes.append(contentsOf: [0x1B, 0x5C])  // ST
        pen.hyperlink = target
    }

    private static let hexDigits: [UInt8] = Array("0123456789ABCDEF".utf8)

    private mutating func appendDecimal(_ value: Int) {
        if value >= 10 { appendDecimal(value / 10) }
        bytes.append(UInt8(ascii: "0") + UInt8(value % 10))
    }
}
