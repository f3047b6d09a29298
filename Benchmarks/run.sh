#!/usr/bin/env bash
# Runs Tidings' benchmarks side by side with the peers a user would otherwise pick, in one run, and
# prints MB/s, items/s, times and peak memory with the ratios. `make bench` calls it after a release build.
# Usage: Benchmarks/run.sh [parse|fetch|refresh|refresh-corpus|store|reader|reader-corpus|query|export|sanitize|extract|dates|import|downloads|sync|scale|scale-reads]...
# (default: all but scale). The -corpus sections, scale and parse use the shared realistic workloads of
# ../shared/bench (see Benchmarks/corpus.sh) and say they skipped when that folder is not there.
set -euo pipefail
cd "$(dirname "$0")/.."
ROOT=$PWD
BIN=${TIDINGS_BIN:-$ROOT/.build/release}
DATA=${TIDINGS_BENCH_DATA:-$ROOT/.build/bench-data}
MEASURE="python3 $ROOT/Benchmarks/measure.py"
sections=("$@")
[ ${#sections[@]} -gt 0 ] || sections=(parse fetch refresh refresh-corpus store reader reader-corpus query export sanitize extract dates import downloads sync)
mkdir -p "$DATA"
DATA=$(cd "$DATA" && pwd)

has_bench() { "$BIN/tidings-bench" help "$1" >/dev/null 2>&1; }
field() { sed -n "s/.*$1=\([0-9.]*\).*/\1/p"; }
ratio() { python3 -c "import sys; a,b=float(sys.argv[1]),float(sys.argv[2]); print('%.2f' % (a/b if b else 0))" "$1" "$2"; }

# One row of the parse table: reader, MB/s, items/s, peak MB, share of the floor, ratio to sfeed.
parse_row() {
    python3 - "$@" <<'PY'
import sys
label, mbps, items, peak, floor, sfeed = sys.argv[1:7]
def num(s):
    try: return float(s)
    except ValueError: return None
m, f, s = num(mbps), num(floor), num(sfeed)
cols = [label.ljust(40),
        ("%.1f" % m if m else "-").rjust(7),
        ("%.0f" % num(items) if num(items) else "-").rjust(9),
        ("%.1f" % num(peak) if num(peak) else "-").rjust(8),
        ("%.0f%%" % (m / f * 100) if m and f else "-").rjust(9),
        ("%.2f" % (m / s) if m and s else "-").rjust(9)]
print("  " + " ".join(cols))
PY
}

bench_parse() {
    local files=()
    if [ -f "$SHARED_BENCH/make_corpus.py" ]; then
        local dir
        dir=$(corpus_dir "500-p$BENCH_PORT" --port "$BENCH_PORT")
        echo "== parse: the shared corpus's large/large-rss.xml and large/large-atom.xml (best of 3 runs; MB/s and items/s higher is better)"
        files=("$dir/large/large-rss.xml" "$dir/large/large-atom.xml")
    else
        echo "== parse: shared corpus skipped: ../shared/bench not found; generated 50 MB RSS 2.0 and Atom 1.0 instead (best of 3 runs)"
        [ -f "$DATA/big-rss.xml" ] || python3 Benchmarks/generate_feeds.py "$DATA" --mb 50
        files=("$DATA/big-rss.xml" "$DATA/big-atom.xml")
    fi
    gcc -O2 -o "$DATA/libxml2_floor" Benchmarks/libxml2_floor.c $(pkg-config --cflags --libs libxml-2.0)
    for path in "${files[@]}"; do
        local f bytes floor bench whole stream items sfeed_line raw_line sfeed_mbps raw_mbps
        f=$(basename "$path")
        bytes=$(stat -c %s "$path")
        floor=$("$DATA/libxml2_floor" "$path" 3)
        bench=$("$BIN/tidings-bench" parse --runs 3 --floor-mbps "$floor" "$path")
        whole=$(echo "$bench" | grep 'whole feed')
        stream=$(echo "$bench" | grep 'streaming')
        items=$(echo "$stream" | sed -n 's/.* items=\([0-9]*\).*/\1/p')
        sfeed_line=$($MEASURE --runs 3 --stdin "$path" --bytes "$bytes" --items "$items" -- sfeed)
        raw_line=$($MEASURE --runs 3 --bytes "$bytes" --items "$items" -- "$BIN/tidings" parse --raw "$path")
        sfeed_mbps=$(echo "$sfeed_line" | field mb_per_s)
        echo "$f ($bytes bytes, $items items)"
        printf '  %-40s %7s %9s %8s %9s %9s\n' reader MB/s items/s "peak MB" "of floor" "vs sfeed"
        parse_row "libxml2 SAX2 floor (empty callbacks)" "$floor" - - "$floor" "$sfeed_mbps"
        parse_row "sfeed < FILE > /dev/null" "$sfeed_mbps" "$(echo "$sfeed_line" | field items_per_s)" \
            "$(echo "$sfeed_line" | field peak_mb)" "$floor" "$sfeed_mbps"
        parse_row "tidings model values, whole feed" "$(echo "$whole" | field mb_per_s)" \
            "$(echo "$whole" | field items_per_s)" "$(echo "$whole" | field peak_mb)" "$floor" "$sfeed_mbps"
        parse_row "tidings model values, streaming" "$(echo "$stream" | field mb_per_s)" \
            "$(echo "$stream" | field items_per_s)" "$(echo "$stream" | field peak_mb)" "$floor" "$sfeed_mbps"
        parse_row "tidings parse --raw FILE > /dev/null" "$(echo "$raw_line" | field mb_per_s)" \
            "$(echo "$raw_line" | field items_per_s)" "$(echo "$raw_line" | field peak_mb)" "$floor" "$sfeed_mbps"
        echo "  peak memory / document size: whole feed $(echo "$whole" | field peak_x_doc)x (target < 2)," \
            "streaming $(echo "$stream" | field peak_mb) MB (target < 64 MB)"
        # The whole feed's MB/s ends when the caller holds the Feed; freeing it afterwards is timed apart.
        echo "  whole feed: the model freed afterwards in $(echo "$whole" | field release_s) s (not in its MB/s;" \
            "with it: $(python3 -c "import sys; b, s, r = map(float, sys.argv[1:]); print('%.1f MB/s' % (b / 1e6 / (s + r)))" \
            "$bytes" "$(echo "$whole" | field seconds)" "$(echo "$whole" | field release_s)"))"
        raw_mbps=$(echo "$raw_line" | field mb_per_s)
        check "tidings parse --raw / sfeed" "$(ratio "$raw_mbps" "$sfeed_mbps")" ">=" 1.0 x
        check "model values (whole feed) / libxml2 floor" \
            "$(ratio "$(echo "$whole" | field mb_per_s)" "$floor")" ">=" 0.8 x
    done
    echo "== parse: bundled sample feeds"
    "$BIN/tidings-bench" parse --runs 3 Feeds/*.xml Feeds/*.rdf Feeds/jsonfeed*.json 2>/dev/null | sed 's/^/  /' || true
}

# Query feeds in process (tidings-bench query), then the real reader's launch-to-first-frame on a pty
# with 20 query feeds in its config, on the same 100,000-article database (../shared/bench/first_frame.py).
bench_query() {
    echo "== query"
    "$BIN/tidings-bench" query --data "$DATA"
    local first_frame=${FIRST_FRAME:-$ROOT/../shared/bench/first_frame.py}
    [ -f "$first_frame" ] || { echo "  first_frame.py not found: no launch figure"; return; }
    local config=$DATA/query-feeds.toml
    : > "$config"
    local queries=('unread and (title contains "river" or tag = "tech") and age < 7d' 'feed =~ "^River" and not starred'
        'enclosure = "audio/mpeg" and unread' 'author = "Writer 7"' 'tag = "favourites" and unread'
        'content contains "thunder harbor"' 'title =~ "(?i)garden.*stone"' 'age < 30d and starred'
        'title contains "river garden"' 'not unread and age < 2d')
    for i in $(seq 0 19); do
        local q=${queries[$((i % 10))]}
        printf '[[query]]\nname = "Query %d"\nquery = %s\n\n' "$i" \
            "$(python3 -c 'import json,sys; print(json.dumps(sys.argv[1]))' "$q")" >> "$config"
    done
    echo "  reader launch to first frame, 20 query feeds (target <= 100 ms):"
    python3 "$first_frame" --runs 5 -- "$BIN/tidings" --db "$DATA/reader-bench.db" --feeds "$DATA/no-feeds.opml" \
        --config "$config" | sed 's/^/    /'
}

# `tidings feeds import` of OPML lists of 10,000 and 100,000 outlines into a new list and database
# (one run each: a second run would find every feed listed already).
bench_import() {
    echo "== import: tidings feeds import of an OPML list into a new list and database (target: 100,000 outlines <= 10 s)"
    local n dir
    for n in 10000 100000; do
        [ -f "$DATA/import-$n.opml" ] || python3 Benchmarks/generate_opml.py "$n" "$DATA/import-$n.opml"
        dir="$DATA/import-$n"
        rm -rf "$dir" && mkdir -p "$dir"
        printf '  %7d outlines: ' "$n"
        $MEASURE --runs 1 -- "$BIN/tidings" feeds import "$DATA/import-$n.opml" \
            --feeds "$dir/feeds.opml" --db "$dir/tidings.db" --config "$dir/config.toml"
        rm -rf "$dir"
    done
}

# Article extraction on Mozilla Readability's test pages (../shared/extraction): shingle F1 of
# `tidings extract` against their expected bodies, the share of matching titles, then MB/s.
bench_extract() {
    echo "== extract: Readability's test pages (targets: F1 >= 0.95 held out, >= 20 MB/s on one core)"
    if python3 "$ROOT/Benchmarks/extraction-check.py" --binary "$BIN/tidings" --jobs 2 | sed 's/^/  /'; then
        "$BIN/tidings-bench" extract --package-root "$ROOT" | sed 's/^/  /'
    else
        echo "  skipped: ../shared/extraction not found"
    fi
}

# Syncing an account on a real FreshRSS on loopback (../shared/sync), fed 10 feeds x 500 items served
# on loopback: the first sync of 5,000 items (Tidings' own processor time), a sync with nothing new
# (wall time), each beside newsboat reading the same server, and the reader's first screen while a
# first sync runs against one without an account. Requests are counted in FreshRSS's access log.
# Runs in a subshell so that its trap stops both servers however it ends.
bench_sync() (
    echo "== sync: FreshRSS on loopback, 5,000 items (targets: first sync cpu <= 1 s, nothing new <= 0.3 s, first screen within 10 ms)"
    local script=$ROOT/../shared/sync/freshrss.sh first_frame=${FIRST_FRAME:-$ROOT/../shared/bench/first_frame.py}
    [ -x "$script" ] || { echo "  skipped: ../shared/sync/freshrss.sh not found"; return; }
    local dir=$DATA/sync feed_port server_port log mark tidings_first tidings_again
    rm -rf "$dir" && mkdir -p "$dir/cache"
    feed_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    server_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1", 0)); print(s.getsockname()[1])')
    python3 "$ROOT/Benchmarks/sync_setup.py" feeds "$dir/feeds" 10 500
    python3 -m http.server "$feed_port" --bind 127.0.0.1 --directory "$dir/feeds" >/dev/null 2>&1 &
    local feeds_pid=$!
    export FRESHRSS_HOME=$dir/freshrss FRESHRSS_TOKEN=bench-rss-token
    log=$FRESHRSS_HOME/php-server.log
    trap 'kill $feeds_pid 2>/dev/null; "$script" stop >/dev/null 2>&1 || true' EXIT
    eval "$("$script" start "$server_port")"
    local urls=() f
    for f in $(seq 0 9); do urls+=("http://127.0.0.1:$feed_port/feed-$f.xml"); done
    python3 "$ROOT/Benchmarks/sync_setup.py" subscribe "$FRESHRSS_GREADER_URL" "$FRESHRSS_USER" "$FRESHRSS_API_PASSWORD" "${urls[@]}"
    # FreshRSS caps its RSS output, which newsboat reads below, at 400 items unless the user says more.
    DATA_PATH=$FRESHRSS_DATA_PATH php "$FRESHRSS_HOME/app/cli/update-user.php" --user "$FRESHRSS_USER" --max-posts-per-rss 500 >/dev/null
    printf '%s\n' "$FRESHRSS_API_PASSWORD" > "$dir/password" && chmod 600 "$dir/password"
    printf '[[account]]\nname = "bench"\ntype = "greader"\nurl = "%s"\nuser = "%s"\npassword_file = "%s"\n' \
        "$FRESHRSS_GREADER_URL" "$FRESHRSS_USER" "$dir/password" > "$dir/account.toml"
    : > "$dir/plain.toml"
    printf '<?xml version="1.0"?>\n<opml version="2.0"><head><title>none</title></head><body/></opml>\n' > "$dir/feeds.opml"
    export XDG_CACHE_HOME=$dir/cache
    local files=(--feeds "$dir/feeds.opml" --config "$dir/account.toml")
    echo "  tidings: first sync of 5,000 items (cpu_s is Tidings' own user + system time):"
    mark=$(wc -l < "$log")
    tidings_first=$($MEASURE --runs 1 --items 5000 -- "$BIN/tidings" refresh --db "$dir/tidings.db" "${files[@]}")
    echo "    $tidings_first (FreshRSS: $(requests_since "$log" "$mark") requests; load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "    articles stored: $(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from articles").fetchone()[0])' "$dir/tidings.db")"
    echo "  tidings: a sync with nothing new (best of 5; 3 requests with the kept session):"
    mark=$(wc -l < "$log")
    tidings_again=$($MEASURE --runs 5 -- "$BIN/tidings" refresh --db "$dir/tidings.db" "${files[@]}")
    echo "    $tidings_again (FreshRSS: $(requests_since "$log" "$mark") requests over 5 runs; load $(cut -d' ' -f1-3 /proc/loadavg))"
    sync_newsboat "$dir/newsboat" "$log" "$tidings_first" "$tidings_again"
    [ -f "$first_frame" ] || { echo "  first_frame.py not found: no first-screen figure"; return; }
    # The synced database with the account's state dropped: each reader run starts a full first sync.
    python3 -c 'import sqlite3,sys; c=sqlite3.connect(sys.argv[1]); c.execute("PRAGMA wal_checkpoint(TRUNCATE)"); c.execute("DELETE FROM sync_accounts"); c.commit()' "$dir/tidings.db"
    cp "$dir/tidings.db" "$dir/template.db"
    printf '#!/bin/sh\nrm -f "%s"/run.db*\ncp "%s" "%s/run.db"\nexec "%s" --db "%s/run.db" --feeds "%s" --config "$1"\n' \
        "$dir" "$dir/template.db" "$dir" "$BIN/tidings" "$dir" "$dir/feeds.opml" > "$dir/reader.sh"
    chmod +x "$dir/reader.sh"
    # The marker is the feed list's status line, the last row of the first frame, in both runs.
    echo "  reader launch to first frame without an account, then while the account's first sync runs:"
    python3 "$first_frame" --runs 7 --marker "unread, 10 feeds" -- "$dir/reader.sh" "$dir/plain.toml" | tail -n 1 | sed 's/^/    without: /'
    python3 "$first_frame" --runs 7 --marker "unread, 10 feeds" -- "$dir/reader.sh" "$dir/account.toml" | tail -n 1 | sed 's/^/    syncing: /'
)

# Requests (GET and POST lines) in FreshRSS's access log after its first MARK lines: requests_since LOG MARK
requests_since() { tail -n +"$(($2 + 1))" "$1" | grep -c -E '\]: (GET|POST) ' || true; }

# newsboat on the same FreshRSS (own config and cache in FOLDER), then the ratios Tidings/newsboat:
# sync_newsboat FOLDER LOG TIDINGS_FIRST_LINE TIDINGS_NOTHING_NEW_LINE. Debian's newsboat 2.21 has no
# FreshRSS source (2.22 added one), so it reads FreshRSS's RSS output of each subscribed feed: the
# server's items, the newest 500 of every feed each reload, as 2.22's source fetches them (newsboat#16).
sync_newsboat() {
    local folder=$1 log=$2 tidings_first=$3 tidings_again=$4 mark first again
    command -v newsboat >/dev/null || { echo "  newsboat: not installed (apt-get install newsboat): no peer figures"; return 0; }
    rm -rf "$folder" && mkdir -p "$folder"
    python3 "$ROOT/Benchmarks/sync_setup.py" rss-urls "$FRESHRSS_GREADER_URL" "$FRESHRSS_USER" "$FRESHRSS_API_PASSWORD" \
        "$FRESHRSS_URL" "$FRESHRSS_TOKEN" 500 > "$folder/urls"
    # The server's PHP may hold the user's old config (400 items at most) for 2 s after bench_sync raised
    # it: wait until a feed's RSS output has its 500 items, within 5 s.
    local tries=0
    until [ "$(curl -s "$(head -n 1 "$folder/urls")" | grep -c '<item>')" -ge 500 ]; do
        tries=$((tries + 1))
        [ "$tries" -le 50 ] || { echo "    FreshRSS's RSS output still has fewer than 500 items a feed"; break; }
        sleep 0.1
    done
    printf 'reload-threads 8\n' > "$folder/config"
    local nb=(newsboat -C "$folder/config" -u "$folder/urls" -c "$folder/cache.db" -x reload)
    echo "  newsboat $(newsboat --version | awk 'NR == 1 {print $2}'): first reload (FreshRSS's RSS output of each feed, newest 500; cpu_s is newsboat's own):"
    mark=$(wc -l < "$log")
    first=$(run_home "$folder/home" $MEASURE --runs 1 --items 5000 -- "${nb[@]}") ||
        { echo "    newsboat's reload failed: no peer figures"; return 0; }
    echo "    $first (FreshRSS: $(requests_since "$log" "$mark") requests; load $(cut -d' ' -f1-3 /proc/loadavg))"
    echo "    items in newsboat's cache: $(python3 -c 'import sqlite3,sys; print(sqlite3.connect(sys.argv[1]).execute("select count(*) from rss_item").fetchone()[0])' "$folder/cache.db")"
    echo "  newsboat: a reload with nothing new (best of 5):"
    mark=$(wc -l < "$log")
    again=$(run_home "$folder/home" $MEASURE --runs 5 -- "${nb[@]}") ||
        { echo "    newsboat's reload failed: no peer figures"; return 0; }
    echo "    $again (FreshRSS: $(requests_since "$log" "$mark") requests over 5 runs; load $(cut -d' ' -f1-3 /proc/loadavg))"
    # What each of those reloads downloaded again: the same URLs, fetched once more by curl.
    local bytes=0 items=0 url
    while read -r url; do
        bytes=$((bytes + $(curl -s -o "$folder/answer.xml" -w '%{size_download}' "$url")))
        items=$((items + $(grep -c '<item>' "$folder/answer.xml" || true)))
    done < "$folder/urls"
    echo "    each reload downloads again $items items, $(mb "$bytes") MB (Tidings with nothing new: the requests above, no item)"
    echo "  ratios tidings / newsboat, same run (below 1: Tidings takes less):"
    sync_ratio_row "first sync / first reload" "$tidings_first" "$first"
    sync_ratio_row "nothing new (best of 5 each)" "$tidings_again" "$again"
}

# One row of sync ratios, wall and processor time: sync_ratio_row LABEL TIDINGS_LINE NEWSBOAT_LINE
sync_ratio_row() {
    python3 - "$1" "$(echo "$2" | field seconds)" "$(echo "$3" | field seconds)" \
        "$(echo "$2" | field cpu_s)" "$(echo "$3" | field cpu_s)" <<'PY'
import sys
label, (tw, nw, tc, nc) = sys.argv[1], map(float, sys.argv[2:6])
print("    %-30s wall %.3f x (newsboat takes %.1f times as long)   cpu %.3f x (%.1f times as much)" % (label, tw / nw, nw / tw, tc / nc, nc / tc))
PY
}

source "$ROOT/Benchmarks/corpus.sh"
source "$ROOT/Benchmarks/downloads.sh"

run_section() {
    local name=$1
    case $name in
        parse) bench_parse ;;
        query) bench_query ;;
        import) bench_import ;;
        extract) bench_extract ;;
        downloads) bench_downloads ;;
        sync) bench_sync ;;
        refresh-corpus) bench_refresh_corpus ;;
        reader-corpus) bench_reader_corpus ;;
        scale) bench_scale ;;
        scale-reads) bench_scale_reads ;;
        *)
            if has_bench "$name"; then
                echo "== $name"
                local extra=()
                [ "$name" = export ] && extra=(--tidings "$BIN/tidings")
                "$BIN/tidings-bench" "$name" --package-root "$ROOT" --data "$DATA" "${extra[@]}"
            else
                echo "== $name: no benchmark yet"
            fi
            ;;
    esac
}

for s in "${sections[@]}"; do run_section "$s"; done
