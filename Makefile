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
	libglib2.0-dev libglib2.0-dev-bin libgtk-4-dev libadwaita-1-dev libsqlite3-dev \
	desktop-file-utils appstream \
	fonts-cantarell fonts-dejavu-core adwaita-icon-theme hicolor-icon-theme librsvg2-common

# What the headless tests need on top (see ../shared/TESTING.md).
TEST_PACKAGES := \
	xvfb xauth dbus dbus-x11 at-spi2-core \
	python3 python3-gi python3-dogtail python3-pyatspi \
	poppler-utils imagemagick xdotool \
	groff-base flatpak-builder valgrind

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

# The settings schema is compiled into the build tree, not installed.
run: build
	GSETTINGS_SCHEMA_DIR=$(BUILD)/data $(BUILD)/src/ui/nonet

# The whole suite again under AddressSanitizer and UBSan, the GUI and
# end-to-end tests included (the tests that install the app install this
# build). A directory set up by an older Makefile with -Dui=false is turned
# back on.
build-asan: deps-run
	@[ -f $(ASAN_BUILD)/build.ninja ] || $(MESON) setup $(ASAN_BUILD) \
	  -Db_sanitize=address,undefined -Db_lundef=false
	@if grep -q '"name": "ui", "value": false' $(ASAN_BUILD)/meson-info/intro-buildoptions.json; then \
	  $(MESON) configure $(ASAN_BUILD) -Dui=true; fi
	$(MESON) compile -C $(ASAN_BUILD)

test: build
	$(XVFB_RUN) $(MESON) test -C $(BUILD) --print-errorlogs --num-processes 2

# No GL: Mesa leaks at exit in ways no suppression can name, and unwinding
# through it can hang. Leaks are checked (detect_leaks=1); tests/meson.build
# points LSAN_OPTIONS at tests/lsan.supp, which names third-party libraries
# only, and adds full unwinding for the GTK tests and the app. The python
# drivers pass their environment on to the app they start. A finding exits
# with 86, not 1: a test that expects the CLI to fail with 1 on bad input
# must not take a leak on that path for the failure it wanted.
# NONET_E2E_TIMEOUT_SCALE stretches the end-to-end tests' own waits for the
# slower app.
ASAN_ENV := GDK_DEBUG=gl-disable GSK_RENDERER=cairo \
	ASAN_OPTIONS=detect_leaks=1:exitcode=86 \
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1:exitcode=86 \
	NONET_E2E_TIMEOUT_SCALE=4

test-asan: build-asan deps-test
	$(ASAN_ENV) $(XVFB_RUN) $(MESON) test -C $(ASAN_BUILD) --print-errorlogs --num-processes 2 \
	  --timeout-multiplier 4

# The engine's worker threads under ThreadSanitizer. GSlice's magazines
# look racy to TSan (GLib is not instrumented): plain malloc instead.
build-tsan: deps-run
	@[ -f $(TSAN_BUILD)/build.ninja ] || $(MESON) setup $(TSAN_BUILD) -Dui=false \
	  -Db_sanitize=thread -Db_lundef=false
	$(MESON) compile -C $(TSAN_BUILD)

test-tsan: build-tsan
	G_SLICE=always-malloc \
	TSAN_OPTIONS=halt_on_error=1:second_deadlock_stack=1:suppressions=$(CURDIR)/tests/tsan.supp \
	$(MESON) test -C $(TSAN_BUILD) --suite engine --print-errorlogs --num-processes 2 --timeout-multiplier 3

# valgrind's memcheck over one end-to-end run of the real app (the plain
# build): test-e2e-kill plays, is killed, resumes the game and quits, and
# waits on nothing that goes away by itself (a toast can, in an app this
# slow). No GL (as under ASan), GLib's, GTK's and our suppressions, plain
# malloc for GSlice. Any error, a definite leak included, makes the app exit
# with 99 and so fails the test (which checks its status on Ctrl+Q); errors
# of the run that is killed fail the target from its log. The test's log is
# valgrind.json beside testlog.json, which it leaves alone.
VALGRIND_SUPP := $(wildcard /usr/share/glib-2.0/valgrind/glib.supp /usr/share/gtk-4.0/valgrind/gtk.supp) \
	$(CURDIR)/tests/valgrind.supp
VALGRIND_LOG := $(BUILD)/meson-logs/valgrind-app
valgrind: build deps-test
	rm -f $(VALGRIND_LOG).*
	GDK_DEBUG=gl-disable GSK_RENDERER=cairo G_SLICE=always-malloc NONET_E2E_TIMEOUT_SCALE=20 \
	NONET_APP_WRAPPER="valgrind --tool=memcheck --leak-check=full --show-leak-kinds=definite \
	  --errors-for-leak-kinds=definite --error-exitcode=99 --num-callers=40 \
	  $(foreach f,$(VALGRIND_SUPP),--suppressions=$(f)) --log-file=$(CURDIR)/$(VALGRIND_LOG).%p.log" \
	$(XVFB_RUN) $(MESON) test -C $(BUILD) test-e2e-kill --logbase valgrind --print-errorlogs \
	  --timeout-multiplier 10; \
	status=$$?; grep -H -E 'definitely lost|indirectly lost|possibly lost|ERROR SUMMARY' $(VALGRIND_LOG).*.log; \
	if grep -H -E '== (Invalid|Conditional jump|Use of uninitialised|Syscall param|Mismatched|Source and destination)' \
	  $(VALGRIND_LOG).*.log; then echo 'valgrind: errors (above) in a run that was killed'; exit 1; fi; \
	exit $$status

check: deps-test
	$(MAKE) test
	$(MAKE) test-asan
	$(MAKE) test-tsan
	$(MAKE) valgrind
	@/usr/bin/python3 tests/summarize.py $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) \
	  $(BUILD)/meson-logs/valgrind.json

# Every libFuzzer harness of tests/fuzz under ASan and UBSan, FUZZ_SECONDS
# each (FUZZ_JOBS=2: two at a time), in $(FUZZ_BUILD): corpus/, artifacts/,
# logs/. Fails when any harness finds something; keep what it found in
# tests/fuzz/regressions/<harness>/, which `make check` replays.
fuzz: deps-run
	$(call install_missing,$(FUZZ_PACKAGES))
	FUZZ_BUILD=$(CURDIR)/$(FUZZ_BUILD) tests/fuzz/run-fuzz.sh $(FUZZ_SECONDS)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD) $(FUZZ_BUILD)
