# Nonet: `make run` builds and launches the app, `make check` runs every test
# headless. Both install the Debian packages they need first (apt-get, through
# sudo when not root; nothing when all are present) and are safe to repeat.

BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
FUZZ_BUILD ?= build-fuzz
FUZZ_SECONDS ?= 600
MESON      ?= meson

SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# What building and running need.
RUN_PACKAGES := \
	meson ninja-build pkg-config gcc libc6-dev gettext \
	libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libgtk-4-bin libadwaita-1-dev libsqlite3-dev \
	desktop-file-utils appstream \
	fonts-cantarell fonts-dejavu-core adwaita-icon-theme hicolor-icon-theme librsvg2-common librsvg2-bin

# What the headless tests need on top (see ../shared/TESTING.md).
TEST_PACKAGES := \
	xvfb xauth dbus dbus-x11 at-spi2-core \
	python3 python3-gi python3-dogtail python3-pyatspi \
	poppler-utils imagemagick xdotool \
	groff-base flatpak-builder valgrind \
	orca speech-dispatcher speech-dispatcher-espeak-ng espeak-ng metacity

# The fuzzers (tests/fuzz) are built with clang's libFuzzer.
FUZZ_PACKAGES := clang libclang-rt-14-dev

XVFB_RUN := xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session --

.PHONY: all run check deps-run deps-test build build-asan build-tsan test test-asan test-tsan \
	valgrind fuzz clean

all: build

# Installs only what is missing, so a second run asks apt for nothing.
define install_missing
	@missing=""; \
	for p in $(1); do \
	  dpkg-query -W -f='$${Status}' "$$p" 2>/dev/null | grep -q 'install ok installed' || missing="$$missing $$p"; \
	done; \
	if [ -n "$$missing" ]; then \
	  echo "Installing:$$missing"; \
	  $(SUDO) apt-get update -q && \
	  DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -q --no-install-recommends $$missing; \
	fi
endef

deps-run:
	$(call install_missing,$(RUN_PACKAGES))

deps-test: deps-run
	$(call install_missing,$(TEST_PACKAGES))

build: deps-run
	@[ -f $(BUILD)/build.ninja ] || $(MESON) setup $(BUILD) --prefix=/usr
	$(MESON) compile -C $(BUILD)

# The settings schema is compiled into the build tree, not installed: meson
# devenv puts the app on PATH and points GSETTINGS_SCHEMA_DIR at the schema
# (gnome.compile_schemas in data/meson.build adds it to the devenv).
run: build
	$(MESON) devenv -C $(BUILD) nonet

# The suite's runs are meson's test setups (tests/meson.build says what each
# sets and why): here only the build directories they run in. The ASan build
# runs the whole suite, the GUI and end-to-end tests included. A directory
# set up by an older Makefile with -Dui=false is turned back on.
build-asan: deps-run
	@[ -f $(ASAN_BUILD)/build.ninja ] || $(MESON) setup $(ASAN_BUILD) \
	  -Db_sanitize=address,undefined -Db_lundef=false
	@if grep -q '"name": "ui", "value": false' $(ASAN_BUILD)/meson-info/intro-buildoptions.json; then \
	  $(MESON) configure $(ASAN_BUILD) -Dui=true; fi
	$(MESON) compile -C $(ASAN_BUILD)

# The engine's worker threads under ThreadSanitizer: GLib-only, no UI.
build-tsan: deps-run
	@[ -f $(TSAN_BUILD)/build.ninja ] || $(MESON) setup $(TSAN_BUILD) -Dui=false \
	  -Db_sanitize=thread -Db_lundef=false
	$(MESON) compile -C $(TSAN_BUILD)

# meson names each setup's log meson-logs/testlog-SETUP.json, beside the
# plain run's testlog.json; `make check` sums up all four.
MESON_TEST := $(XVFB_RUN) $(MESON) test --print-errorlogs --num-processes 2

test: build deps-test
	$(MESON_TEST) -C $(BUILD) $(TEST_ARGS)

test-asan: build-asan deps-test
	$(MESON_TEST) -C $(ASAN_BUILD) --setup asan

test-tsan: build-tsan deps-test
	$(MESON_TEST) -C $(TSAN_BUILD) --setup tsan --suite engine

# One end-to-end run of the real app under valgrind's memcheck, in the plain
# build.
valgrind: build deps-test
	$(MESON_TEST) -C $(BUILD) --setup valgrind test-e2e-kill

# The end-to-end tests (suite e2e) run once, under ASan; the plain build
# runs the rest, the installed app's and Orca's tests among them.
check: deps-test
	$(MAKE) test TEST_ARGS="--no-suite e2e"
	$(MAKE) test-asan
	$(MAKE) test-tsan
	$(MAKE) valgrind
	@python3 tests/summarize.py $(BUILD)/meson-logs/testlog.json \
	  $(ASAN_BUILD)/meson-logs/testlog-asan.json $(TSAN_BUILD)/meson-logs/testlog-tsan.json \
	  $(BUILD)/meson-logs/testlog-valgrind.json

# Every libFuzzer harness of tests/fuzz under ASan and UBSan, FUZZ_SECONDS
# each (FUZZ_JOBS=2: two at a time), in $(FUZZ_BUILD): corpus/, artifacts/,
# logs/. Fails when any harness finds something; keep what it found in
# tests/fuzz/regressions/<harness>/, which `make check` replays.
fuzz: deps-run
	$(call install_missing,$(FUZZ_PACKAGES))
	FUZZ_BUILD=$(CURDIR)/$(FUZZ_BUILD) tests/fuzz/run-fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD)
