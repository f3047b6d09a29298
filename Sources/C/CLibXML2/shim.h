#ifndef TIDINGS_CLIBXML2_SHIM_H
#define TIDINGS_CLIBXML2_SHIM_H
// The libxml2 headers Tidings uses: SAX2 push parsing, the HTML parser (sanitiser, discovery),
// encoding handlers, the xmlTextReader, and HTML serialisation (the article extractor).
#include <libxml/xmlversion.h>
// Debian's libxml2 is built with ICU, so encoding.h would include the system's <unicode/ucnv.h>; its
// UErrorCode clashes with the copy inside Foundation (_FoundationICU) in any module that imports both.
// Tidings never touches the ICU members of xmlCharEncodingHandler (they sit at its end), so hide them.
#undef LIBXML_ICU_ENABLED
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/HTMLtree.h>
#include <libxml/encoding.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
