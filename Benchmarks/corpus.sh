# Benchmarks on the shared realistic workloads (../shared/bench: make_corpus.py, serve.sh,
# first_frame.py), sourced by Benchmarks/run.sh, which sets ROOT, BIN, DATA and MEASURE.
# Sections: refresh-corpus, reader-corpus (in the default run) and scale (only when asked for).
# Generated corpora are kept in $DATA/corpus-* between runs; databases are made afresh each run.

SHARED_BENCH=${TIDINGS_SHARED_BENCH:-$ROOT/../shared/bench}
BENCH_PORT=${TIDINGS_BENCH_PORT:-8089}
NGINX_DIR=${NGINX_DIR:-$DATA/nginx}
export NGINX_DIR

# True when the shared scripts are there; otherwise says the section was skipped.
shared_bench_found() {
    [ -f "$SHARED_BENCH/make_corpus.py" ] && return 0
    echo "== $1: skipped: ../shared/bench not found (looked in $SHARED_BENCH; set TIDINGS_SHARED_BENCH)"
    return 1
}

# Prints the folder of a generated corpus, generating it on first use: corpus_dir NAME MAKE_CORPUS_ARGS...
corpus_dir() {
    local dir=$DATA/corpus-$1
    shift
    if [ ! -f "$dir/manifest.json" ]; then
        echo "  generating $dir (make_corpus.py $*; kept for later runs)" >&2
        python3 "$SHARED_BENCH/make_corpus.py" "$@" "$dir" >&2
    fi
    echo "$dir"
}

# Runs a command as a user with an empty home: run_home HOME_DIR CMD ARGS...
run_home() {
    local home=$1
    shift
    mkdir -p "$home/config" "$home/data" "$home/cache"
    env -u TIDINGS_FEEDS -u TIDINGS_DB -u TIDINGS_CONFIG HOME="$home" XDG_CONFIG_HOME="$home/config" \
        XDG_DATA_HOME="$home/data" XDG_CACHE_HOME="$home/cache" "$@"
}

# Bytes of the files behind a urls file's http://HOST/feeds/NAME or file://.../NAME lines.
feed_bytes() {
    local dir=$1 urls=$2
    sed -E 's/^([^ ]*).*/\1/; s#.*/##' "$urls" | (cd "$dir/feeds" && xargs stat -c %s) | awk '{s += $1} END {printf "%d\n", s}'
}

# A urls file naming every feed of a corpus (or the subscribed ones) by file:// URL.
file_urls() {
    local dir=$1 list=$2 out=$3
    sed -E "s#^http://[^/]*/feeds/([^ ]*)#file://$dir/feeds/\1#" "$dir/$list" > "$out"
}

# One line: label, value, target and whether it is met: check LABEL VALUE OP LIMIT UNIT
check() {
    python3 - "$@" <<'PY'
import sys
label, value, op, limit, unit = sys.argv[1:6]
try:
    v = float(value)
except ValueError:
    print("  %-44s %12s   target %s %s %s: NOT MEASURED" % (label, "-", op, limit, unit)); sys.exit(0)
l = float(limit)
ok = v <= l if op == "<=" else v >= l
print("  %-44s %12s   target %s %s %s: %s" % (label, ("%.3f" % v).rstrip("0").rstrip(".") + " " + unit, op, limit,
      unit, "met" if ok else "MISSED"))
PY
}

mb() { python3 -c "import sys; print('%.1f' % (int(sys.argv[1]) / 1e6))" "$1"; }
ms() { python3 -c "import sys; print('%.1f' % (float(sys.argv[1]) * 1000))" "$1"; }
# Bytes of a database with its write-ahead log.
database_bytes() {
    local f total=0
    for f in "$1" "$1-wal"; do [ -f "$f" ] && total=$((total + $(stat -c %s "$f"))); done
    echo "$total"
}

# The biggest tables and indexes of a database (SQLite's dbstat), one line.
database_breakdown() {
    sqlite3 "$1" "select name, sum(pgsize) from dbstat group by name order by 2 desc limit 8" 2>/dev/null |
        awk -F'|' '{printf "%s %.1f MB; ", $1, $2 / 1e6}' || true
    sqlite3 "$1" "pragma freelist_count; pragma page_size" 2>/dev/null | paste -sd' ' |
        awk '{printf "free pages %.1f MB\n", $1 * $2 / 1e6}' || true
}

stop_nginx() { "$SHARED_BENCH/serve.sh" stop >/dev/null 2>&1 || true; }

# Cold (empty database) and warm (every feed 304) refresh of the 500 subscribed corpus feeds over
# HTTP from nginx, tidings beside newsboat (reload-threads 8), as a user runs them.
bench_refresh_corpus() {
    shared_bench_found refresh-corpus || return 0
    echo "== refresh-corpus: 500 subscribed feeds of ../shared/bench/make_corpus.py from nginx on 127.0.0.1:$BENCH_PORT"
    command -v nginx >/dev/null || { echo "  skipped: nginx not installed (apt-get install nginx-light)"; return 0; }
    local dir work bytes
    dir=$(corpus_dir "500-p$BENCH_PORT" --port "$BENCH_PORT")
    work=$DATA/refresh-corpus
    rm -rf "$work"
    mkdir -p "$work"
    stop_nginx
    trap stop_nginx EXIT
    "$SHARED_BENCH/serve.sh" start "$dir" "$BENCH_PORT" | sed 's/^/  /'
    bytes=$(feed_bytes "$dir" "$dir/urls")
    echo "  feeds: $(wc -l < "$dir/urls") subscribed, $(mb "$bytes") MB of XML"

    # Each cold run without filters is followed by one with the ten [[ignore]] rules of
    # ignore_rules_config in its config (issue 12: filters cost <= 5% of a cold refresh), so that both
    # see the same load; their least processor times (user + system) are compared.
    local i line best="" peak=0 mark cold_log db cpu="" filtered_cpu="" filtered_best=""
    ignore_rules_config > "$work/ignore-rules.toml"
    for i in $(seq "${TIDINGS_BENCH_COLD_RUNS:-3}"); do
        rm -rf "$work/home"
        run_home "$work/home" "$BIN/tidings" feeds import "$dir/feeds.opml" >/dev/null
        mark=$("$SHARED_BENCH/serve.sh" log-mark)
        line=$(run_home "$work/home" $MEASURE --runs 1 -- "$BIN/tidings" refresh --all)
        cold_log=$("$SHARED_BENCH/serve.sh" log-count "$mark")
        echo "  tidings cold run $i: $line (nginx: $cold_log; load $(cut -d' ' -f1-3 /proc/loadavg))"
        best=$(least "$best" "$(echo "$line" | field seconds)")
        cpu=$(least "$cpu" "$(echo "$line" | field cpu_s)")
        peak=$(python3 -c "import sys; print(max(float(sys.argv[1]), float(sys.argv[2])))" "$peak" \
            "$(echo "$line" | field peak_mb)")

        rm -rf "$work/filtered"
        run_home "$work/filtered" "$BIN/tidings" feeds import "$dir/feeds.opml" >/dev/null
        mkdir -p "$work/filtered/config/tidings"
        cp "$work/ignore-rules.toml" "$work/filtered/config/tidings/config.toml"
        line=$(run_home "$work/filtered" $MEASURE --runs 1 -- "$BIN/tidings" refresh --all)
        echo "  tidings cold run $i with 10 [[ignore]] rules: $line (articles:" \
            "$(run_home "$work/filtered" "$BIN/tidings" count --include-ignored | awk '{print $1; exit}') stored," \
            "$(run_home "$work/filtered" "$BIN/tidings" count | awk '{print $1; exit}') shown)"
        filtered_best=$(least "$filtered_best" "$(echo "$line" | field seconds)")
        filtered_cpu=$(least "$filtered_cpu" "$(echo "$line" | field cpu_s)")
    done
    db=$work/home/data/tidings/tidings.db
    local db_size warm warm_log
    db_size=$(database_bytes "$db")
    mark=$("$SHARED_BENCH/serve.sh" log-mark)
    warm=$(run_home "$work/home" $MEASURE --runs 3 -- "$BIN/tidings" refresh --all)
    warm_log=$("$SHARED_BENCH/serve.sh" log-count "$mark")
    echo "  tidings warm (best of 3): $warm ($warm_log over 3 runs)"
    echo "  database after a cold refresh: $(mb "$db_size") MB; $(database_breakdown "$db")"

    local nb_cold="" nb_warm=""
    if command -v newsboat >/dev/null; then
        mkdir -p "$work/newsboat"
        printf 'reload-threads 8\n' > "$work/newsboat/config"
        rm -f "$work/newsboat/cache.db"
        mark=$("$SHARED_BENCH/serve.sh" log-mark)
        line=$(run_home "$work/newsboat/home" $MEASURE --runs 1 -- newsboat -C "$work/newsboat/config" \
            -u "$dir/urls" -c "$work/newsboat/cache.db" -x reload)
        echo "  newsboat cold: $line ($("$SHARED_BENCH/serve.sh" log-count "$mark"))"
        nb_cold=$(echo "$line" | field seconds)
        mark=$("$SHARED_BENCH/serve.sh" log-mark)
        line=$(run_home "$work/newsboat/home" $MEASURE --runs 1 -- newsboat -C "$work/newsboat/config" \
            -u "$dir/urls" -c "$work/newsboat/cache.db" -x reload)
        echo "  newsboat warm: $line ($("$SHARED_BENCH/serve.sh" log-count "$mark"))"
        nb_warm=$(echo "$line" | field seconds)
        echo "  newsboat cache: $(mb "$(stat -c %s "$work/newsboat/cache.db")") MB"
    else
        echo "  newsboat: not installed (apt-get install newsboat)"
    fi
    local sf_cold=""
    if command -v sfeed_update >/dev/null; then
        sfeed_config "$dir/urls" "$work/sfeed" > "$work/sfeedrc"
        rm -rf "$work/sfeed"
        mark=$("$SHARED_BENCH/serve.sh" log-mark)
        line=$(run_home "$work/sfeed-home" $MEASURE --runs 1 -- sfeed_update "$work/sfeedrc")
        echo "  sfeed_update cold (maxjobs=8): $line ($("$SHARED_BENCH/serve.sh" log-count "$mark");" \
            "$(cat "$work/sfeed/feeds/"* | wc -l) items)"
        sf_cold=$(echo "$line" | field seconds)
    else
        echo "  sfeed_update: not installed (apt-get install sfeed)"
    fi
    stop_nginx
    trap - EXIT

    local warm_s cold_ratio="-" warm_ratio="-"
    warm_s=$(echo "$warm" | field seconds)
    [ -n "$nb_cold" ] && cold_ratio=$(ratio "$nb_cold" "$best")
    [ -n "$nb_warm" ] && warm_ratio=$(ratio "$nb_warm" "$warm_s")
    echo "  figures (tidings vs newsboat and sfeed_update, same run):"
    check "cold refresh, best of ${TIDINGS_BENCH_COLD_RUNS:-3}" "$best" "<=" 2.0 s
    echo "  cold refresh processor time (user + system), least of ${TIDINGS_BENCH_COLD_RUNS:-3}: $cpu s" \
        "(a 2 s wall on two cores needs about <= 4 s)"
    check "cold: newsboat time / tidings time" "$cold_ratio" ">=" 7 x
    check "cold: sfeed_update time / tidings time" "$([ -n "$sf_cold" ] && ratio "$sf_cold" "$best" || echo -)" ">=" 2.5 x
    check "warm refresh (all 304), best of 3" "$warm_s" "<=" 0.2 s
    echo "  warm: newsboat time / tidings time                 $warm_ratio x   (no target)"
    check "peak memory (cold and warm)" "$(python3 -c "import sys; print(max(map(float, sys.argv[1:])))" \
        "$peak" "$(echo "$warm" | field peak_mb)")" "<=" 150 MB
    check "database / feed bytes" "$(ratio "$db_size" "$bytes")" "<=" 0.7 x
    echo "  filters: cold refresh with 10 [[ignore]] rules $filtered_cpu s processor time ($filtered_best s)," \
        "without $cpu s ($best s)"
    check "filters' cost, share of a cold refresh's CPU" \
        "$(python3 -c "import sys; a, b = map(float, sys.argv[1:]); print((a - b) / b * 100)" "$filtered_cpu" "$cpu")" \
        "<=" 5 %
}

# An sfeedrc (a shell file sfeed_update sources) fetching every feed of a urls file with 8 jobs at
# once into FOLDER/feeds: sfeed_config URLS FOLDER.
sfeed_config() {
    printf 'sfeedpath="%s/feeds"\nmaxjobs=8\nfeeds() {\n' "$2"
    sed -E 's/^([^ ]*).*/\1/' "$1" | awk '{n = $1; sub(/.*\//, "", n); printf "\tfeed \"%s\" \"%s\"\n", n, $1}'
    printf '}\n'
}

# The smaller of a number and another, or the number when there is no other yet: least OTHER NUMBER.
least() {
    python3 -c "import sys; a=sys.argv[1]; b=float(sys.argv[2]); print(b if not a else min(float(a), b))" "$1" "$2"
}

# A realistic killfile for the refresh corpus (issue 12): ten [[ignore]] rules of every kind a user
# writes: titles by regular expression, full-text `contains`, authors, one rule limited to a feed and
# one to a folder, an age rule. Some match corpus articles, so marking is measured too.
ignore_rules_config() {
    cat <<RULES
[[ignore]]
query = 'title =~ "(?i)^sponsored"'

[[ignore]]
query = 'title =~ "(?i)(giveaway|webinar|black friday)"'

[[ignore]]
query = 'title =~ "(?i)obsolete newsletter"'

[[ignore]]
query = 'content contains "cryptocurrency airdrop"'

[[ignore]]
query = 'author = "Spam Bot"'

[[ignore]]
query = 'author =~ "(?i)marketing team"'

[[ignore]]
query = 'title contains "deprecated"'
feed = "http://127.0.0.1:$BENCH_PORT/feeds/rss-0000.xml"

[[ignore]]
query = 'enclosure =~ "^video/" or content contains "unboxing"'
tag = "group3"

[[ignore]]
query = 'age > 3650d'

[[ignore]]
query = 'url =~ "[?&]utm_source=" or language = "xx"'
RULES
}

# The terminal reader from launch to its first complete screen on a 120x40 pty with a database of
# 2,000 feeds and 100,000 articles (first_frame.py, median of 7), then key times from tidings-bench.
bench_reader_corpus() {
    shared_bench_found reader-corpus || return 0
    echo "== reader-corpus: first screen with 2,000 feeds and 100,000 articles (make_corpus.py -n 1000 --no-large, file:// URLs)"
    local dir work line
    dir=$(corpus_dir 1000 -n 1000 --no-large)
    work=$DATA/reader-corpus
    rm -rf "$work"
    mkdir -p "$work"
    file_urls "$dir" urls-all "$work/urls"
    run_home "$work/home" "$BIN/tidings" feeds import "$work/urls" --feeds "$work/feeds.opml" --db "$work/tidings.db" \
        >/dev/null
    line=$(run_home "$work/home" $MEASURE --runs 1 -- "$BIN/tidings" refresh --all --feeds "$work/feeds.opml" \
        --db "$work/tidings.db")
    echo "  refresh of 2,000 feeds into an empty database (file://): $line, database $(mb "$(database_bytes "$work/tidings.db")") MB"
    reader_first_frame "$work" 100
    if has_bench reader; then
        # Twice: on a store file as the runs before left it in the page cache (warm), and with its pages
        # dropped first (--cold-file), as after a store sat idle until the kernel paged it out.
        reader_keys warm
        reader_keys cold --cold-file
    fi
}

# One run of `tidings-bench reader` (LABEL, then its options): per-key lines, the worst key's p99
# checked against 10 ms, the worst CPU p99 and peak memory.
reader_keys() {
    local label=$1 keys worst
    shift
    keys=$("$BIN/tidings-bench" reader --data "$DATA" "$@")
    echo "  -- $label store file: tidings-bench reader $*"
    echo "  (tidings-bench reader, per key: wall ms from the key to its frame drawn, the UI thread's CPU ms,"
    echo "   disk_presses/disk_kb: presses whose UI thread read from storage (pages it asked the kernel for"
    echo "   ahead count too, waited for or not); p99_press=CPU/RUNQ/BLOCKED: the p99 press's ms on a core,"
    echo "   waiting for a core, blocked (disk, locks); blocked_ms: each press's blocked ms, p99 and sum)"
    echo "$keys" | grep -E 'cold_file|first_screen_ms|_ms: p50|peak_rss|keys_disk' | sed 's/^/  tidings-bench reader: /'
    # Keys that read pages the kernel has evicted wait for the disk (wall well over CPU below);
    # some machines page out cold file pages on their own (DAMON), whatever the free memory.
    if command -v fincore >/dev/null && [ -f "$DATA/reader-bench.db" ]; then
        echo "  store file in the page cache after the keys: $(fincore -n -o RES,SIZE "$DATA/reader-bench.db" | awk '{print $1 " of " $2}')"
    fi
    # The slowest key by p99, named: the figure "keys p99 <= 10 ms" is read from.
    worst=$(echo "$keys" | sed -n 's/^keys_worst_p99_ms=\([0-9.]*\) key=key_\(.*\)$/\1 \2/p')
    check "keys p99 ($label store file), worst: ${worst#* }" "${worst%% *}" "<=" 10 ms
    # Wall time counts waiting for a core on a shared machine; the UI thread's CPU time does not.
    worst=$(echo "$keys" | sed -n 's/^keys_worst_cpu_p99_ms=\([0-9.]*\) key=key_\(.*\)$/\1 ms (\2)/p')
    echo "  (the keys' UI-thread CPU time, p99 of the worst key: ${worst:-not measured})"
    check "reader peak memory (tidings-bench reader, $label)" "$(echo "$keys" | field peak_rss_mb)" "<=" 100 MB
}

# first_frame.py on the reader over WORK/feeds.opml and WORK/tidings.db; checks the median against LIMIT ms.
reader_first_frame() {
    local work=$1 limit=$2 out median
    out=$(run_home "$work/home" python3 "$SHARED_BENCH/first_frame.py" --runs 7 --rows 40 --cols 120 -- \
        "$BIN/tidings" --feeds "$work/feeds.opml" --db "$work/tidings.db" --config "$work/none.toml")
    echo "$out" | tail -1 | sed 's/^/  /'
    median=$(echo "$out" | sed -n 's/.*median \([0-9.]*\) ms.*/\1/p')
    check "first screen, median of 7 (120x40)" "${median:--}" "<=" "$limit" ms
}

# 20,000 feeds and 1,000,000 articles (make_corpus.py -n 10000 --no-large, file:// URLs): cold
# refresh, database size, first screen, count, search and an incremental export. Not in the default run.
bench_scale() {
    shared_bench_found scale || return 0
    echo "== scale: 20,000 feeds, 1,000,000 articles (make_corpus.py -n 10000 --no-large, file:// URLs)"
    local dir work line db opts bytes
    dir=$(corpus_dir 10000 -n 10000 --no-large)
    work=$DATA/scale
    rm -rf "$work"
    mkdir -p "$work"
    file_urls "$dir" urls-all "$work/urls"
    bytes=$(feed_bytes "$dir" "$work/urls")
    db=$work/tidings.db
    opts=(--feeds "$work/feeds.opml" --db "$db" --config "$work/none.toml")
    run_home "$work/home" "$BIN/tidings" feeds import "$work/urls" "${opts[@]}" >/dev/null
    line=$(run_home "$work/home" $MEASURE --runs 1 -- "$BIN/tidings" refresh --all "${opts[@]}")
    echo "  cold refresh: $line ($(mb "$bytes") MB of XML)"
    echo "  database: $(mb "$(database_bytes "$db")") MB; $(database_breakdown "$db")"
    check "cold refresh peak memory" "$(echo "$line" | field peak_mb)" "<=" 300 MB
    check "database / feed bytes" "$(ratio "$(database_bytes "$db")" "$bytes")" "<=" 0.7 x
    scale_reads "$work"
}

# The scale section's reading figures again, on the database its last run left in $DATA/scale (the cold
# refresh of 1,000,000 articles takes minutes; this takes seconds): `Benchmarks/run.sh scale-reads`.
bench_scale_reads() {
    echo "== scale-reads: first screen, count, search and export on the last scale run's database"
    [ -f "$DATA/scale/tidings.db" ] || { echo "  skipped: no $DATA/scale/tidings.db (run the scale section first)"; return 0; }
    scale_reads "$DATA/scale"
}

scale_reads() {
    local work=$1 line db=$1/tidings.db opts
    opts=(--feeds "$work/feeds.opml" --db "$db" --config "$work/none.toml")
    reader_first_frame "$work" 150
    line=$(run_home "$work/home" $MEASURE --runs 5 -- "$BIN/tidings" count "${opts[@]}")
    check "tidings count, best of 5" "$(ms "$(echo "$line" | field seconds)")" "<=" 50 ms
    line=$(run_home "$work/home" $MEASURE --runs 5 -- "$BIN/tidings" export --search release --limit 40 "${opts[@]}")
    check "search 'release', first 40 rows, best of 5" "$(ms "$(echo "$line" | field seconds)")" "<=" 100 ms
    # A state name of its own each time, so that every run exports from a state that has seen nothing.
    line=$(run_home "$work/home" $MEASURE --runs 1 -- "$BIN/tidings" export --new --state "scale-$(date +%s%N)" \
        --limit 1000 --format html "${opts[@]}")
    echo "  export --new --limit 1000 --format html (1,000 of 1,000,000 new): $line"
}
