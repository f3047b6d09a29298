# The `downloads` section of Benchmarks/run.sh (which sets ROOT, BIN, DATA and MEASURE, and sources
# corpus.sh for run_home and check): `tidings downloads run` against a private nginx on loopback,
# one 1 GB file and then 2 GB as 4 parallel downloads, with `curl -o` beside it. Speed, processor time
# and peak memory are the tidings process's own (wait4 rusage, measure.py). Files are kept in
# $DATA/downloads-src between runs; the downloaded copies are removed after each measurement.

bench_downloads() {
    echo "== downloads: tidings downloads run from nginx on 127.0.0.1 (one run each; wait4 rusage of the process)"
    local nginx
    nginx=$(command -v nginx || ls /usr/sbin/nginx 2>/dev/null || true)
    if [ -z "$nginx" ]; then
        echo "  skipped: nginx not installed (make deps-test)"
        return
    fi
    local src=$DATA/downloads-src work=$DATA/downloads-work port=${TIDINGS_DOWNLOAD_PORT:-8093}
    mkdir -p "$src"
    [ -f "$src/one.bin" ] || head -c 1000000000 /dev/urandom > "$src/one.bin"
    local i
    for i in 1 2 3 4; do [ -f "$src/part$i.bin" ] || head -c 500000000 /dev/urandom > "$src/part$i.bin"; done
    rm -rf "$work" && mkdir -p "$work/nginx/tmp" "$work/files"
    cat > "$work/nginx/nginx.conf" <<EOF
daemon off;
worker_processes 2;
pid $work/nginx/nginx.pid;
error_log $work/nginx/error.log warn;
events { worker_connections 64; }
http {
    client_body_temp_path $work/nginx/tmp/body;
    proxy_temp_path $work/nginx/tmp/proxy;
    fastcgi_temp_path $work/nginx/tmp/fastcgi;
    uwsgi_temp_path $work/nginx/tmp/uwsgi;
    scgi_temp_path $work/nginx/tmp/scgi;
    access_log off;
    sendfile on;
    server { listen 127.0.0.1:$port; location /files/ { alias $src/; } }
}
EOF
    "$nginx" -p "$work/nginx" -c "$work/nginx/nginx.conf" -e "$work/nginx/error.log" &
    DOWNLOADS_NGINX_PID=$!
    trap stop_downloads_nginx EXIT
    local tries=0
    until curl -sf -o /dev/null "http://127.0.0.1:$port/files/part1.bin" -r 0-0; do
        tries=$((tries + 1))
        if [ $tries -ge 100 ]; then
            echo "  skipped: nginx did not start (port $port busy? set TIDINGS_DOWNLOAD_PORT)"
            stop_downloads_nginx
            return
        fi
        sleep 0.05
    done

    downloads_row "one 1 GB file" 1000000000 1 one.bin
    downloads_row "2 GB in 4 parallel downloads" 2000000000 4 part1.bin part2.bin part3.bin part4.bin

    local line
    mkdir -p "$work/files"
    line=$($MEASURE --runs 1 --bytes 1000000000 -- curl -s -o "$work/files/curl.bin" "http://127.0.0.1:$port/files/one.bin")
    rm -f "$work/files/curl.bin"
    printf '  %-40s %8s MB/s %6s%% of a core per 100 MB/s  peak %s MB\n' "curl -o, one 1 GB file" \
        "$(echo "$line" | field mb_per_s)" "$(core_share "$line")" "$(echo "$line" | field peak_mb)"
    echo "  podboat: not measured: it has no mode that downloads and exits (-a starts the queue inside its" \
        "ncurses view, which stays open until a key is pressed)"
    stop_downloads_nginx
}

stop_downloads_nginx() {
    [ -n "${DOWNLOADS_NGINX_PID:-}" ] && kill -QUIT "$DOWNLOADS_NGINX_PID" 2>/dev/null && wait "$DOWNLOADS_NGINX_PID" 2>/dev/null
    DOWNLOADS_NGINX_PID=
    trap - EXIT
}

# Percent of one core per 100 MB/s for a measure.py line: (cpu_s / seconds * 100) / (MB/s / 100).
core_share() {
    python3 -c "import sys, re
d = dict(re.findall(r'(\w+)=([0-9.]+)', sys.argv[1]))
s, c, m = float(d['seconds']), float(d['cpu_s']), float(d.get('mb_per_s', 0))
print('%.1f' % ((c / s * 100) / (m / 100) if s and m else 0))" "$1"
}

# One measured `tidings downloads run` of NAMES served by nginx, LIMIT at once:
# downloads_row LABEL BYTES LIMIT NAMES...
downloads_row() {
    local label=$1 bytes=$2 limit=$3
    shift 3
    local home=$work/home feed=$work/feed.xml name n=0
    rm -rf "$home" "$work/files" && mkdir -p "$home" "$work/files"
    {
        echo '<?xml version="1.0" encoding="utf-8"?><rss version="2.0"><channel><title>Bench</title><link>http://127.0.0.1/</link><description>d</description>'
        for name in "$@"; do
            n=$((n + 1))
            echo "<item><guid>e$n</guid><title>Episode $n</title><enclosure url=\"http://127.0.0.1:$port/files/$name\" type=\"audio/mpeg\" length=\"1\"/></item>"
        done
        echo '</channel></rss>'
    } > "$feed"
    printf 'download_path = "%s"\nmax_downloads = %d\nmax_downloads_per_host = %d\n' "$work/files" "$limit" "$limit" \
        > "$home/config.toml"
    local args=(--feeds "$home/feeds.opml" --db "$home/tidings.db" --config "$home/config.toml")
    run_home "$home" "$BIN/tidings" feeds add "$feed" "${args[@]}" > /dev/null
    run_home "$home" "$BIN/tidings" refresh "${args[@]}" > /dev/null
    run_home "$home" "$BIN/tidings" download --query unread "${args[@]}" > /dev/null
    local line
    line=$(run_home "$home" $MEASURE --runs 1 --bytes "$bytes" -- "$BIN/tidings" downloads run "${args[@]}")
    local whole
    whole=$(cat "$work/files"/* | wc -c)
    rm -rf "$work/files"
    printf '  %-40s %8s MB/s %6s%% of a core per 100 MB/s  peak %s MB%s\n' "tidings, $label" \
        "$(echo "$line" | field mb_per_s)" "$(core_share "$line")" "$(echo "$line" | field peak_mb)" \
        "$([ "$whole" = "$bytes" ] || echo "  (INCOMPLETE: $whole of $bytes bytes)")"
    if [ "$limit" = 1 ]; then
        check "one 1 GB file" "$(echo "$line" | field mb_per_s)" ">=" 500 MB/s
        check "processor per 100 MB/s" "$(core_share "$line")" "<=" 10 "% of a core"
    else
        check "peak memory, 4 parallel downloads" "$(echo "$line" | field peak_mb)" "<=" 60 MB
    fi
}
