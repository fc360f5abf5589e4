# Sparrow: `make run` to try it, `make test` for every test, `make bench` for the figures.
SHELL := /bin/bash
PORT ?= 8080
DATA ?= ./data
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

.PHONY: run test browser-test bench soak deps deps-bench build release clean

# System packages the build needs; installed only when missing.
DEPS := libsqlite3-dev libvips-dev fonts-noto-cjk
BENCH_DEPS := wrk curl python3

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
	@echo "Starting Sparrow on http://127.0.0.1:$(PORT) with demo content (data in $(DATA))"
	.build/release/sparrow serve --demo --port $(PORT) --data $(DATA)

test: deps
	swift build --build-tests
	swift test --skip-build
	$(MAKE) browser-test

# Browser journeys of the web client (headless Chromium + selenium) against the built `sparrow`.
BROWSER_DEPS := chromium chromium-driver fonts-noto-cjk
SPARROW_BIN ?= .build/debug/sparrow

browser-test:
	@missing=""; for p in $(BROWSER_DEPS); do dpkg -s $$p >/dev/null 2>&1 || missing="$$missing $$p"; done; \
	if [ -n "$$missing" ]; then echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing; fi
	@python3 -m pip install -q selenium pytest 2>/dev/null || python3 -m pip install -q --break-system-packages selenium pytest
	SPARROW_BIN=$(SPARROW_BIN) python3 -m pytest -q -p no:cacheprovider Tests/browser

bench: deps-bench release
	swift build -c release --product SparrowBench
	.build/release/SparrowBench
	bash scripts/bench.sh

# Five minutes of mixed reads and writes at 16 connections (SOAK_SECONDS to change): errors, p99, RSS.
soak: deps-bench release
	bash scripts/soak.sh

clean:
	rm -rf .build
