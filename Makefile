# Nonet: `make run` builds and launches the app, `make check` runs every test
# headless. Both install the Debian packages they need first (apt-get, through
# sudo when not root; nothing when all are present) and are safe to repeat.

BUILD      ?= build
ASAN_BUILD ?= build-asan
TSAN_BUILD ?= build-tsan
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
	groff-base flatpak-builder

XVFB_RUN := xvfb-run -a -s "-screen 0 1280x1024x24" dbus-run-session --

.PHONY: all run check deps-run deps-test build build-asan build-tsan test test-asan test-tsan clean

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

# Core, engine and CLI again under AddressSanitizer and UBSan.
build-asan: deps-run
	@[ -f $(ASAN_BUILD)/build.ninja ] || $(MESON) setup $(ASAN_BUILD) -Dui=false \
	  -Db_sanitize=address,undefined -Db_lundef=false
	$(MESON) compile -C $(ASAN_BUILD)

test: build
	$(XVFB_RUN) $(MESON) test -C $(BUILD) --print-errorlogs --num-processes 2

test-asan: build-asan
	UBSAN_OPTIONS=print_stacktrace=1:halt_on_error=1 \
	$(MESON) test -C $(ASAN_BUILD) --suite core --suite engine --suite cli --print-errorlogs --num-processes 2 --timeout-multiplier 3

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

check: deps-test
	$(MAKE) test
	$(MAKE) test-asan
	$(MAKE) test-tsan
	@/usr/bin/python3 tests/summarize.py $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD)

clean:
	rm -rf $(BUILD) $(ASAN_BUILD) $(TSAN_BUILD)
