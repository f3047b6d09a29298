extension HTMLText {
    /// The text of a plain-text body on one line, as `plainText` gives it for HTML: white space
    /// collapsed and control characters removed (nothing is read as markup or an entity).
    public static func plainText(fromText text: String) -> String {
        var output = ""
        var pendingSpace = false
        appendCollapsed(text, to: &output, pendingSpace: &pendingSpace)
        return output
    }
}
