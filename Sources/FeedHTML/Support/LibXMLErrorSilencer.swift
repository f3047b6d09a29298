import CLibXML2

/// Keeps libxml2 from writing to standard error.
///
/// A few problems (an input conversion that fails on bytes that are not in the declared or detected
/// encoding) are raised without a parser context, so neither the parser's own error handler nor
/// `HTML_PARSE_NOERROR` sees them: libxml2 prints them through its per-thread default handler as
/// `encoding error : input conversion failed ...`, which would break the one-line error rule of the
/// command line and let a hostile page or list write to the terminal. The parsers of raw bytes call
/// `silenceThisThread()` before parsing; the problems still show in the parse result.
package enum LibXMLErrorSilencer {
    /// Installs a handler that drops context-free libxml2 errors on the calling thread (libxml2 keeps
    /// its handlers per thread).
    package static func silenceThisThread() {
        xmlSetStructuredErrorFunc(nil) { _, _ in }
    }
}
