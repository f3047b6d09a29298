import CPCRE2
import Foundation

/// One compiled regular expression run by PCRE2 with a bounded cost: UTF-8 with Unicode properties
/// (`PCRE2_UTF | PCRE2_UCP`, so `(?i)`, `\w` and `\p{L}` work as ICU's do for common patterns),
/// compiled by the JIT where the platform has one, and matched under a match limit and a depth
/// limit, so a pattern with catastrophic backtracking ends with `.budgetExceeded` instead of
/// running for minutes.
///
/// Why `@unchecked Sendable` is safe: `code` and `context` are set in `init` and never changed; PCRE2
/// documents a compiled pattern (JIT code included) and a match context as read-only during matching
/// and safe to share between threads; each `matches` call has match data of its own.
final class BoundedRegex: @unchecked Sendable {
    /// Why a pattern cannot be used.
    enum Failure: Error, Equatable {
        /// PCRE2 refused the pattern: its message and the offset (in bytes) where it stopped.
        case invalid(String, offset: Int)
        /// The match or depth limit ran out: the pattern backtracks too much on this text.
        case budgetExceeded
    }

    /// The most backtracking steps (calls of PCRE2's internal match function) one match may take.
    static let matchLimit: UInt32 = 5_000_000
    /// The deepest backtracking one match may nest.
    static let depthLimit: UInt32 = 10_000

    private let code: OpaquePointer
    private let context: OpaquePointer?

    init(_ pattern: String) throws(Failure) {
        var errorCode: Int32 = 0
        var errorOffset = 0
        let options = UInt32(PCRE2_UTF | PCRE2_UCP)
        let compiled = pattern.utf8CString.withUnsafeBufferPointer { buffer in
            buffer.withMemoryRebound(to: UInt8.self) { bytes in
                pcre2_compile_8(bytes.baseAddress, bytes.count - 1, options, &errorCode, &errorOffset, nil)
            }
        }
        guard let compiled else { throw .invalid(Self.message(errorCode), offset: errorOffset) }
        code = compiled
        // The JIT honours the match limit too; without a JIT (or when it fails) the interpreter runs.
        _ = pcre2_jit_compile_8(compiled, UInt32(PCRE2_JIT_COMPLETE))
        context = pcre2_match_context_create_8(nil)
        if let context {
            pcre2_set_match_limit_8(context, Self.matchLimit)
            pcre2_set_depth_limit_8(context, Self.depthLimit)
        }
    }

    deinit {
        pcre2_match_context_free_8(context)
        pcre2_code_free_8(code)
    }

    /// Whether the pattern matches anywhere in `text`; throws `.budgetExceeded` when a limit ran out.
    func matches(_ text: String) throws(Failure) -> Bool {
        guard let data = pcre2_match_data_create_8(1, nil) else { throw .invalid("out of memory", offset: 0) }
        defer { pcre2_match_data_free_8(data) }
        var text = text
        var empty: UInt8 = 0
        // Swift strings are valid UTF-8, so PCRE2's own check of the subject is skipped.
        let result = text.withUTF8 { bytes in
            // PCRE2 refuses a null subject even of length 0.
            let base = bytes.baseAddress ?? UnsafePointer(withUnsafeMutablePointer(to: &empty) { $0 })
            return pcre2_match_8(code, base, bytes.count, 0, UInt32(PCRE2_NO_UTF_CHECK), data, context)
        }
        if result >= 0 { return true }
        switch result {
        case PCRE2_ERROR_NOMATCH, PCRE2_ERROR_PARTIAL: return false
        case PCRE2_ERROR_MATCHLIMIT, PCRE2_ERROR_DEPTHLIMIT, PCRE2_ERROR_HEAPLIMIT, PCRE2_ERROR_JIT_STACKLIMIT:
            throw .budgetExceeded
        default: throw .invalid(Self.message(result), offset: 0)
        }
    }

    /// PCRE2's own words for an error code.
    private static func message(_ code: Int32) -> String {
        var buffer = [UInt8](repeating: 0, count: 256)
        let length = pcre2_get_error_message_8(code, &buffer, buffer.count)
        guard length > 0 else { return "error \(code)" }
        return String(decoding: buffer[..<Int(length)], as: UTF8.self)
    }
}
