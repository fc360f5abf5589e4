# Sparrow: `make run` to try it, `make test` for every test, `make bench` for the figures, `make fuzz` to fuzz.
SHELL := /bin/bash
PORT ?= 8080
DATA ?= ./data
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test browser-test bench soak deps deps-test deps-bench build release clean fuzz fuzz-build fuzz-replay

# System packages the build needs; installed only when missing.
DEPS := libsqlite3-dev libvips-dev fonts-noto-cjk
# The tests also run the store contract on PostgreSQL, on a throwaway cluster they start themselves
# (Tests/SparrowTestSupport/PostgresTestCluster.swift), and put deploy/nginx-sparrow.conf in front of two instances.
TEST_DEPS := postgresql nginx-light
BENCH_DEPS := wrk curl python3 postgresql nginx-light

deps:
	@missing=""; for p in $(DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

deps-bench: deps
	@missing=""; for p in $(BENCH_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

release: deps
	swift build -c release --product sparrow

run: release
	@echo "Starting Sparrow on http://127.0.0.1:$(PORT) (data in $(DATA); demo content if it has no users yet)"
	.build/release/sparrow serve --demo --port $(PORT) --data $(DATA)

deps-test: deps
	@missing=""; for p in $(TEST_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi

test: deps-test
	swift build --build-tests
	swift test --skip-build
	# The API and web suites again, on PostgreSQL; the tests over every engine (the store contract among them) ran
	# on both above.
	SPARROW_TEST_ENGINE=postgres SPARROW_TEST_EVERY_ENGINE=0 swift test --skip-build --filter 'SparrowServerTests|WeiboTests|SparrowKitIntegrationTests|TuanTests|DakaTests|GuestbookTests'
	$(MAKE) fuzz-replay
	$(MAKE) browser-test

# Browser journeys of the web client (headless Chromium + selenium) against the built `sparrow`. Two at a time, a
# file's tests on one worker (they share its servers): most of a journey is waiting for a page or a server to start.
BROWSER_DEPS := chromium chromium-driver fonts-noto-cjk
SPARROW_BIN ?= .build/debug/sparrow

browser-test:
	@missing=""; for p in $(BROWSER_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@python3 -m pip install -q selenium pytest pytest-xdist pillow mastodon.py requests 2>/dev/null || python3 -m pip install -q --break-system-packages selenium pytest pytest-xdist pillow mastodon.py requests
	SPARROW_BIN=$(SPARROW_BIN) python3 -m pytest -q -p no:cacheprovider -n 2 --dist loadfile Tests/browser

# SQLite at 1,000 users / 100,000 statuses, the measured user following 200 (about 20,000 statuses in the home
# feed), then following 100; with BENCH_SCALE=1m also 20,000 users / 1,000,000 statuses, route sweep included (the
# issue's "cost independent of size" compares it with the 100k one). Then PostgreSQL on the
# same sizes, one instance and two behind nginx.
BENCH_SCALE ?= 100k
bench: deps-bench release
	swift build -c release --product SparrowBench
	.build/release/SparrowBench
	bash scripts/bench.sh
	BENCH_FOLLOWS=100 BENCH_WEB=0 bash scripts/bench.sh
	if [ "$(BENCH_SCALE)" = 1m ]; then BENCH_USERS=20000 BENCH_STATUSES=1000000 bash scripts/bench.sh; fi
	BENCH_PG_SIZES="1000:100000$(if $(filter 1m,$(BENCH_SCALE)), 20000:1000000,)" bash scripts/bench_postgres.sh

# Five minutes of mixed reads and writes at 16 connections (SOAK_SECONDS to change): errors, p99, RSS.
soak: deps-bench release
	bash scripts/soak.sh

# Fuzzing with libFuzzer: each target under Fuzz/ runs for FUZZ_SECONDS on a copy of its corpus in Fuzz/corpus
# (new inputs stay in .build-fuzz/work/<target>/corpus), in its own build with coverage and AddressSanitizer.
# A failure names its input in .build-fuzz/work/<target>/crashes/; `.build/debug/<target> FILE` replays it.
FUZZ_TARGETS ?= FuzzRichText FuzzWeiboDate FuzzImageKind FuzzPicture FuzzParams FuzzMultipart
FUZZ_SECONDS ?= 60
# 0: a new random seed each run. CI fixes one, so that what it finds can be found again here with the same seed.
FUZZ_SEED ?= 0
# Optimised: a debug build reads multipart bodies (NIO's byte reads) some 15 times slower.
FUZZ_CONFIG ?= release
FUZZ_WORK := .build-fuzz/work
# lld rather than gold: gold crashes while reporting a link error of these builds.
FUZZ_BUILD := swift build --scratch-path .build-fuzz -c $(FUZZ_CONFIG) -Xswiftc -sanitize=fuzzer,address \
  -Xswiftc -DFUZZING -Xswiftc -Xclang-linker -Xswiftc -fuse-ld=lld

fuzz-build: deps
	@for t in $(FUZZ_TARGETS); do $(FUZZ_BUILD) --product $$t || exit 1; done

# Leaks are not checked: the Swift runtime's one-time allocations (regex literals, metadata) read as leaks.
fuzz: fuzz-build
	@failed=""; for t in $(FUZZ_TARGETS); do \
	  work=$(FUZZ_WORK)/$$t; rm -rf $$work; mkdir -p $$work/corpus $$work/crashes; cp Fuzz/corpus/$$t/* $$work/corpus/; \
	  echo "$$t: $(FUZZ_SECONDS) s"; \
	  if SWIFT_BACKTRACE=enable=no ASAN_OPTIONS=detect_leaks=0 .build-fuzz/$(FUZZ_CONFIG)/$$t -max_total_time=$(FUZZ_SECONDS) -seed=$(FUZZ_SEED) -timeout=10 \
	      -detect_leaks=0 -print_final_stats=1 -artifact_prefix=$$work/crashes/ $$work/corpus > $$work/log 2>&1; then \
	    grep -E '^stat::(number_of_executed_units|average_exec_per_sec|new_units_added)' $$work/log | sed 's/^/  /'; \
	  else \
	    failed="$$failed $$t"; grep -vE '^#[0-9]+' $$work/log | tail -40; ls $$work/crashes/* | sed 's/^/  input: /'; \
	  fi; \
	done; \
	if [ -n "$$failed" ]; then echo "fuzz: failed:$$failed"; exit 1; fi

# The committed corpus through the same checks, in the normal build (part of `make test`).
fuzz-replay:
	@for t in $(FUZZ_TARGETS); do .build/debug/$$t Fuzz/corpus/$$t || exit 1; done

clean:
	rm -rf .build .build-fuzz
