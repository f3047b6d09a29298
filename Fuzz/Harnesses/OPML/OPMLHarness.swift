import Foundation
@testable import FeedModel
import FuzzSupport

/// The OPML reader on any bytes: a document it accepts, written out and read back, has the same
/// root attributes (plus `version` when it had none, and `xmlns:tidings` when it used the prefix
/// undeclared), head and outlines, and writing that again gives the same bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOPML(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let document = try? OPMLDocument(data: Data(bytes: data, count: size)) else { return 0 }
    _ = document.entries
    let written = document.serialized()
    let reread: OPMLDocument
    do {
        reread = try OPMLDocument(data: written)
    } catch {
        require(false, "written OPML does not read back (\(error)):\n\(visible(String(decoding: written, as: UTF8.self), limit: 2000))")
        return 0
    }
    // The writer gives a list without `version` the one OPML requires, and declares the `tidings:`
    // prefix a hand-edited list used without declaring it; nothing else may change.
    let declared = document.rootAttributes.contains { $0.name == "xmlns:tidings" }
    let added = reread.rootAttributes.filter { attribute in
        !document.rootAttributes.contains(attribute)
    }
    let mayAdd = { (attribute: FeedListAttribute) in
        attribute.name == "version"
            || (!declared && attribute == FeedListAttribute(name: "xmlns:tidings", value: OPMLDocument.tidingsNamespace))
    }
    require(
        added.allSatisfy(mayAdd) && reread.rootAttributes.count <= document.rootAttributes.count + 2
            && document.rootAttributes.allSatisfy { reread.rootAttributes.contains($0) },
        "root attributes differ: \(document.rootAttributes) vs \(reread.rootAttributes)")
    require(reread.head == document.head, "head differs: \(document.head) vs \(reread.head)")
    require(reread.outlines == document.outlines, "outlines differ:\n  \(document.outlines)\n  \(reread.outlines)")
    require(reread.entries == document.entries, "entries differ")
    require(reread.serialized() == written, "second write differs")
    return 0
}
