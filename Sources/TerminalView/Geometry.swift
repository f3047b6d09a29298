/// A rectangle of cells, origin at the top left, zero-based.
public struct Rect: Hashable, Sendable {
    public var x: Int
    public var y: Int
    public var width: Int
    public var height: Int

    package init(x: Int, y: Int, width: Int, height: Int) {
        self.x = x
        self.y = y
        self.width = max(0, width)
        self.height = max(0, height)
    }

    package var maxX: Int { x + width }
    public var maxY: Int { y + height }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// True when the cell (x, y) lies inside.
    public func contains(x px: Int, y py: Int) -> Bool {
        px >= x && px < maxX && py >= y && py < maxY
    }
}

/// The terminal's size in cells.
public struct TerminalSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    package init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }
}

/// A cursor position in cells, zero-based.
package struct CursorPosition: Hashable, Sendable {
    package var x: Int
    package var y: Int
}

/// The reader's screen split: title bar on row 0, content, status line on the second-to-last row,
/// prompt/message line on the last row. Tiny screens degrade: the content may be empty.
public struct Layout: Hashable, Sendable {
    public let size: TerminalSize
    /// Row 0, full width.
    public var titleBar: Rect { Rect(x: 0, y: 0, width: size.width, height: min(1, size.height)) }
    /// Rows 1 ..< height-2.
    public var content: Rect { Rect(x: 0, y: 1, width: size.width, height: max(0, size.height - 3)) }
    /// The second-to-last row.
    public var statusLine: Rect { Rect(x: 0, y: max(0, size.height - 2), width: size.width, height: size.height >= 2 ? 1 : 0) }
    /// The last row, for prompts and messages.
    public var promptLine: Rect { Rect(x: 0, y: max(0, size.height - 1), width: size.width, height: size.height >= 1 ? 1 : 0) }

    public init(size: TerminalSize) {
        self.size = size
    }
}
