import CLibXML2

/// Measures of an element's text that the extractor scores and cleans by.
struct NodeText {
    /// Characters (Unicode scalars) of text, white space runs counted once.
    var length = 0
    /// Characters inside links; links to a place on the same page count less (tables of contents).
    var linkLength = 0.0
    /// Commas, the Latin, Arabic and CJK ones.
    var commas = 0

    /// How much of the text is link text, 0 to 1.
    var linkDensity: Double { length == 0 ? 0 : min(1, linkLength / Double(length)) }

    /// Measures the subtree at `node`.
    init(_ node: xmlNodePtr) {
        if node.isText {
            add(node, inLink: 0)
            return
        }
        // The links open around the walk's position, innermost last, with their weights.
        var links: [(node: xmlNodePtr, weight: Double)] = []
        var current = node.pointee.children
        while let visiting = current {
            if visiting.isText {
                add(visiting, inLink: links.last?.weight ?? 0)
            } else if visiting.isElement {
                if visiting.kind == .a {
                    links.append((visiting, visiting.attribute("href")?.hasPrefix("#") == true ? 0.3 : 1))
                }
                if let child = visiting.pointee.children {
                    current = child
                    continue
                }
            }
            var cursor = visiting
            current = nil
            while true {
                if links.last?.node == cursor { links.removeLast() }
                if let next = cursor.pointee.next {
                    current = next
                    break
                }
                guard let parent = cursor.pointee.parent, parent != node else { break }
                cursor = parent
            }
        }
    }

    private mutating func add(_ node: xmlNodePtr, inLink weight: Double) {
        guard let content = node.pointee.content else { return }
        var count = 0
        var pendingSpace = false
        var index = 0
        while content[index] != 0 {
            let byte = content[index]
            index += 1
            if byte == 0x20 || byte == 0x0A || byte == 0x09 || byte == 0x0D || byte == 0x0C {
                pendingSpace = true
                continue
            }
            guard byte & 0xC0 != 0x80 else { continue }
            if pendingSpace { count += 1 }
            pendingSpace = false
            count += 1
            if byte == UInt8(ascii: ",") {
                commas += 1
            } else if byte == 0xD8, content[index] == 0x8C {
                commas += 1
            } else if byte == 0xEF, content[index] == 0xBC, content[index + 1] == 0x8C {
                commas += 1
            } else if byte == 0xE3, content[index] == 0x80, content[index + 1] == 0x81 {
                commas += 1
            }
        }
        length += count
        linkLength += Double(count) * weight
    }
}

extension UnsafeMutablePointer<xmlNode> {
    /// Whether this node is `ancestor` or inside it.
    func isInside(_ ancestor: xmlNodePtr) -> Bool {
        var cursor: xmlNodePtr? = self
        while let current = cursor {
            if current == ancestor { return true }
            cursor = current.pointee.parent
        }
        return false
    }

    /// Whether an ancestor (not this node) is of `kind`, within `levels` (0: any).
    func hasAncestor(_ kind: HTMLElement, levels: Int = 0) -> Bool {
        var cursor = pointee.parent
        var level = 0
        while let current = cursor, current.isElement {
            level += 1
            if levels > 0, level > levels { return false }
            if current.kind == kind { return true }
            cursor = current.pointee.parent
        }
        return false
    }

    /// How many elements of `kind` the subtree holds.
    func count(_ kind: HTMLElement) -> Int {
        var total = 0
        var node = pointee.children
        while let current = node {
            if current.isElement, current.kind == kind { total += 1 }
            node = current.next(within: self)
        }
        return total
    }

    /// How many elements of each kind the subtree holds, indexed by `HTMLElement.rawValue`: one walk
    /// for all the counts a judgement needs.
    var elementCounts: [Int] {
        var counts = [Int](repeating: 0, count: HTMLElement.allCases.count)
        var node = pointee.children
        while let current = node {
            if current.isElement { counts[Int(current.kind.rawValue)] += 1 }
            node = current.next(within: self)
        }
        return counts
    }
}
