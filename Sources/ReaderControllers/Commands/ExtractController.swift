import FeedHTML
import FeedModel
import Foundation

/// Finds the article in one saved web page (`tidings extract`) and renders it as JSON, text or HTML.
///
/// Synchronous. Reads the whole page (a file or standard input), then runs `ArticleExtractor`.
public struct ExtractController {
    public var baseURL: String?
    public var format: ExtractFormat

    /// The largest page read: no article is that big, and a page is held whole while it is read.
    package static let pageLimit = 64 << 20

    public init(baseURL: String? = nil, format: ExtractFormat = .json) {
        self.baseURL = baseURL
        self.format = format
    }

    /// The output for the page at `path` (`-` for standard input; a pipe is read as `parse` reads
    /// one). Throws 66 when the page cannot be opened or is over `pageLimit`, 74 when a read fails,
    /// 65 when it holds no article.
    public func run(path: String) throws(CommandFailure) -> [UInt8] {
        let name = path == "-" ? "standard input" : path
        let page = try Self.read(path, name: name)
        guard let article = ArticleExtractor.extract(page: page, url: baseURL) else {
            throw CommandFailure(
                message: "\(name): no article found (the page has no text that reads as an article)",
                status: .dataError)
        }
        return render(article)
    }

    /// The article in the chosen format.
    public func render(_ article: ExtractedArticle) -> [UInt8] {
        switch format {
        case .json:
            return article.json()
        case .text:
            let title = article.title.map { $0 + "\n\n" } ?? ""
            return Array((title + article.text + "\n").utf8)
        case .html:
            return Array((article.contentHTML + "\n").utf8)
        }
    }

    private static func read(_ path: String, name: String) throws(CommandFailure) -> [UInt8] {
        let descriptor = path == "-" ? 0 : open(path, O_RDONLY | O_CLOEXEC)
        if descriptor < 0 {
            throw CommandFailure(
                message: "cannot open \(path): \(String(cString: strerror(errno))); give a saved HTML page (or - for standard input)",
                status: .noInput)
        }
        defer { if descriptor > 0 { close(descriptor) } }
        var info = stat()
        if fstat(descriptor, &info) == 0, info.st_mode & S_IFMT == S_IFDIR {
            throw CommandFailure(
                message: "\(path) is a directory; give the path of a saved HTML page (or - for standard input)",
                status: .noInput)
        }
        let chunks = FileChunks(descriptor: descriptor)
        var page: [UInt8] = []
        for chunk in chunks {
            page += chunk
            if page.count > pageLimit {
                throw CommandFailure(
                    message: "cannot read \(name): it is over \(pageLimit >> 20) MB, too large for a web page",
                    status: .noInput)
            }
        }
        if let readError = chunks.readError {
            throw CommandFailure(message: "cannot read \(name): \(String(cString: strerror(readError)))", status: .ioError)
        }
        return page
    }
}
