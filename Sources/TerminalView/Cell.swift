/// One screen cell: the grapheme drawn there, its width in cells, and its style.
///
/// A wide character (CJK, emoji) occupies two cells, an Indic conjunct or an emoji with a skin tone
/// sometimes more: the first holds the character with its width, the others are continuation cells
/// (`width == 0`, empty text) that the renderer skips.
public struct Cell: Hashable, Sendable {
    public var character: Character
    public var width: UInt8
    public var style: Style

    package init(character: Character, width: UInt8 = 1, style: Style = .plain) {
        self.character = character
        self.width = width
        self.style = style
    }

    /// A blank cell in the given style.
    package static func blank(_ style: Style = .plain) -> Cell { Cell(character: " ", width: 1, style: style) }

    /// A cell covered by the wide character on its left.
    static func continuation(_ style: Style) -> Cell { Cell(character: " ", width: 0, style: style) }

    /// True for a cell covered by the wide character on its left.
    package var isContinuation: Bool { width == 0 }
}
