import TerminalView

/// Text from feeds and files made safe for a line on the console: every message and every `feeds`
/// output line that carries a title, a URL, a tag or file content goes through it.
///
/// Cleaned whether or not the stream is a terminal: escape sequences, C0/C1 control characters (tab
/// and line breaks become spaces) and bidi overrides are removed, and runs of white space become one
/// space, by `TerminalSanitizer.singleLine`. A message or a tab-separated row then stays one line, and
/// a log or a cron mail read on a terminal later cannot drive it either. Data meant for programs keeps
/// every character in its own format (`feeds list --json`, `feeds export` to a file or a pipe).
public enum ConsoleText {
    /// One line of text.
    public static func line(_ text: String) -> String {
        TerminalSanitizer.singleLine(text)
    }

    /// Each line of `text` cleaned on its own, its leading spaces kept (for the few messages that
    /// list things on indented lines).
    public static func lines(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            String(line.prefix { $0 == " " }) + TerminalSanitizer.singleLine(String(line))
        }.joined(separator: "\n")
    }
}
