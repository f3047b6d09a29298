import CLibXML2
import FeedHTML
import Foundation
import TidingsText

/// The entities of one parse: HTML named references that XML does not declare, and entities the
/// document declares itself, expanded by this store under a byte budget (libxml2 never expands them:
/// no `XML_PARSE_NOENT`). Hands libxml2 predefined-type entity records it owns and frees.
///
/// Used by one parse on one thread.
final class EntityStore {
    private var records: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    private var references: [String: UnsafeMutablePointer<xmlEntity>] = [:]
    private var declared: [String: String] = [:]
    private var expanded: [String: String] = [:]
    private var budget: Int
    private let limit: Int
    /// Set when the document's own entities expand beyond the budget.
    private(set) var exceeded = false
    /// The first undeclared entity that was decoded as HTML.
    private(set) var firstHTMLEntity: String?
    /// The first entity neither declared nor known to HTML, kept as its literal text.
    private(set) var firstUnknownEntity: String?

    init(limit: Int) {
        self.limit = limit
        budget = limit
    }

    deinit {
        for record in Array(records.values) + Array(references.values) {
            free(UnsafeMutableRawPointer(mutating: record.pointee.name))
            free(record.pointee.content)
            record.deallocate()
        }
    }

    /// Records an internal general entity declared in the document's DTD subset.
    func declare(name: String, content: String) {
        guard declared[name] == nil, declared.count < 10_000 else { return }
        declared[name] = content
    }

    /// The record for `&name;` inside an attribute value, for HTML entities: libxml2 copies only the
    /// first byte of a predefined entity there, but writes a checked general entity back as
    /// `&name;`, which `XMLAttributes` then decodes.
    func attributeLookup(_ name: String) -> UnsafeMutablePointer<xmlEntity>? {
        if let record = references[name] { return record }
        guard declared[name] == nil else { return lookup(name) }
        let html = HTMLEntities.value(named: name)
        if html != nil, firstHTMLEntity == nil { firstHTMLEntity = name }
        if html == nil, firstUnknownEntity == nil { firstUnknownEntity = name }
        // An unknown name comes back as `&name;`, which the attribute decoder keeps as text.
        let record = makeRecord(name: name, text: html ?? "&\(name);", type: XML_INTERNAL_GENERAL_ENTITY)
        record.pointee.checked = 1
        references[name] = record
        return record
    }

    /// The record libxml2 should use for `&name;`, or nil past the expansion budget.
    func lookup(_ name: String) -> UnsafeMutablePointer<xmlEntity>? {
        if let record = records[name] {
            if declared[name] != nil { charge(Int(record.pointee.length)) }
            return exceeded ? nil : record
        }
        let text: String
        if declared[name] != nil {
            guard let value = expand(name, depth: 0), !exceeded else { return nil }
            text = value
        } else if let html = HTMLEntities.value(named: name) {
            if firstHTMLEntity == nil { firstHTMLEntity = name }
            text = html
        } else {
            // Shown as written, as browsers do, rather than dropped.
            if firstUnknownEntity == nil { firstUnknownEntity = name }
            text = "&" + name + ";"
        }
        let record = makeRecord(name: name, text: text, type: XML_INTERNAL_PREDEFINED_ENTITY)
        records[name] = record
        return record
    }

    private func makeRecord(name: String, text: String, type: xmlEntityType) -> UnsafeMutablePointer<xmlEntity> {
        let record = UnsafeMutablePointer<xmlEntity>.allocate(capacity: 1)
        record.initialize(to: xmlEntity())
        record.pointee.type = XML_ENTITY_DECL
        record.pointee.name = UnsafePointer(strdup(name).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlChar.self) })
        record.pointee.content = strdup(text).map { UnsafeMutableRawPointer($0).assumingMemoryBound(to: xmlChar.self) }
        record.pointee.length = Int32(text.utf8.count)
        record.pointee.etype = type
        return record
    }

    private func charge(_ bytes: Int) {
        budget -= bytes
        if budget < 0 { exceeded = true }
    }

    /// The replacement text of a declared entity, with nested references expanded; nil past the budget.
    private func expand(_ name: String, depth: Int) -> String? {
        if let done = expanded[name] {
            charge(done.utf8.count)
            return exceeded ? nil : done
        }
        guard depth < 16, let raw = declared[name] else {
            if depth >= 16 { exceeded = true }
            return nil
        }
        var out = ""
        var rest = Substring(raw)
        while let amp = rest.firstIndex(of: "&") {
            out += rest[..<amp]
            let after = rest[rest.index(after: amp)...]
            guard let semi = after.firstIndex(of: ";") else {
                out += after
                rest = ""
                break
            }
            let ref = String(after[..<semi])
            rest = after[after.index(after: semi)...]
            if let nested = declared[ref] != nil ? expand(ref, depth: depth + 1) : nil {
                out += nested
            } else if let simple = EntityDecoder.reference(Array(ref.utf8)) {
                out += simple
            }
            if exceeded { return nil }
            if out.utf8.count > limit { exceeded = true; return nil }
        }
        out += rest
        expanded[name] = out
        charge(out.utf8.count)
        return exceeded ? nil : out
    }
}
