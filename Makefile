# jot's everyday commands. `make test` is what CI runs (.ci/run).
#   make              release build of the library and the CLI into build/release
#   make test         every test: release, ASan+UBSan, -fno-exceptions -fno-rtti, clang 19
#                     with libc++, the NEON kernel cross-built for AArch64 under qemu-user,
#                     and the extra suites that bench/ and fuzz/ register in TEST_EXTRA
#   make bench        the benchmark suite (bench/bench.mk)
#   make fuzz         the fuzzers (fuzz/fuzz.mk)

JOBS ?= $(shell nproc 2>/dev/null || echo 2)
CMAKE ?= cmake
GENERATOR := $(shell command -v ninja >/dev/null 2>&1 && echo "-G Ninja")
CTEST_FLAGS ?= --output-on-failure -j $(JOBS)

.PHONY: all release test test-release test-sanitize test-noexcept test-libcxx test-arm64 deps clean
all: release

release:
	$(CMAKE) -S . -B build/release $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_TESTS=OFF -DJOT_BUILD_BENCH=OFF
	$(CMAKE) --build build/release -j $(JOBS)

# Installs what the tests need when it is missing and we may (root on Debian/Ubuntu).
deps:
	@sh scripts/install-deps.sh test

test-release: deps
	$(CMAKE) -S . -B build/release $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_TESTS=ON -DJOT_BUILD_BENCH=OFF
	$(CMAKE) --build build/release -j $(JOBS)
	cd build/release && ctest $(CTEST_FLAGS)

test-sanitize: deps
	$(CMAKE) -S . -B build/asan $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJOT_SANITIZE=address,undefined
	$(CMAKE) --build build/asan -j $(JOBS)
	cd build/asan && ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 ctest $(CTEST_FLAGS)

# Its consumption suite is the release suite's: the packaged library does not
# change with the consumer's flags, and this build already compiles every
# public header without exceptions or RTTI.
test-noexcept: deps
	$(CMAKE) -S . -B build/noexcept $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DJOT_NO_EXCEPTIONS=ON
	$(CMAKE) --build build/noexcept -j $(JOBS)
	cd build/noexcept && ctest $(CTEST_FLAGS) -E '^consumption[.]'

# clang 19 with LLVM's libc++ 19 (cmake/clang19-libcxx.cmake): the release
# build and its tests, as a macOS, Android or libc++ user on Linux builds jot
# (Debian's clang-19, libc++-19-dev and libc++abi-19-dev, installed when
# missing and we may). The packaging suites run with the default toolchain only.
test-libcxx:
	@sh scripts/install-deps.sh libcxx
	@if sh scripts/have-libcxx.sh; then \
	  $(CMAKE) -S . -B build/libcxx $(GENERATOR) -DCMAKE_TOOLCHAIN_FILE=cmake/clang19-libcxx.cmake \
	    -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_TESTS=ON -DJOT_BUILD_BENCH=OFF && \
	  $(CMAKE) --build build/libcxx -j $(JOBS) && \
	  cd build/libcxx && ctest $(CTEST_FLAGS) -E '^consumption[.]'; \
	else echo "test-libcxx: skipped (clang++-19 cannot build with libc++ here: apt-get install clang-19 libc++-19-dev libc++abi-19-dev)"; fi

# The NEON kernel: the library and its tests cross-built for AArch64 and run
# under qemu-user (Debian's g++-aarch64-linux-gnu and qemu-user, installed
# when missing and we may), with the fuzz targets' replays (parse_fuzzer checks
# the chosen kernel against portable). The CLI and packaging suites run
# natively only.
test-arm64:
	@sh scripts/install-deps.sh arm64
	@if command -v aarch64-linux-gnu-g++ >/dev/null 2>&1 && command -v qemu-aarch64 >/dev/null 2>&1; then \
	  $(CMAKE) -S . -B build/arm64 $(GENERATOR) -DCMAKE_TOOLCHAIN_FILE=cmake/aarch64-linux-gnu.cmake \
	    -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_TESTS=ON -DJOT_BUILD_BENCH=OFF -DJOT_BUILD_TOOLS=OFF \
	    -DJOT_BUILD_FUZZ=ON && \
	  $(CMAKE) --build build/arm64 -j $(JOBS) && \
	  cd build/arm64 && ctest $(CTEST_FLAGS) -E '^consumption[.]'; \
	else echo "test-arm64: skipped (no aarch64-linux-gnu-g++ or qemu-aarch64; the NEON kernel is untested)"; fi

TEST_EXTRA :=
-include bench/bench.mk
-include fuzz/fuzz.mk

test: test-release test-sanitize test-noexcept test-libcxx test-arm64 $(TEST_EXTRA)
	@echo "make test: all suites passed"

clean:
	rm -rf build
