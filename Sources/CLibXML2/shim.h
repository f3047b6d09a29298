#ifndef TIDINGS_CLIBXML2_SHIM_H
#define TIDINGS_CLIBXML2_SHIM_H
// The libxml2 headers Tidings uses: SAX2 push parsing, the HTML parser (sanitiser, discovery),
// encoding handlers and the xmlTextReader.
#include <libxml/parser.h>
#include <libxml/parserInternals.h>
#include <libxml/SAX2.h>
#include <libxml/HTMLparser.h>
#include <libxml/encoding.h>
#include <libxml/xmlreader.h>
#include <libxml/xmlerror.h>
#endif
