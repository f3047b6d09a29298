import ArgumentParser
import ReaderControllers

extension ExtractFormat: ExpressibleByArgument {}

/// `tidings extract [--base URL] [--format json|text|html] [PATH | -]`: the article in a saved web page.
struct ExtractCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extract",
        abstract: "Find the article in a web page and print it.",
        discussion: """
            Exits 0 with the article, 65 when the page holds none (nothing printed), 66 when the \
            page cannot be read.
            """)

    @Option(name: .long, help: ArgumentHelp("The page's URL, for resolving relative links.", valueName: "URL"))
    var base: String?

    @Option(name: .long, help: ArgumentHelp("The output format: json, text or html (default: json).", valueName: "format"))
    var format: ExtractFormat = .json

    @Argument(help: ArgumentHelp("The HTML page, or - for standard input.", valueName: "PATH"))
    var path: String = "-"

    func run() throws {
        let controller = ExtractController(baseURL: base, format: format)
        do {
            try CommandOutput.write(try controller.run(path: path))
        } catch {
            throw CommandOutput.failure(error)
        }
    }
}
