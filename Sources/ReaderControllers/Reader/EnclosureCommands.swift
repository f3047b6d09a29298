import FeedModel
import FeedStore
import Foundation

/// What the article list, the article view and the downloads view do with an article's enclosures:
/// download them (`d`: queued, then downloaded in the background), play one (`m`) with the `player`
/// command, open one in the browser (`O`). A number typed first picks the enclosure (`2m`); else the
/// first. Main actor only.
///
/// Playing hands the terminal to the player (its own foreground process group, as `|` does) and waits
/// for it: the downloaded file when the queue holds it finished, else the URL, streamed. A player that
/// exits 0 marks the episode played; with `delete_played`, a file Tidings downloaded is then deleted
/// (`PlayedFileRemoval`: never another file).
@MainActor
struct EnclosureCommands {
    let context: ReaderContext

    /// The player when the config names none.
    static let defaultPlayer = "mpv"

    /// Runs `.download`, `.play` or `.openEnclosure` for the article `articleID`.
    func perform(_ command: ReaderCommand, articleID: Int64, number: Int?) {
        guard let article = ArticleCommands(context: context).load(articleID) else { return }
        if command == .download {
            download(article)
            return
        }
        guard let enclosure = pick(article, number: number) else { return }
        if command == .play {
            play(url: enclosure.url, articleID: article.id)
        } else {
            context.actions?.openInBrowser(enclosure.url)
        }
    }

    /// Queues every enclosure of `article` and starts the background downloads.
    func download(_ article: StoredArticle) {
        guard !article.enclosures.isEmpty else {
            context.actions?.showMessage("This article has no enclosure to download.", isError: true)
            return
        }
        guard let downloads = context.downloads else {
            context.actions?.showMessage("Downloads are not available here.", isError: true)
            return
        }
        do {
            let line = try downloads.queue(articleID: article.id)
            let view = context.config.keys.keys(for: .downloads).first?.name ?? "the downloads key"
            let text = line.prefix(1).uppercased() + String(line.dropFirst()) + " (\(view): downloads)"
            context.actions?.showMessage(text, isError: false)
        } catch {
            context.report(error)
        }
    }

    /// Plays the enclosure at `url`: its downloaded file when there is one, else the URL.
    func play(url: String, articleID: Int64?) {
        let entry = context.attempt { try context.store.download(url: url) } ?? nil
        var target = url
        var own: StoredDownload?
        if let entry, entry.state == .done, let path = entry.filePath, FileManager.default.fileExists(atPath: path) {
            target = path
            own = entry
        } else if !Self.isStreamable(url) {
            context.actions?.showMessage("Not playing \(ReaderFormat.clean(url).prefix(60)): only http(s) URLs are streamed.", isError: true)
            return
        }
        let command = context.config.player ?? Self.defaultPlayer
        let arguments = ["/bin/sh", "-c", BrowserLauncher.script(command, placeholder: "%u"), "sh", target]
        let status: Int32
        do {
            guard let actions = context.actions else { return }
            status = try actions.runOnTerminal(arguments)
        } catch {
            context.actions?.showMessage("Cannot run the player '\(ReaderFormat.clean(command).prefix(40))': \(error)", isError: true)
            return
        }
        guard status == 0 else {
            let reason = status == 126 || status == 127
                ? "cannot be run; set `player` in config.toml" : "exited with status \(status)"
            context.actions?.showMessage(
                "The player '\(ReaderFormat.clean(command).prefix(40))' \(reason); not marked played.", isError: true)
            return
        }
        guard context.attempt({ try context.store.markPlayed(url: url, articleID: articleID ?? entry?.articleID) }) != nil
        else { return }
        let name = String(ReaderFormat.clean(entry?.articleTitle ?? target).prefix(60))
        var text = "Played " + (own == nil ? "(streamed) " : "") + name
        if context.config.deletePlayed, let own {
            switch PlayedFileRemoval.remove(own, folder: context.config.downloads.folder()) {
            case .deleted(let path): text += "; deleted \(ReaderFormat.clean(path))"
            case .kept(let reason): text += "; file kept: \(ReaderFormat.clean(reason))"
            }
        }
        context.actions?.showMessage(text, isError: false)
    }

    /// Enclosure `number` (1-based) of `article`, or its first; nil (with a message) when there is none.
    private func pick(_ article: StoredArticle, number: Int?) -> Enclosure? {
        guard !article.enclosures.isEmpty else {
            context.actions?.showMessage("This article has no enclosure.", isError: true)
            return nil
        }
        guard let number else { return article.enclosures[0] }
        guard number >= 1, number <= article.enclosures.count else {
            context.actions?.showMessage("No enclosure [E\(number)].", isError: true)
            return nil
        }
        return article.enclosures[number - 1]
    }

    /// Web URLs, which a player streams; anything else (file:, data:) is refused.
    static func isStreamable(_ url: String) -> Bool {
        let lower = url.lowercased()
        return (lower.hasPrefix("http://") || lower.hasPrefix("https://"))
            && !url.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F }
    }
}
