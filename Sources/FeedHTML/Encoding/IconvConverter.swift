#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Converts one legacy encoding to UTF-8 with iconv, chunk by chunk, replacing undecodable bytes with
/// U+FFFD instead of failing. Owns its iconv descriptor; used by one parse on one thread.
final class IconvConverter {
    private let descriptor: iconv_t
    private var pending: [UInt8] = []

    /// Nil when iconv does not know the encoding.
    init?(from encoding: String) {
        let cd = iconv_open("UTF-8", encoding)
        guard let cd, Int(bitPattern: cd) != -1 else { return nil }
        descriptor = cd
    }

    deinit { iconv_close(descriptor) }

    /// Appends the UTF-8 form of `input` to `out`; returns true when some byte could not be decoded.
    func convert(_ input: UnsafeBufferPointer<UInt8>, final: Bool, into out: inout [UInt8]) -> Bool {
        var source = pending
        pending.removeAll()
        source.append(contentsOf: input)
        var replaced = false
        let capacity = max(4096, source.count * 4)
        var buffer = [UInt8](repeating: 0, count: capacity)
        source.withUnsafeMutableBytes { src in
            buffer.withUnsafeMutableBytes { dst in
                guard let srcBase = src.baseAddress, let dstBase = dst.baseAddress else { return }
                var inPtr: UnsafeMutablePointer<CChar>? = srcBase.assumingMemoryBound(to: CChar.self)
                var inLeft = src.count
                while inLeft > 0 {
                    var outPtr: UnsafeMutablePointer<CChar>? = dstBase.assumingMemoryBound(to: CChar.self)
                    var outLeft = dst.count
                    let result = iconv(descriptor, &inPtr, &inLeft, &outPtr, &outLeft)
                    let produced = dst.count - outLeft
                    out.append(contentsOf: UnsafeRawBufferPointer(start: dstBase, count: produced))
                    if result != -1 { break }
                    let code = errno
                    if code == E2BIG { continue }
                    if code == EINVAL && !final {
                        if let inPtr {
                            pending.append(contentsOf: UnsafeRawBufferPointer(start: inPtr, count: inLeft))
                        }
                        inLeft = 0
                        break
                    }
                    // EILSEQ, or a sequence cut short by the end of the document: replace one byte.
                    out.append(contentsOf: [0xEF, 0xBF, 0xBD])
                    replaced = true
                    inPtr = inPtr.map { $0 + 1 }
                    inLeft -= 1
                    iconv(descriptor, nil, nil, nil, nil)
                }
            }
        }
        return replaced
    }
}
