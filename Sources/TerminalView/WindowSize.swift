import CTerminal

extension TerminalSize {
    /// The window size of the terminal `descriptor` refers to (standard output by default), or nil
    /// when it is not a terminal or the system does not say (the `TIOCGWINSZ` request fails). A
    /// terminal may report zero rows or columns (a serial line, some emulators before they draw):
    /// callers that lay text out choose their own fallback then.
    public static func current(of descriptor: Int32 = 1) -> TerminalSize? {
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard tidings_window_size(descriptor, &rows, &columns) == 0 else { return nil }
        return TerminalSize(width: Int(columns), height: Int(rows))
    }
}
