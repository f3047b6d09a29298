import CLibXML2
import Foundation

/// Parses HTML with libxml2's HTML parser and reports errors (other than HTML5 element names the
/// HTML 4 parser does not know), element counts, event handlers and script URLs.
struct HTMLCheck {
    private(set) var errors: [String] = []
    private(set) var elements: [String: Int] = [:]
    private(set) var eventHandlers: [String] = []
    private(set) var scriptURLs: [String] = []
    private(set) var styleAttributes = 0

    init(_ bytes: [UInt8]) {
        let collected = ErrorList()
        xmlSetStructuredErrorFunc(Unmanaged.passUnretained(collected).toOpaque()) { data, error in
            guard let data, let error else { return }
            // HTML5 elements (article, main, time...) are unknown to libxml2's HTML 4 parser.
            guard error.pointee.code != Int32(XML_HTML_UNKNOWN_TAG.rawValue) else { return }
            let message = error.pointee.message.map { String(cString: $0) } ?? "error \(error.pointee.code)"
            Unmanaged<ErrorList>.fromOpaque(data).takeUnretainedValue().messages.append(
                "line \(error.pointee.line): \(message)")
        }
        defer { xmlSetStructuredErrorFunc(nil, nil) }
        let options = Int32(HTML_PARSE_NONET.rawValue)
        let document = bytes.withUnsafeBufferPointer { buffer in
            buffer.baseAddress!.withMemoryRebound(to: CChar.self, capacity: buffer.count) {
                htmlReadMemory($0, Int32(buffer.count), "export.html", "UTF-8", options)
            }
        }
        guard let document else {
            errors = ["not parsed"]
            return
        }
        defer { xmlFreeDoc(document) }
        errors = collected.messages
        visit(xmlDocGetRootElement(document))
    }

    private final class ErrorList {
        var messages: [String] = []
    }

    func count(_ element: String) -> Int { elements[element] ?? 0 }

    private mutating func visit(_ node: xmlNodePtr?) {
        var node = node
        while let current = node {
            if current.pointee.type == XML_ELEMENT_NODE {
                let name = String(cString: current.pointee.name)
                elements[name, default: 0] += 1
                var attribute = current.pointee.properties
                while let a = attribute {
                    let key = String(cString: a.pointee.name).lowercased()
                    var value = ""
                    var child = a.pointee.children
                    while let text = child {
                        if let content = text.pointee.content { value += String(cString: content) }
                        child = text.pointee.next
                    }
                    if key.hasPrefix("on") { eventHandlers.append("\(name) \(key)") }
                    if key == "style" { styleAttributes += 1 }
                    let squeezed = value.lowercased().filter { !$0.isWhitespace }
                    if squeezed.contains("javascript:") || squeezed.contains("vbscript:") {
                        scriptURLs.append("\(name) \(key)=\(value)")
                    }
                    attribute = a.pointee.next
                }
                visit(current.pointee.children)
            }
            node = current.pointee.next
        }
    }
}

/// A strict RFC 4180 reader for the tests.
enum CSVReader {
    struct Malformed: Error {}

    static func records(_ text: String) throws -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var quoted = false
        var atFieldStart = true
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if quoted {
                if c == "\"" {
                    if scalars.first == "\"" {
                        field.unicodeScalars.append("\"")
                        scalars.removeFirst()
                    } else {
                        quoted = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                guard atFieldStart else { throw Malformed() }
                quoted = true
                atFieldStart = false
            case ",":
                record.append(field)
                field = ""
                atFieldStart = true
            case "\r":
                guard scalars.popFirst() == "\n" else { throw Malformed() }
                record.append(field)
                records.append(record)
                record = []
                field = ""
                atFieldStart = true
            case "\n":
                throw Malformed()
            default:
                field.unicodeScalars.append(c)
                atFieldStart = false
            }
        }
        guard !quoted, record.isEmpty, field.isEmpty else { throw Malformed() }
        return records
    }
}
