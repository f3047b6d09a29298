import CLibXML2

/// The element names of one document, resolved to the parser's tags once each: libxml2 interns names
/// in its dictionary, so the pointers of a local name, namespace URI and prefix identify a name for the
/// whole document, and a name seen before costs a hash and three compares.
///
/// Two-way set-associative: a collision only costs a fresh resolve. Noncopyable: it owns its table, freed in
/// `deinit`. Used by one parse on one thread.
struct ElementNameCache: ~Copyable {
    private struct Slot {
        var local: UnsafeRawPointer?
        var uri: UnsafeRawPointer?
        var prefix: UnsafeRawPointer?
        var tag: FeedTag
        var namespace: FeedNamespace
    }

    private static let slotBits = 9
    private static let slotCount = 1 << slotBits
    private static var empty: Slot { Slot(tag: .unknown, namespace: .none) }

    private let slots: UnsafeMutablePointer<Slot>

    init() {
        slots = .allocate(capacity: Self.slotCount)
        slots.initialize(repeating: Self.empty, count: Self.slotCount)
    }

    deinit {
        slots.deallocate()
    }

    /// Forgets every name: for when the meaning of names without a namespace changes (a bare Atom root).
    func reset() {
        slots.update(repeating: Self.empty, count: Self.slotCount)
    }

    /// The tag and namespace of an element; names without a namespace are Atom's when `bareAtom`.
    @inline(__always)
    func resolve(
        _ localname: UnsafePointer<xmlChar>, prefix: UnsafePointer<xmlChar>?, uri: UnsafePointer<xmlChar>?,
        bareAtom: Bool
    ) -> (tag: FeedTag, namespace: FeedNamespace) {
        let local = UnsafeRawPointer(localname)
        let uriKey = uri.map(UnsafeRawPointer.init)
        let prefixKey = prefix.map(UnsafeRawPointer.init)
        // Fibonacci hashing: the top bits of the product spread pointers that differ only a little.
        let mixed = UInt(bitPattern: Int(bitPattern: local) ^ Int(bitPattern: uriKey) &* 31 ^ Int(bitPattern: prefixKey) &* 7)
        // Two ways a set: the name last seen first. Direct-mapped, two names of every entry falling on
        // one slot (which depends on where the dictionary put them, so on the run) evicted each other
        // at every element.
        let slot = slots + 2 * Int((mixed &* 0x9E37_79B9_7F4A_7C15) >> (UInt.bitWidth - Self.slotBits + 1))
        if slot.pointee.local == local, slot.pointee.uri == uriKey, slot.pointee.prefix == prefixKey {
            return (slot.pointee.tag, slot.pointee.namespace)
        }
        let other = slot + 1
        if other.pointee.local == local, other.pointee.uri == uriKey, other.pointee.prefix == prefixKey {
            let found = other.pointee
            other.pointee = slot.pointee
            slot.pointee = found
            return (found.tag, found.namespace)
        }
        var namespace: FeedNamespace
        if let uri {
            namespace = FeedNamespace.from(uri: String(cString: uri))
        } else if let prefix {
            namespace = FeedNamespace.from(undeclaredPrefix: String(cString: prefix))
        } else {
            namespace = .none
        }
        if namespace == .none && bareAtom { namespace = .atom10 }
        let tag = FeedTag.resolve(namespace: namespace, localName: String(cString: localname))
        other.pointee = slot.pointee
        slot.pointee = Slot(local: local, uri: uriKey, prefix: prefixKey, tag: tag, namespace: namespace)
        return (tag, namespace)
    }
}
