import FeedChecks
@testable import FeedHTML
import FeedModel
import Foundation
import FuzzSupport
@testable import FeedExport
import TidingsText

/// The date parser on any bytes: a date it reads is written as RFC 3339 (JSON Feed, Atom, CSV) and as
/// RFC 822 (RSS export) and read back as the same instant, to the precision written.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzDate(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Array(UnsafeBufferPointer(start: data, count: size))
    guard let date = DateParser.parse(bytes) else { return 0 }
    require(date.timeIntervalSince1970.isFinite, "non-finite date from \(visible(String(decoding: bytes, as: UTF8.self)))")
    FeedChecks.checkDate(date)
    let rfc822 = ExportDate.string(date, ExportDate.rfc822)
    let whole = RFC3339.string(date, .seconds)
    guard let read = DateParser.parse(rfc822) else {
        require(false, "\(whole) written as RFC 822 \(rfc822), which does not parse")
        return 0
    }
    require(RFC3339.string(read, .seconds) == whole, "\(whole) written as \(rfc822), read back as \(RFC3339.string(read))")
    return 0
}
