/* Prints every stored article of a Tidings database as one line: feed URL, identity, then the
 * summary and the content as "length:crc32" of their text ("null" when NULL), decoding the forms of
 * BodyColumn with zlib and libzstd directly, not through Tidings: TEXT as it is; a BLOB is the text's
 * UTF-8 length (4 bytes, little endian) and a zlib stream, or a zstd frame compressed with the
 * dictionary the row names (its parts in body_dictionary_parts joined in id order, itself a zstd frame;
 * ids dictionary_id * 256 to dictionary_id * 256 + 255). An article is named by its feed's URL, its
 * stored identity and its link (a row whose identity is derived from its link stores none).
 *
 * A change to how bodies are compressed must leave what they decode to unchanged: refresh the same
 * feeds with the old and the new build, then
 *   stored_bodies old.db | sort > old.txt; stored_bodies new.db | sort > new.txt; cmp old.txt new.txt
 * Exits 1 when a body cannot be decoded to the length it announces (the count is on stderr).
 * Build: gcc -O2 -o stored_bodies Benchmarks/stored_bodies.c -lsqlite3 -lzstd -lz */
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <zlib.h>
#include <zstd.h>

/* Decodes column `column` of the current row into `out` (room for `room` bytes); the text's length,
 * -1 for NULL, -2 when it cannot be decoded. */
static long decode(sqlite3_stmt *row, int column, const void *dictionary, size_t dictionaryLength,
                   ZSTD_DCtx *context, unsigned char *out, size_t room) {
    int type = sqlite3_column_type(row, column);
    if (type == SQLITE_NULL) return -1;
    const unsigned char *stored = sqlite3_column_blob(row, column);
    size_t count = (size_t)sqlite3_column_bytes(row, column);
    if (type == SQLITE_TEXT) {
        if (count > room) return -2;
        memcpy(out, stored, count);
        return (long)count;
    }
    if (type != SQLITE_BLOB || count <= 4) return -2;
    size_t length = stored[0] | stored[1] << 8 | stored[2] << 16 | (size_t)stored[3] << 24;
    if (length > room) return -2;
    if (count > 8 && memcmp(stored + 4, "\x28\xB5\x2F\xFD", 4) == 0) {
        if (!dictionary) return -2;
        size_t written = ZSTD_decompress_usingDict(context, out, length, stored + 4, count - 4, dictionary,
                                                   dictionaryLength);
        return ZSTD_isError(written) || written != length ? -2 : (long)length;
    }
    uLongf produced = length;
    int status = uncompress(out, &produced, stored + 4, count - 4);
    return status != Z_OK || produced != length ? -2 : (long)length;
}

int main(int argc, char **argv) {
    if (argc != 2) {
        fprintf(stderr, "usage: stored_bodies DATABASE\n");
        return 64;
    }
    sqlite3 *db;
    if (sqlite3_open_v2(argv[1], &db, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], sqlite3_errmsg(db));
        return 66;
    }
    sqlite3_stmt *row;
    sqlite3_stmt *parts;
    const char *sql = "SELECT f.url, a.identity, b.summary, b.content, b.dictionary_id, a.url FROM article_bodies b "
                      "JOIN articles a ON a.id = b.article_id JOIN feeds f ON f.id = a.feed_id";
    const char *partsSQL = "SELECT bytes FROM body_dictionary_parts WHERE id BETWEEN ?1 * 256 AND ?1 * 256 + 255 "
                           "ORDER BY id";
    if (sqlite3_prepare_v2(db, sql, -1, &row, NULL) != SQLITE_OK
        || sqlite3_prepare_v2(db, partsSQL, -1, &parts, NULL) != SQLITE_OK) {
        fprintf(stderr, "%s: %s\n", argv[1], sqlite3_errmsg(db));
        return 65;
    }
    size_t room = 1 << 26;
    unsigned char *out = malloc(room);
    unsigned char dictionary[1 << 16], stored[1 << 17];
    ZSTD_DCtx *context = ZSTD_createDCtx();
    long rows = 0, undecodable = 0;
    sqlite3_int64 dictionaryID = -1;  /* the dictionary in `dictionary`, -1 for none */
    size_t dictionaryLength = 0;
    int dictionaryReadable = 0;
    while (sqlite3_step(row) == SQLITE_ROW) {
        int hasDictionary = sqlite3_column_type(row, 4) == SQLITE_INTEGER;
        if (hasDictionary && sqlite3_column_int64(row, 4) != dictionaryID) {
            dictionaryID = sqlite3_column_int64(row, 4);
            size_t storedLength = 0;
            dictionaryReadable = 1;
            sqlite3_bind_int64(parts, 1, dictionaryID);
            while (sqlite3_step(parts) == SQLITE_ROW) {
                size_t count = (size_t)sqlite3_column_bytes(parts, 0);
                if (storedLength + count > sizeof stored) { dictionaryReadable = 0; break; }
                memcpy(stored + storedLength, sqlite3_column_blob(parts, 0), count);
                storedLength += count;
            }
            sqlite3_reset(parts);
            size_t written = ZSTD_decompress(dictionary, sizeof dictionary, stored, storedLength);
            if (ZSTD_isError(written)) dictionaryReadable = 0; else dictionaryLength = written;
        }
        hasDictionary = hasDictionary && dictionaryReadable;
        printf("%s %s %s", sqlite3_column_text(row, 0), sqlite3_column_text(row, 1), sqlite3_column_text(row, 5));
        for (int column = 2; column <= 3; column++) {
            long length = decode(row, column, hasDictionary ? dictionary : NULL, dictionaryLength, context, out, room);
            if (length == -1) printf(" null");
            else if (length == -2) { printf(" UNDECODABLE"); undecodable++; }
            else printf(" %ld:%08lx", length, crc32(0, out, (uInt)length));
        }
        printf("\n");
        rows++;
    }
    fprintf(stderr, "stored_bodies: %ld articles, %ld bodies undecodable\n", rows, undecodable);
    ZSTD_freeDCtx(context);
    free(out);
    sqlite3_finalize(row);
    sqlite3_finalize(parts);
    sqlite3_close(db);
    return undecodable ? 1 : 0;
}
