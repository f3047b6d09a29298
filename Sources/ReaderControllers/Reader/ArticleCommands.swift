import FeedStore
import Foundation

/// What the article list and the article view both do with one article: copy its URL (`y`, OSC 52),
/// pipe it to a command (`|`), save it to a file (`w`). Saving asks for a path (a `.html` name
/// saves the HTML page, anything else text), refuses Tidings' own files and files of another kind
/// (`OutputTarget`), asks again before replacing a file, and writes atomically (a temporary file
/// beside it, then rename). Main actor only.
@MainActor
struct ArticleCommands {
    let context: ReaderContext

    /// Copies `url`, or says the article has none.
    func copy(_ url: String?) {
        guard let url else {
            context.actions?.showMessage("This article has no link.", isError: true)
            return
        }
        context.actions?.copyToClipboard(url)
    }

    /// Asks for a command and pipes the article's text to it.
    func pipe(articleID: Int64) {
        guard let article = load(articleID) else { return }
        context.actions?.beginPrompt("Pipe article to command: ", initial: "") { [context] command in
            let trimmed = command.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            context.actions?.pipe(ArticleExport.text(article), to: trimmed)
        }
    }

    /// Asks for a path and saves the article there.
    func save(articleID: Int64, home: String = TidingsPaths.home()) {
        guard let article = load(articleID) else { return }
        let suggestion = "~/" + ArticleExport.fileName(article)
        context.actions?.beginPrompt("Save article to (.html for HTML): ", initial: suggestion) { [context] typed in
            let trimmed = typed.trimmingCharacters(in: .whitespaces)
            guard !trimmed.isEmpty else { return }
            let path = ArticleExport.expand(trimmed, home: home)
            if let refusal = Self.refusal(path, context: context) {
                context.actions?.showMessage(refusal, isError: true)
                return
            }
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) {
                guard !isDirectory.boolValue else {
                    context.actions?.showMessage("\(path) is a folder: name a file.", isError: true)
                    return
                }
                context.actions?.ask("\(path) exists. Replace it?") { yes in
                    if yes {
                        Self.write(article, to: path, context: context)
                    } else {
                        context.actions?.showMessage("Not saved.", isError: false)
                    }
                }
                return
            }
            Self.write(article, to: path, context: context)
        }
    }

    /// Why `path` must not be written (`OutputTarget`): one of Tidings' own files, or a file of another
    /// kind than the text or HTML page `w` writes (the reader has no `--force`: the user picks another name).
    private static func refusal(_ path: String, context: ReaderContext) -> String? {
        // Without the run's paths, the database alone stands for every own file.
        let database = context.store.path
        let paths = context.paths ?? TidingsPaths(feedList: database, database: database, config: database)
        if let role = OwnFiles(paths: paths).role(of: path) {
            return "Not saved: \(path) is \(role); Tidings never writes over its own files."
        }
        let html = ArticleExport.wantsHTML(path)
        let target = OutputTarget(path: path, option: "w", kind: html ? .html : .text, content: "")
        guard let existing = target.conflictingKind() else { return nil }
        return "Not saved: \(path) is \(existing.phrase), not \(html ? "an HTML page" : "a text file"); choose another name."
    }

    private static func write(_ article: StoredArticle, to path: String, context: ReaderContext) {
        do {
            let html = ArticleExport.wantsHTML(path)
            let data = html ? try ArticleExport.html(article) : Data(ArticleExport.text(article).utf8)
            try SafeFileWriter.replace(path, with: data, backup: nil)
            context.actions?.showMessage("Saved \(html ? "HTML" : "text") to \(path)", isError: false)
        } catch let failure as SafeFileWriter.Failure {
            context.actions?.showMessage("Not saved: \(path): \(failure.reason)", isError: true)
        } catch {
            context.actions?.showMessage("Not saved: \(error)", isError: true)
        }
    }

    func load(_ articleID: Int64) -> StoredArticle? {
        guard let found = context.attempt({ try context.store.article(id: articleID) }) else { return nil }
        guard let found else {
            context.actions?.showMessage("The article no longer exists.", isError: true)
            return nil
        }
        return found
    }
}
