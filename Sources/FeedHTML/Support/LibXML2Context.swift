import CLibXML2
import Glibc

/// A view of one libxml2 parser context (`xmlParserCtxt`): the one place where FeedModel reads or
/// writes the fields of libxml2's context struct. Everything else reaches libxml2 through its
/// functions (`xmlParseChunk`, `xmlStopParser`, ...) and the named operations here, so what FeedModel
/// relies on in that struct, and any change of it between libxml2 versions, is in this file.
///
/// Does not own the context: whoever created it frees it (`XMLFeedParser`, `SanitizingHandler`,
/// `OPMLReader`). Used on the thread that parses, like the context itself.
package struct LibXML2Context {
    package let pointer: xmlParserCtxtPtr

    package init(_ pointer: xmlParserCtxtPtr) {
        self.pointer = pointer
    }

    /// The context of a callback whose user data is the context itself, libxml2's default when a
    /// parse is given none (the HTML parser's SAX callbacks, `xmlCtxtReadMemory`'s error handler).
    package init?(callbackData: UnsafeMutableRawPointer?) {
        guard let callbackData else { return nil }
        pointer = callbackData.assumingMemoryBound(to: xmlParserCtxt.self)
    }

    // MARK: Document state, read and corrected while the feed parser runs

    /// Whether the document names an external DTD.
    package var hasExternalSubset: Bool { pointer.pointee.hasExternalSubset != 0 }

    /// Whether libxml2 has found the document well-formed so far.
    package var isWellFormed: Bool { pointer.pointee.wellFormed != 0 }

    /// Puts libxml2's well-formed flag back up; true when it was down. In recover mode libxml2 drops
    /// every entity reference (`&amp;` included) that follows once the flag is down.
    @inline(__always)
    package func clearNotWellFormed() -> Bool {
        guard pointer.pointee.wellFormed == 0 else { return false }
        pointer.pointee.wellFormed = 1
        return true
    }

    /// Switches the input back to UTF-8; true when libxml2 had left it. libxml2 reads the rest of a
    /// document as ISO-8859-1 once it meets a byte that is not UTF-8.
    @inline(__always)
    package func restoreUTF8Input() -> Bool {
        guard pointer.pointee.charset != Int32(XML_CHAR_ENCODING_UTF8.rawValue) else { return false }
        pointer.pointee.charset = Int32(XML_CHAR_ENCODING_UTF8.rawValue)
        return true
    }

    /// Whether libxml2 has read all the input it holds and stands inside a CDATA section of the
    /// document's content right after its `<![CDATA[`, with SAX callbacks on.
    package var isInsideCDATASectionAtEnd: Bool {
        let context = pointer.pointee
        guard context.disableSAX == 0, context.inputNr == 1, let input = context.input,
            input.pointee.cur == input.pointee.end
        else { return false }
        // Entered by the opener just pushed, not by an earlier one whose content this would be.
        return standsRightAfterCDATAOpener
    }

    /// The line libxml2's current input stands on.
    package var line: Int32 { pointer.pointee.input?.pointee.line ?? 0 }

    /// Whether libxml2 is reading a CDATA section.
    package var isInCDATASection: Bool { pointer.pointee.instate == XML_PARSER_CDATA_SECTION }

    /// Whether libxml2 stands inside a CDATA section right after its `<![CDATA[` (the content it hands
    /// on next is the section's first).
    package var standsRightAfterCDATAOpener: Bool {
        guard isInCDATASection, let input = pointer.pointee.input, let cur = input.pointee.cur,
            let base = input.pointee.base, cur - base >= 9
        else { return false }
        return memcmp(cur - 9, "<![CDATA[", 9) == 0
    }

    /// Whether `]]>` follows the `count` bytes at libxml2's position in the input it holds.
    package func cdataEndFollows(_ count: Int) -> Bool {
        guard let input = pointer.pointee.input, let cur = input.pointee.cur, let end = input.pointee.end,
            end - cur >= count + 3
        else { return false }
        return memcmp(cur + count, "]]>", 3) == 0
    }

    /// The text libxml2 2.9's reader of character data skips when it meets a `]]>` outside a CDATA
    /// section, and where that text starts in the document; nil when there is none to look at.
    ///
    /// Its fast reader (ASCII text) scans ahead of its position and hands on what it scanned at each
    /// stop; at a `]]>` it reports the error and moves past the first `]` without handing on the text
    /// scanned since its last stop, so how much is lost depends on where its calls began, which is
    /// where the chunks pushed so far ended. That text is the bytes from its position through the
    /// first `]` of the first `]]>` at or after it: only ASCII text (no `<`, `&` or carriage return),
    /// which it hands on as written. Its slower reader (other text) stands on the `]` when it reports
    /// the error and loses nothing; then the text returned is that `]` alone. Valid during the
    /// error's callback.
    package var textBeforeStrayCDATAEnd: (text: UnsafeBufferPointer<UInt8>, position: Int)? {
        let context = pointer.pointee
        guard context.disableSAX == 0, context.inputNr == 1, let input = context.input, let cur = input.pointee.cur,
            let end = input.pointee.end
        else { return nil }
        var from = cur
        while end - from >= 3, let hit = memchr(from, Int32(UInt8(ascii: "]")), end - from - 2) {
            let bracket = UnsafePointer(hit.assumingMemoryBound(to: UInt8.self))
            if bracket[1] == UInt8(ascii: "]") && bracket[2] == UInt8(ascii: ">") {
                return (UnsafeBufferPointer(start: cur, count: bracket - cur + 1), position)
            }
            from = bracket + 1
        }
        return nil
    }

    /// Where libxml2's current input stands in the document: the bytes consumed before its position.
    package var position: Int {
        guard let input = pointer.pointee.input, let cur = input.pointee.cur, let base = input.pointee.base else { return 0 }
        return Int(input.pointee.consumed) + (cur - base)
    }

    /// Where `bytes` starts in the document, when it points into the input libxml2 holds (text it
    /// hands on as written); nil when it points elsewhere (text it copied into a buffer of its own).
    package func position(of bytes: UnsafePointer<UInt8>) -> Int? {
        guard let input = pointer.pointee.input, let base = input.pointee.base, let end = input.pointee.end,
            bytes >= base, bytes < end
        else { return nil }
        return Int(input.pointee.consumed) + (bytes - base)
    }

    /// Whether libxml2 has read all the input it holds, the last byte a `>`, and stands in element
    /// content with SAX callbacks on, the document well-formed so far and read as UTF-8: the next
    /// bytes it is given are read as character data.
    package var isInContentAfterMarkupAtEnd: Bool {
        let context = pointer.pointee
        guard context.instate == XML_PARSER_CONTENT, context.disableSAX == 0, context.inputNr == 1,
            context.wellFormed != 0, context.charset == Int32(XML_CHAR_ENCODING_UTF8.rawValue), let input = context.input
        else { return false }
        guard let cur = input.pointee.cur, let base = input.pointee.base, cur == input.pointee.end, cur > base
        else { return false }
        return cur[-1] == UInt8(ascii: ">")
    }

    /// Moves libxml2 past character data it was not given, which was read without it: as after its
    /// own reading of the data (`xmlParseCharData` starts with a fresh look-ahead index), then the
    /// position moved as by `advancePast(unread:)`.
    package func advancePast(characterData raw: UnsafeBufferPointer<UInt8>) {
        pointer.pointee.checkIndex = 0
        advancePast(unread: raw)
    }

    /// Moves the position of the current input past content libxml2 was not given, as its own
    /// skip over the content would (`SKIPL` in parser.c): a line and column 1 at each line feed, a
    /// column per other byte, and the bytes counted as consumed.
    package func advancePast(unread content: UnsafeBufferPointer<UInt8>) {
        guard let input = pointer.pointee.input, let base = content.baseAddress else { return }
        var lines: Int32 = 0
        var lastLineFeed = -1
        var from = 0
        while from < content.count, let hit = memchr(base + from, 0x0A, content.count - from) {
            let index = UnsafeRawPointer(hit) - UnsafeRawPointer(base)
            lines += 1
            lastLineFeed = index
            from = index + 1
        }
        if lines > 0 {
            input.pointee.line += lines
            input.pointee.col = Int32(content.count - lastLineFeed)
        } else {
            input.pointee.col += Int32(content.count)
        }
        input.pointee.consumed += UInt(content.count)
    }

    /// Whether the parser is inside a start tag: an entity reference it reports then stands in an
    /// attribute value.
    package var isInStartTag: Bool {
        let state = pointer.pointee.instate
        return state == XML_PARSER_START_TAG || state == XML_PARSER_ATTRIBUTE_VALUE
    }

    /// Frees the document tree libxml2 may have begun for a SAX parse (it keeps one for the DTD).
    package func freeDocument() {
        if let document = pointer.pointee.myDoc { xmlFreeDoc(document) }
        pointer.pointee.myDoc = nil
    }

    // MARK: Callbacks and their data, for parsers that call back with the context as user data

    /// Replaces the context's SAX handler with a copy of `handler`.
    package func installHandler(_ handler: xmlSAXHandler) {
        pointer.pointee.sax.pointee = handler
    }

    /// The `_private` pointer of the context's SAX handler (set before `installHandler`).
    package var handlerData: UnsafeMutableRawPointer? { pointer.pointee.sax?.pointee._private }

    /// Sets the structured error callback of the context's SAX handler.
    package func setErrorHandler(_ handler: xmlStructuredErrorFunc?) {
        pointer.pointee.sax.pointee.serror = handler
    }

    /// The context's own `_private` pointer, free for the application's use.
    package var data: UnsafeMutableRawPointer? {
        get { pointer.pointee._private }
        nonmutating set { pointer.pointee._private = newValue }
    }

    /// Whether `name` comes from the context's dictionary, which holds every name read from the input
    /// (elements the HTML parser makes up are named with static strings).
    package func dictionaryOwns(_ name: UnsafePointer<xmlChar>) -> Bool {
        xmlDictOwns(pointer.pointee.dict, name) != 0
    }
}
