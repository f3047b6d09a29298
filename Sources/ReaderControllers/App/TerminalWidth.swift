import CTerminal
import FeedExport
import Foundation

extension ExportOptions {
    /// The width of the terminal `descriptor` is, or nil when it is not a terminal (for
    /// `terminalWidth`: pass 1 for standard output).
    public static func terminalWidth(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        var rows: Int32 = 0
        var columns: Int32 = 0
        guard tidings_window_size(descriptor, &rows, &columns) == 0, columns > 0 else { return 80 }
        return Int(columns)
    }
}
