import FeedExport
import Foundation
import TerminalView

extension ExportOptions {
    /// The width of the terminal `descriptor` is, or nil when it is not a terminal (for
    /// `terminalWidth`: pass 1 for standard output); 80 when a terminal does not tell its width.
    public static func terminalWidth(of descriptor: Int32) -> Int? {
        guard isatty(descriptor) == 1 else { return nil }
        guard let size = TerminalSize.current(of: descriptor), size.width > 0 else { return 80 }
        return size.width
    }
}
