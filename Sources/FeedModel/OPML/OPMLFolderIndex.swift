/// Where a document's folders are, for adding many feeds in one pass (`OPMLDocument.add(_:)`): the
/// first folder of each name in document order at any depth, and each folder's child folders by name,
/// so that each feed finds its folder without scanning the list. It finds the folders `add(_:inFolders:)`
/// would find, feed by feed.
///
/// A folder is known by its index path from the body. Feeds and folders are only ever appended, so a
/// path stays valid, and document order is the paths' lexicographic order.
struct OPMLFolderIndex {
    private var first: [String: [Int]] = [:]
    /// The first child folder of each name, per folder path (`[]`: the body's top level), built when
    /// first needed.
    private var children: [[Int]: [String: Int]] = [:]

    /// Indexes the first folder of each name in `outlines`, searching inside folders only, as
    /// `OPMLOutline.appendToFolder` does.
    init(_ outlines: [OPMLOutline]) {
        var path: [Int] = []
        func visit(_ outlines: [OPMLOutline]) {
            for (index, outline) in outlines.enumerated() where outline.feedURL == nil {
                path.append(index)
                if let name = outline.folderName, first[name] == nil { first[name] = path }
                visit(outline.children)
                path.removeLast()
            }
        }
        visit(outlines)
    }

    /// Adds `outline` at the end of the folder at `folders` (see `OPMLDocument.add(_:inFolders:)`).
    mutating func add(_ outline: OPMLOutline, inFolders folders: [String], to outlines: inout [OPMLOutline]) {
        guard let name = folders.first else {
            outlines.append(outline)
            return
        }
        guard var parent = first[name] else {
            register(path: [outlines.count], folders: folders[...])
            outlines.append(OPMLOutline.nest(outline, in: folders[...]))
            return
        }
        var rest = folders.dropFirst()
        while let next = rest.first, let child = childFolder(named: next, of: parent, in: outlines) {
            parent.append(child)
            rest = rest.dropFirst()
        }
        OPMLFolderIndex.mutate(parent, in: &outlines) { folder in
            if !rest.isEmpty { register(path: parent + [folder.children.count], folders: rest) }
            folder.children.append(OPMLOutline.nest(outline, in: rest))
        }
    }

    /// Records the new folders `folders` (outermost first) nested from `path` down.
    private mutating func register(path: [Int], folders: ArraySlice<String>) {
        var path = path
        for name in folders {
            if let known = first[name], known.lexicographicallyPrecedes(path) {} else { first[name] = path }
            let parent = Array(path.dropLast())
            if children[parent] != nil, children[parent]?[name] == nil, let last = path.last {
                children[parent]?[name] = last
            }
            path.append(0)
        }
    }

    /// The index of the first child folder named `name` of the folder at `path`.
    private mutating func childFolder(named name: String, of path: [Int], in outlines: [OPMLOutline]) -> Int? {
        if let known = children[path] { return known[name] }
        var names: [String: Int] = [:]
        for (index, outline) in OPMLFolderIndex.node(path, in: outlines).children.enumerated() where outline.feedURL == nil {
            if let folder = outline.folderName, names[folder] == nil { names[folder] = index }
        }
        children[path] = names
        return names[name]
    }

    private static func node(_ path: [Int], in outlines: [OPMLOutline]) -> OPMLOutline {
        var node = outlines[path[0]]
        for index in path.dropFirst() { node = node.children[index] }
        return node
    }

    private static func mutate(_ path: [Int], in outlines: inout [OPMLOutline], _ body: (inout OPMLOutline) -> Void) {
        if path.count == 1 { return body(&outlines[path[0]]) }
        mutate(Array(path.dropFirst()), in: &outlines[path[0]].children, body)
    }
}
