import TidingsText

/// One column of a `TableView`: its header title, how wide it is, and how its text is aligned.
public struct TableColumn: Hashable, Sendable {
    /// How a column's width is decided.
    public enum Width: Hashable, Sendable {
        /// Exactly this many cells.
        case fixed(Int)
        /// A share of the space left after fixed columns, in proportion to `weight`, never below `min`.
        case flexible(min: Int, weight: Int)
        /// This fraction (0...1) of the table's width, never below `min`.
        case fraction(Double, min: Int)
    }

    public var title: String
    public var width: Width
    package var alignment: TextAlignment

    public init(_ title: String, width: Width, alignment: TextAlignment = .left) {
        self.title = title
        self.width = width
        self.alignment = alignment
    }

    /// Cell widths for `columns` in `totalWidth` cells with `separatorWidth` cells between columns.
    /// Fixed and fraction columns get their size first, flexible ones share the rest by weight. When
    /// space runs out, flexible columns shrink to their minimum, then columns from the right shrink
    /// and finally get width 0 (they are not drawn).
    public static func layout(_ columns: [TableColumn], totalWidth: Int, separatorWidth: Int = 1) -> [Int] {
        guard !columns.isEmpty else { return [] }
        let available = max(0, totalWidth - separatorWidth * (columns.count - 1))
        var widths = columns.map { column -> Int in
            switch column.width {
            case .fixed(let cells): return max(0, cells)
            case .flexible(let minimum, _): return max(0, minimum)
            case .fraction(let share, let minimum):
                return max(max(0, minimum), Int((Double(totalWidth) * min(max(share, 0), 1)).rounded(.down)))
            }
        }
        var spare = available - widths.reduce(0, +)
        let weights = columns.map { column -> Int in
            if case .flexible(_, let weight) = column.width { return max(0, weight) }
            return 0
        }
        let totalWeight = weights.reduce(0, +)
        if spare > 0, totalWeight > 0 {
            var given = 0
            var lastFlexible = 0
            for index in columns.indices where weights[index] > 0 {
                let share = spare * weights[index] / totalWeight
                widths[index] += share
                given += share
                lastFlexible = index
            }
            widths[lastFlexible] += spare - given  // rounding remainder
            spare = 0
        }
        var index = columns.count - 1
        while spare < 0, index >= 0 {  // too narrow: take from the right
            let take = min(widths[index], -spare)
            widths[index] -= take
            spare += take
            index -= 1
        }
        return widths
    }
}

/// What a data source supplies for one row: the text of each column, a style for the row (e.g.
/// bold for unread), and optional per-column styles layered on top.
public struct TableRow: Hashable, Sendable {
    package var cells: [String]
    public var style: Style
    /// Per-column extra styles (e.g. a coloured star column); missing entries mean none.
    package var cellStyles: [Style?]
    /// Blank cells before the first column's text (a level of a tree), kept where cell text has its
    /// leading white space trimmed.
    package var indent: Int

    public init(cells: [String], style: Style = .plain, cellStyles: [Style?] = [], indent: Int = 0) {
        self.cells = cells
        self.style = style
        self.cellStyles = cellStyles
        self.indent = max(0, indent)
    }
}

/// The selection and scroll position of a `TableView`. The controller owns it and passes it to
/// the view, which keeps it valid (selection in range and visible).
public struct TableState: Hashable, Sendable {
    /// Index of the selected row (0 when the table is empty).
    public var selectedRow: Int
    /// Index of the first visible row.
    package var scrollOffset: Int

    public init(selectedRow: Int = 0, scrollOffset: Int = 0) {
        self.selectedRow = selectedRow
        self.scrollOffset = scrollOffset
    }
}

/// A navigation command for a `TableView`, so controllers can bind their own keys to it.
public enum TableAction: Hashable, Sendable {
    case up, down, pageUp, pageDown, top, bottom
    /// Choose the selected row (as Enter does).
    case choose
    /// Scroll the view by this many rows (wheel), moving the selection only to keep it visible.
    case scroll(Int)
}
