import Foundation
import FeedModel
import FuzzSupport

/// The newsboat `urls` reader on any bytes: the feeds of a file it accepts, written out as a `urls`
/// file and read back, are the same feeds (URL, title, tags), and the written file is accepted.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzNewsboat(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let list = try? NewsboatURLs.read(Data(bytes: data, count: size)) else { return 0 }
    require(list.entries.count == list.entryLines.count, "entries and their lines do not pair")
    let written = NewsboatURLs.serialize(list.entries)
    let reread: NewsboatURLsList
    do {
        reread = try NewsboatURLs.read(Data(written.utf8))
    } catch {
        require(false, "written urls file does not read back (\(error)):\n\(visible(written, limit: 2000))")
        return 0
    }
    require(reread.entries.count == list.entries.count, "\(list.entries.count) feeds written, \(reread.entries.count) read back:\n\(visible(written))")
    for (old, new) in zip(list.entries, reread.entries) {
        require(new.url == old.url, "URL \(visible(old.url)) read back as \(visible(new.url))")
        require(new.title == old.title, "title \(old.title.map { visible($0) } ?? "nil") read back as \(new.title.map { visible($0) } ?? "nil")")
        require(new.tags == old.tags, "tags \(old.tags.map { visible($0) }) read back as \(new.tags.map { visible($0) })")
    }
    return 0
}
