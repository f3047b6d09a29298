# Tidings — the two commands a new user runs (`make demo`, `make test`) and the benchmark (`make bench`).
# Each target installs the Debian packages it needs when they are missing, then builds and runs.

SWIFT      ?= swift
APT_BUILD  := pkg-config libxml2-dev libcurl4-openssl-dev libsqlite3-dev zlib1g-dev libdeflate-dev libzstd-dev libbrotli-dev libpcre2-dev
APT_TEST   := tmux python3 sqlite3 bsdutils newsboat nginx-light php8.2-cli php8.2-sqlite3 php8.2-curl php8.2-xml php8.2-mbstring php8.2-intl php8.2-zip php8.2-gmp
APT_BENCH  := sfeed newsboat gcc nginx-light
DEMO_DIR   := .build/demo
SUDO       := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: all build release demo test bench profile-refresh deps deps-test deps-bench clean check-imports fuzz fuzz-smoke

all: build

# Installs the packages named in $(1) that dpkg does not list as installed.
define apt_install
	@missing=""; for p in $(1); do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $$missing; \
	fi
endef

deps:
	$(call apt_install,$(APT_BUILD))

deps-test: deps
	$(call apt_install,$(APT_TEST))

deps-bench: deps
	$(call apt_install,$(APT_BENCH))

build: deps
	$(SWIFT) build

# The two programs, with the Swift runtime and Foundation linked in: every `tidings` process starts in
# ~13 ms instead of ~21 ms (14 fewer shared libraries to load and bind), which `count`, the first
# screen and cron runs all pay; `parse --raw` of the 50 MB RSS file takes ~3% less CPU. (By product:
# the test-only targets need XCTest, which has no static library.)
release: deps
	$(SWIFT) build -c release --static-swift-stdlib --product tidings
	$(SWIFT) build -c release --static-swift-stdlib --product tidings-bench

# Runs the reader on the bundled offline feeds, with a database of its own under .build/demo.
demo: release
	@mkdir -p $(DEMO_DIR)
	.build/release/tidings refresh --all --feeds Feeds/demo.opml --db $(DEMO_DIR)/tidings.db || true
	.build/release/tidings --feeds Feeds/demo.opml --db $(DEMO_DIR)/tidings.db

# Builds and runs every test: unit tests per module and end-to-end tests of the built binary, then a
# few seconds of every fuzz harness from its seeds (a finding fails the run).
test: deps-test
	$(SWIFT) build
	$(SWIFT) test --disable-swift-testing
	SWIFT=$(SWIFT) Fuzz/run.sh smoke

# Fuzzing (see docs/fuzzing.md): every harness for FUZZ_SECONDS seconds each, or one with
# TARGET=fuzz-feed; corpora grow in .build/fuzz/corpus/<target>, findings land in .build/fuzz/artifacts.
FUZZ_SECONDS ?= 60
TARGET ?=
fuzz: deps
	SWIFT=$(SWIFT) FUZZ_SECONDS=$(FUZZ_SECONDS) Fuzz/run.sh fuzz $(TARGET)

fuzz-smoke: deps
	SWIFT=$(SWIFT) Fuzz/run.sh smoke

# The one-way module imports of docs/architecture.md (also run by the test suite).
check-imports:
	Scripts/check-imports.sh

bench: deps-bench release
	Benchmarks/run.sh

# One cold refresh of the shared corpus under perf: each stage's share of the processor time.
profile-refresh: deps-bench release
	Benchmarks/profile-refresh.sh

clean:
	rm -rf .build

# Shell completions for bash, zsh and fish, generated from the command definitions (see docs/commands.md).
.PHONY: completions man
completions: build
	@mkdir -p .build/completions
	.build/debug/tidings --generate-completion-script bash > .build/completions/tidings.bash
	.build/debug/tidings --generate-completion-script zsh > .build/completions/_tidings
	.build/debug/tidings --generate-completion-script fish > .build/completions/tidings.fish

# The man page (.build/man/tidings.1), by swift-argument-parser's generate-manual tool, built from
# the checked-out dependency so that Package.swift needs no plugin.
man: build
	$(SWIFT) build --package-path .build/checkouts/swift-argument-parser \
	  --scratch-path .build/argument-parser-tools --product generate-manual
	.build/argument-parser-tools/debug/generate-manual .build/debug/tidings --output-directory .build/man

# The large-store figures (20,000 feeds, 1,000,000 articles; several GB of generated feeds under .build).
.PHONY: bench-scale
bench-scale: deps-bench release
	Benchmarks/run.sh scale
