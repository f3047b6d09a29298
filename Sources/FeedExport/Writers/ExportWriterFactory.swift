extension ExportFormat {
    /// The writer of this format: the one place a format is mapped to the code that writes it.
    func writer(context: ExportContext) -> any ExportWriter {
        switch self {
        case .text: ExportTextWriter(context: context)
        case .markdown: ExportMarkdownWriter(context: context)
        case .html: ExportHTMLWriter(context: context)
        case .json: ExportJSONWriter(context: context)
        case .rss: ExportRSSWriter(context: context)
        case .atom: ExportAtomWriter(context: context)
        case .tsv: ExportTSVWriter(context: context)
        case .csv: ExportCSVWriter(context: context)
        }
    }
}
