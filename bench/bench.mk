# The benchmark suite (docs/benchmarks.md), included by the top-level Makefile.
#   make bench         every workload against every available peer, with two C++
#                      runners (GCC in build/release, clang 19 + libc++ 19 in
#                      build/release-clang); writes build/release/bench/results.{json,md}
#                      and one SVG per workload
#   make bench-quick   the same with shorter repetitions (a few minutes once built)
#   make bench-ab      jot at BASE (default HEAD) against the working tree, alternated in one
#                      process (bench/ab/run.sh); not in `make test`
#   make bench-compile compile time and object size of each C++ library's typed
#                      OpenRTB decoder + encoder (bench/typed/compile_cost.py); not in `make test`
# Builds (both C++ runners, Rust with cargo, Go with go build) happen before
# anything is timed. A missing peer, clang 19 with libc++, cargo or go is
# skipped with a note.

BENCH_BUILD ?= build/release
BENCH_CLANG_BUILD ?= build/release-clang
BENCH_CMAKE_ARGS ?=

.PHONY: bench bench-quick bench-build bench-build-clang bench-compile

# One build after the other: the machines have two cores.
bench-build:
	@sh scripts/install-deps.sh bench
	$(CMAKE) -S . -B $(BENCH_BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_BENCH=ON $(BENCH_CMAKE_ARGS)
	$(CMAKE) --build $(BENCH_BUILD) --target jot_bench jot_cli -j $(JOBS)
	@$(MAKE) --no-print-directory bench-build-clang
	@sh bench/build-peers.sh

# The second C++ runner: jot and the C++ peers built by clang 19 with libc++ 19
# (cmake/clang19-libcxx.cmake), in a build directory of its own, so that no
# object built against one standard library meets the other's. Its glaze is
# 8.1.0 (bench/CMakeLists.txt). Where clang++-19 cannot build with libc++ it is
# skipped with a note, and an old runner left in that directory is removed so
# that bench/run.sh does not run it.
bench-build-clang:
	@sh scripts/install-deps.sh bench
	@sh scripts/install-deps.sh libcxx
	@if sh scripts/have-libcxx.sh; then \
	  $(CMAKE) -S . -B $(BENCH_CLANG_BUILD) $(GENERATOR) -DCMAKE_TOOLCHAIN_FILE=cmake/clang19-libcxx.cmake \
	    -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_BENCH=ON -DJOT_BUILD_TESTS=OFF $(BENCH_CMAKE_ARGS) && \
	  $(CMAKE) --build $(BENCH_CLANG_BUILD) --target jot_bench -j $(JOBS); \
	else \
	  rm -f $(BENCH_CLANG_BUILD)/bench/jot_bench; \
	  echo "note: clang++-19 cannot build with libc++ here (apt-get install clang-19 libc++-19-dev libc++abi-19-dev); the clang runner's rows are skipped"; \
	fi

bench: bench-build
	@sh bench/run.sh full $(BENCH_BUILD)/bench $(BENCH_CLANG_BUILD)/bench

bench-quick: bench-build
	@sh bench/run.sh quick $(BENCH_BUILD)/bench $(BENCH_CLANG_BUILD)/bench

# Configures the bench build (for its compile_commands.json) and builds libjot
# (for the check that jot's typed unit links); compiles nothing else.
bench-compile:
	@sh scripts/install-deps.sh bench
	$(CMAKE) -S . -B $(BENCH_BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_BENCH=ON $(BENCH_CMAKE_ARGS)
	$(CMAKE) --build $(BENCH_BUILD) --target jot -j $(JOBS)
	python3 bench/typed/compile_cost.py --build $(BENCH_BUILD)

# jot at BASE (a git revision; default HEAD) against the working tree, alternated
# in one process (bench/ab/run.sh): the ratio a change makes, on a noisy machine.
BASE ?= HEAD
.PHONY: bench-ab
bench-ab:
	@sh bench/ab/run.sh $(BASE)

# The benchmark's Python scripts (bench/scripts_test.py): the keys-shuffled
# inputs and the report's per-build ratios. A few seconds; in `make test`.
TEST_EXTRA += test-bench-scripts
.PHONY: test-bench-scripts
test-bench-scripts:
	@if command -v python3 >/dev/null 2>&1; then python3 bench/scripts_test.py; \
	else echo "test-bench-scripts: skipped (no python3)"; fi
