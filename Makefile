# photolib: `make demo` and `make test` do all the set-up on a fresh Debian 12 machine with Swift.
PREFIX ?= /usr/local
SWIFT ?= swift
BUILD_FLAGS ?= -c release
# WERROR=1 (as .ci/run sets it) makes every Swift warning an error, in the release build and
# the tests' build alike. Swift's only: -Xswiftc reaches neither the C targets' compiler nor
# the linker, whose mktemp warning from Foundation's static libraries is not ours to fix.
WERROR ?=
SWIFT_WERROR := $(if $(filter 1,$(WERROR)),-Xswiftc -warnings-as-errors)
BIN := .build/release/photolib
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)

# Debian packages the build needs, and the pkg-config modules that show they are there.
BUILD_PACKAGES := pkg-config libexif-dev libturbojpeg0-dev libjpeg62-turbo-dev libsqlite3-dev libchafa-dev libglib2.0-dev \
  libheif-dev libpng-dev zlib1g-dev libwebp-dev libtiff-dev libraw-dev libpq-dev liblcms2-dev \
  libavformat-dev libavcodec-dev libswscale-dev libavutil-dev libgif-dev libmicrohttpd-dev
PKG_MODULES := libexif libturbojpeg libjpeg sqlite3 chafa libheif libpng zlib libwebp libwebpdemux libtiff-4 libraw_r libpq \
  lcms2 libavformat libavcodec libswscale libavutil libgif libmicrohttpd
# The server the PostgreSQL catalog tests start on loopback (Scripts/pg-test-cluster); without it,
# and without the right to install it, those tests skip with a message.
# FFmpeg's command-line tool makes the tests' video fixtures; Chromium, its driver and Selenium
# drive the browser tests of `serve`; ImageMagick, exiftool and img2webp make the GIF, BMP, PSD
# and animated WebP fixtures and read them as oracles. Each test skips with a message when its
# tool is absent.
TEST_PACKAGES := postgresql ffmpeg chromium chromium-driver python3-selenium libvips-tools libheif-examples colord-data icc-profiles-free libgs-common imagemagick libimage-exiftool-perl webp bindfs
# Tools only the benchmarks compare against.
BENCH_PACKAGES := ffmpeg ffmpegthumbnailer imagemagick libimage-exiftool-perl libvips-tools libjpeg-turbo-progs hyperfine time libheif-examples heif-thumbnailer libraw-bin webp bc rsync fdupes xxhash wrk

# The Swift files swift-format checks (.swift-format is its configuration).
SWIFT_FILES := Package.swift Sources Tests Fuzzing/Package.swift Fuzzing/Sources

.PHONY: all deps test-deps bench-deps build test lint format test-sanitize fuzz demo install uninstall bench clean man

all: build

deps:
	@if command -v pkg-config >/dev/null 2>&1 && pkg-config --exists $(PKG_MODULES); then \
	  echo "deps: all present ($(PKG_MODULES))"; \
	else \
	  echo "deps: installing $(BUILD_PACKAGES)"; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(BUILD_PACKAGES); \
	fi

# Debian's postgresql package would otherwise create (and, where allowed, start) a `main`
# cluster on port 5432: a server left running by `make test`. The drop-in, read through the
# stock createcluster.conf's include_dir, stops that without editing a conffile.
test-deps:
	@missing=""; \
	{ ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || command -v initdb >/dev/null 2>&1; } || missing="$$missing postgresql"; \
	command -v ffmpeg >/dev/null 2>&1 || missing="$$missing ffmpeg"; \
	command -v chromium >/dev/null 2>&1 || missing="$$missing chromium"; \
	command -v chromedriver >/dev/null 2>&1 || missing="$$missing chromium-driver"; \
	/usr/bin/python3 -c 'import selenium' >/dev/null 2>&1 || missing="$$missing python3-selenium"; \
	command -v vipsthumbnail >/dev/null 2>&1 || missing="$$missing libvips-tools"; \
	command -v heif-enc >/dev/null 2>&1 || missing="$$missing libheif-examples"; \
	[ -e /usr/share/color/icc/colord/AdobeRGB1998.icc ] || missing="$$missing colord-data"; \
	[ -e /usr/share/color/icc/Gray-CIE_L.icc ] || missing="$$missing icc-profiles-free"; \
	[ -e /usr/share/color/icc/ghostscript/default_cmyk.icc ] || missing="$$missing libgs-common"; \
	command -v identify >/dev/null 2>&1 || missing="$$missing imagemagick"; \
	command -v exiftool >/dev/null 2>&1 || missing="$$missing libimage-exiftool-perl"; \
	command -v img2webp >/dev/null 2>&1 || missing="$$missing webp"; \
	command -v bindfs >/dev/null 2>&1 || missing="$$missing bindfs"; \
	if [ -z "$$missing" ]; then \
	  echo "test-deps: all present ($(TEST_PACKAGES))"; \
	elif [ "$$(id -u)" = 0 ] || sudo -n true 2>/dev/null; then \
	  echo "test-deps: installing$$missing (no main cluster: the tests start their own)"; \
	  $(SUDO) mkdir -p /etc/postgresql-common/createcluster.d && \
	  echo 'create_main_cluster = false' | $(SUDO) tee /etc/postgresql-common/createcluster.d/photolib-no-main-cluster.conf >/dev/null; \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq --no-install-recommends $$missing \
	    || echo "test-deps: could not install$$missing: the tests that need them will skip"; \
	else \
	  echo "test-deps: no right to install$$missing: the tests that need them will skip"; \
	fi

bench-deps: deps
	@if command -v exiftool >/dev/null && command -v vipsthumbnail >/dev/null && command -v heif-thumbnailer >/dev/null && command -v dcraw_emu >/dev/null && command -v bc >/dev/null && command -v rsync >/dev/null && command -v fdupes >/dev/null && command -v xxhsum >/dev/null && command -v wrk >/dev/null && command -v djpeg >/dev/null && command -v hyperfine >/dev/null && [ -x /usr/bin/time ]; then \
	  echo "bench-deps: all present"; \
	else \
	  $(SUDO) apt-get update -qq && DEBIAN_FRONTEND=noninteractive $(SUDO) apt-get install -y -qq $(BENCH_PACKAGES); \
	fi

build: deps
	$(SWIFT) build $(BUILD_FLAGS) $(SWIFT_WERROR)

# Two runs: every suite but the kill and concurrency ones, in parallel; then those alone,
# one after another (ReliabilityTests is serialized). They start hundreds of processes and
# draw kill delays from measured run times, so beside the rest they would slow it and blur
# their own timings.
test: build test-deps
	$(SWIFT) build --build-tests $(SWIFT_WERROR)
	$(SWIFT) test --skip-build --skip ReliabilityTests
	$(SWIFT) test --skip-build --filter ReliabilityTests

# Fails on any formatting finding, on a C module imported outside the target that owns it,
# and on core code that reads the environment, terminal or working directory, prints or exits.
lint:
	$(SWIFT) format lint --strict --recursive --parallel $(SWIFT_FILES)
	Scripts/check-c-imports
	Scripts/check-core-purity

format:
	$(SWIFT) format --in-place --recursive --parallel $(SWIFT_FILES)

# The whole suite under AddressSanitizer, then ThreadSanitizer, each in its own scratch
# path so that neither fights the normal build.
test-sanitize: deps
	LSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/lsan-suppressions.txt \
	  $(SWIFT) test --sanitize=address --scratch-path .build/asan
	TSAN_OPTIONS=suppressions=$(CURDIR)/Scripts/tsan-suppressions.txt \
	  $(SWIFT) test --sanitize=thread --scratch-path .build/tsan

# libFuzzer targets under AddressSanitizer (Fuzzing/): TARGET=all|markers|exif|xmp|iptc|decode, SECONDS each.
fuzz: deps
	Scripts/fuzz $(or $(TARGET),all) $(or $(SECONDS),600)

demo: build
	@Scripts/demo $(BIN)

install: build
	install -d $(DESTDIR)$(PREFIX)/bin $(DESTDIR)$(PREFIX)/share/man/man1 $(DESTDIR)$(PREFIX)/share/photolib
	install -m 755 $(BIN) $(DESTDIR)$(PREFIX)/bin/photolib
	install -m 644 man/photolib.1 $(DESTDIR)$(PREFIX)/share/man/man1/photolib.1
	@if [ -d Data ] && [ -n "$$(ls Data 2>/dev/null)" ]; then cp -R Data/. $(DESTDIR)$(PREFIX)/share/photolib/; fi

uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/photolib $(DESTDIR)$(PREFIX)/share/man/man1/photolib.1
	rm -rf $(DESTDIR)$(PREFIX)/share/photolib

bench: build bench-deps
	bench/index.sh $(BIN)
	bench/renditions.sh $(BIN)
	bench/peek.sh $(BIN)
	bench/places.sh $(BIN)
	bench/collections.sh $(BIN)
	bench/browse.sh $(BIN)
	bench/scale.sh 10000 $(BIN)
	bench/formats.sh $(BIN)
	bench/duplicates.sh $(BIN)
	bench/verify-deep.sh $(BIN)
	bench/serve.sh $(BIN)

man:
	man -l man/photolib.1

clean:
	rm -rf .build demo-library bordeaux-export.jpg
