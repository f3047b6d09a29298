/* The floor libxml2 sets for feed parsing: push-parses a file with SAX2 and empty callbacks, the same
 * parser options Tidings uses, and prints MB/s. Tidings' parser can be no faster than this. */
#include <libxml/parser.h>
#include <libxml/SAX2.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

static void on_start(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri,
                     int nb_namespaces, const xmlChar **namespaces, int nb_attributes, int nb_defaulted,
                     const xmlChar **attributes) {
    (void)ctx; (void)localname; (void)prefix; (void)uri; (void)nb_namespaces; (void)namespaces;
    (void)nb_attributes; (void)nb_defaulted; (void)attributes;
}
static void on_end(void *ctx, const xmlChar *localname, const xmlChar *prefix, const xmlChar *uri) {
    (void)ctx; (void)localname; (void)prefix; (void)uri;
}
static void on_chars(void *ctx, const xmlChar *ch, int len) { (void)ctx; (void)ch; (void)len; }

int main(int argc, char **argv) {
    if (argc < 2) { fprintf(stderr, "usage: %s FILE [repeats]\n", argv[0]); return 64; }
    int repeats = argc > 2 ? atoi(argv[2]) : 1;
    FILE *f = fopen(argv[1], "rb");
    if (!f) { perror(argv[1]); return 66; }
    fseek(f, 0, SEEK_END);
    long size = ftell(f);
    fseek(f, 0, SEEK_SET);
    char *buf = malloc((size_t)size);
    if (!buf || fread(buf, 1, (size_t)size, f) != (size_t)size) { fprintf(stderr, "read failed\n"); return 74; }
    fclose(f);

    xmlInitParser();
    xmlSAXHandler sax;
    memset(&sax, 0, sizeof sax);
    sax.initialized = XML_SAX2_MAGIC;
    sax.startElementNs = on_start;
    sax.endElementNs = on_end;
    sax.characters = on_chars;
    sax.cdataBlock = on_chars;

    struct timespec t0, t1;
    clock_gettime(CLOCK_MONOTONIC, &t0);
    for (int r = 0; r < repeats; r++) {
        xmlParserCtxtPtr ctxt = xmlCreatePushParserCtxt(&sax, NULL, NULL, 0, argv[1]);
        xmlCtxtUseOptions(ctxt, XML_PARSE_RECOVER | XML_PARSE_NONET | XML_PARSE_NOERROR | XML_PARSE_NOWARNING);
        const long chunk = 64 * 1024;
        for (long off = 0; off < size; off += chunk) {
            long n = size - off < chunk ? size - off : chunk;
            xmlParseChunk(ctxt, buf + off, (int)n, 0);
        }
        xmlParseChunk(ctxt, NULL, 0, 1);
        xmlFreeParserCtxt(ctxt);
    }
    clock_gettime(CLOCK_MONOTONIC, &t1);
    double secs = (double)(t1.tv_sec - t0.tv_sec) + (double)(t1.tv_nsec - t0.tv_nsec) / 1e9;
    printf("%.1f\n", (double)size * repeats / 1e6 / secs);
    free(buf);
    return 0;
}
