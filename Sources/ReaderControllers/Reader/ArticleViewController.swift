import FeedFetch
import FeedModel
import FeedStore
import Foundation
import TerminalView

/// Tells the controller that opened an article what changed: its marks (opening it marks it read) and
/// which article it shows after `n`/`p`; and finds the next unread article for `n`/`p`, since the
/// list decides the order (and may move on to the next feed). Called on the main actor.
@MainActor
package protocol ArticleViewControllerDelegate: AnyObject {
    func articleViewController(_ controller: ArticleViewController, didChangeMarksOf articleID: Int64, read: Bool, starred: Bool)
    func articleViewController(_ controller: ArticleViewController, didShow articleID: Int64)
    /// The unread article after `articleID` (before it, with `backward`), or nil when none is left.
    func articleViewController(_ controller: ArticleViewController, unreadAfter articleID: Int64?, backward: Bool) -> Int64?
}

/// One article: title, feed, author, date, URL, the enclosures' section, the body laid out by `HTMLText` at the
/// terminal's width, and the numbered links (`3o` opens link 3). Opening an article marks it read in
/// the store at once. `n`/`p` go to the next/previous unread article in the order of the list it was
/// opened from (which moves on to the following feeds, see `ArticleListViewController`). Main actor only.
@MainActor
package final class ArticleViewController: ViewController {
    public weak var navigationController: NavigationController?
    /// Held weakly: the list that opened this controller.
    public weak var delegate: (any ArticleViewControllerDelegate)?
    let context: ReaderContext
    private(set) var article: StoredArticle?
    private(set) var links: [String] = []
    /// The article's full text, or why there is none (`ArticleContent.fullText`).
    private(set) var fullText: ArticleFullText?
    let textView = TextView()
    var offset = 0
    private var laidOutWidth: Int?
    /// The download board's version the enclosures' notes were read at (nil: no enclosures or downloads).
    private var laidOutAtDownloadsVersion: Int?

    /// Shows the article and marks it read, telling `delegate` (set before, so the mark reaches it).
    package init(
        context: ReaderContext, articleID: Int64, delegate: (any ArticleViewControllerDelegate)? = nil
    ) {
        self.context = context
        self.delegate = delegate
        show(articleID: articleID, announce: false)
    }

    package var title: String {
        ReaderFormat.clean(article?.feedTitle)
    }

    package var status: String {
        guard let article else { return "" }
        let lines = textView.displayLineCount(width: max(1, textView.frame.width))
        let percent = lines <= textView.frame.height ? 100 : min(100, (offset + textView.frame.height) * 100 / max(1, lines))
        return (article.starred ? "* " : "") + (article.read ? "" : "unread ") + "\(percent)%"
    }

    /// Loads and shows the article, marking it read; with `announce`, tells the delegate which article
    /// is shown now (not while the delegate is still choosing the row that opens this controller).
    func show(articleID: Int64, announce: Bool = true) {
        guard let loaded = context.attempt({ try context.store.article(id: articleID) }) else { return }
        guard var article = loaded else {
            context.actions?.showMessage("The article no longer exists.", isError: true)
            return
        }
        if !article.read, context.attempt({ try context.store.setRead(true, articleIDs: [articleID]) }) != nil {
            article = (context.attempt { try context.store.withStoredMarks(of: article) } ?? nil) ?? article
            delegate?.articleViewController(self, didChangeMarksOf: articleID, read: true, starred: article.starred)
        }
        self.article = article
        fullText = context.attempt { try context.store.fullText(articleID: articleID) } ?? nil
        offset = 0
        laidOutWidth = nil
        if announce { delegate?.articleViewController(self, didShow: articleID) }
    }

    package func draw(into buffer: inout ScreenBuffer, frame: Rect) {
        // A download of an enclosure started or ended: its note in the section changed.
        let downloadsVersion = article?.enclosures.isEmpty == false ? context.downloads?.board.version : nil
        if downloadsVersion != laidOutAtDownloadsVersion { laidOutWidth = nil }
        if laidOutWidth != frame.width { layOut(width: frame.width) }
        laidOutAtDownloadsVersion = downloadsVersion
        textView.draw(into: &buffer, frame: frame, offset: &offset)
    }

    package func perform(_ command: ReaderCommand, count: Int?) -> Bool {
        switch command {
        case .up: textView.perform(.lineUp, offset: &offset)
        case .down: textView.perform(.lineDown, offset: &offset)
        case .pageUp: textView.perform(.pageUp, offset: &offset)
        case .pageDown: textView.perform(.pageDown, offset: &offset)
        case .top: textView.perform(.top, offset: &offset)
        case .bottom: textView.perform(.bottom, offset: &offset)
        case .toggleRead:
            guard let article else { return true }
            setMarks(read: !article.read, starred: article.starred)
        case .toggleStar:
            guard let article else { return true }
            setMarks(read: article.read, starred: !article.starred)
        case .openInBrowser:
            openLink(number: count)
        case .nextUnread, .previousUnread:
            showNextUnread(backward: command == .previousUnread)
        case .refresh:
            guard let article else { return true }
            context.actions?.refresh(feedURLs: [article.feedURL])
        case .showURLs:
            navigationController?.push(URLViewController(
                context: context, articleURL: article?.url ?? article?.externalURL,
                enclosures: article?.enclosures.map(\.url) ?? [], links: links))
        case .copyURL:
            if let count {
                guard count >= 1, count <= links.count else {
                    context.actions?.showMessage("No link [\(count)].", isError: true)
                    return true
                }
                ArticleCommands(context: context).copy(links[count - 1])
            } else {
                ArticleCommands(context: context).copy(article?.url ?? article?.externalURL)
            }
        case .fullText:
            fetchFullText()
        case .pipe:
            if let article { ArticleCommands(context: context).pipe(articleID: article.id) }
        case .save:
            if let article { ArticleCommands(context: context).save(articleID: article.id) }
        case .download, .play, .openEnclosure:
            guard let article else { return true }
            EnclosureCommands(context: context).perform(command, articleID: article.id, number: count)
            laidOutWidth = nil  // the enclosures' notes changed (queued, played)
        default:
            return false
        }
        return true
    }

    package func handle(_ event: InputEvent) -> Bool {
        textView.handle(event, offset: &offset)
    }

    /// Opens link `number` of the list (1-based), or the article's own URL when nil.
    private func openLink(number: Int?) {
        if let number {
            guard number >= 1, number <= links.count else {
                context.actions?.showMessage("No link [\(number)].", isError: true)
                return
            }
            context.actions?.openInBrowser(links[number - 1])
        } else if let url = article?.url ?? article?.externalURL {
            context.actions?.openInBrowser(url)
        } else {
            context.actions?.showMessage("This article has no link.", isError: true)
        }
    }

    /// Fetches the article's page in the background, extracts and stores its full text (or why there
    /// is none), then shows it if this article is still the one on screen.
    private func fetchFullText() {
        guard let article else { return }
        guard let url = article.url ?? article.externalURL else {
            context.actions?.showMessage("This article has no link to fetch its full text from.", isError: true)
            return
        }
        let store = context.store
        let articleID = article.id
        let rules = context.config.ignoreRules
        let configuration = context.fetchConfiguration
        context.actions?.runInBackground("Fetching the full text…", {
            let fetcher = FullTextFetcher(store: store, fetcher: FeedFetcher(configuration: configuration), ignoreRules: rules)
            let tally = await fetcher.run([(articleID, url)])
            if tally.extracted == 1 { return "Full text stored." }
            let reason = try store.fullText(articleID: articleID)?.failure ?? "not fetched"
            return "No full text: \(reason); the feed's summary stays."
        }) { [weak self] result in
            guard let self, self.article?.id == articleID else { return }
            self.fullText = self.context.attempt { try self.context.store.fullText(articleID: articleID) } ?? nil
            self.laidOutWidth = nil
            switch result {
            case .success(let message): self.context.actions?.showMessage(message, isError: false)
            case .failure(let error): self.context.actions?.showMessage(error.description, isError: true)
            }
        }
    }

    private func setMarks(read: Bool, starred: Bool) {
        guard let article else { return }
        let stored: Void? = context.attempt {
            if read != article.read { try context.store.setRead(read, articleIDs: [article.id]) }
            if starred != article.starred { try context.store.setStarred(starred, articleIDs: [article.id]) }
        }
        guard stored != nil, let reloaded = context.attempt({ try context.store.withStoredMarks(of: article) }) ?? nil
        else { return }
        self.article = reloaded
        delegate?.articleViewController(self, didChangeMarksOf: article.id, read: read, starred: starred)
    }

    private func showNextUnread(backward: Bool) {
        guard let next = delegate?.articleViewController(self, unreadAfter: article?.id, backward: backward) else {
            context.actions?.showMessage("No unread articles left.", isError: false)
            return
        }
        show(articleID: next)
    }

    /// Builds the text at `width`: header lines, the body, the link list.
    private func layOut(width: Int) {
        laidOutWidth = width
        guard let article else {
            textView.lines = []
            return
        }
        let notes = context.attempt { try EnclosureSection.notes(for: article.enclosures, store: context.store) } ?? [:]
        let content = ArticleContent(
            article: article, theme: context.config.theme, hyperlinks: context.config.hyperlinks, fullText: fullText,
            enclosures: EnclosureSection(notes: notes))
        let laidOut = content.lines(width: max(10, width))
        textView.lines = laidOut.lines
        links = laidOut.links
    }
}
