import FeedExport

/// The one check every output path goes through before anything is written to it (`export
/// --output`, `feeds export --output`, the reader's `w`, and any later command that writes a file
/// the user names): it is none of Tidings' own files (`OwnFiles`, always refused), and it does not
/// hold a file of another recognisable kind than the one about to be written (`FileKind`), unless
/// `force`. Replacing a file of the same kind, or plain text, stays allowed, as cron jobs re-export
/// to the same file.
struct OutputTarget {
    let path: String
    /// Where the path came from, for messages (`--output`).
    let option: String
    /// What will be written: nil when it cannot be known (a template), which then only refuses to
    /// replace a database, a feed list or a binary file.
    let kind: FileKind?
    /// How a message names what will be written ("CSV", "the feed list as OPML").
    let content: String

    /// Throws a `CommandFailure` (exit 73) naming why the path is refused.
    func check(_ paths: TidingsPaths, force: Bool) throws(CommandFailure) {
        try OwnFiles(paths: paths).check(path, option: option)
        if force { return }
        if let existing = conflictingKind() {
            throw CommandFailure(
                message: "\(option) \(path) is \(existing.phrase) and this would replace it with \(content); "
                    + "nothing was written: choose another file, or give --force to replace it",
                status: .cannotCreate)
        }
    }

    /// The kind of the file already at `path` when writing would replace it with another kind. Plain
    /// text tells nothing of what it was (any text export, or a file the user wrote), so it is
    /// replaced as before; a template's output may be anything, so only what no template writes
    /// (a database, a feed list, a binary file) is kept from it.
    func conflictingKind() -> FileKind? {
        guard let existing = FileKind.of(path), existing != .text else { return nil }
        guard let kind else { return [.sqlite, .opml, .binary].contains(existing) ? existing : nil }
        return existing == kind ? nil : existing
    }

    /// The target of `export --output` in `format`, or with a template when `template` is set.
    static func export(_ path: String, format: ExportFormat, template: String?) -> OutputTarget {
        guard template == nil else {
            return OutputTarget(path: path, option: "--output", kind: nil, content: "a template's output")
        }
        let kind: FileKind = switch format {
        case .text, .markdown, .tsv, .csv: .text
        case .html: .html
        case .json: .json
        case .rss: .rss
        case .atom: .atom
        }
        return OutputTarget(path: path, option: "--output", kind: kind, content: "an export as \(format.rawValue)")
    }
}
