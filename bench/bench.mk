# The benchmark suite (docs/benchmarks.md), included by the top-level Makefile.
#   make bench         every workload against every available peer; writes
#                      build/release/bench/results.{json,md} and one SVG per workload
#   make bench-quick   the same with shorter repetitions (under a minute once built)
#   make bench-ab      jot at BASE (default HEAD) against the working tree, alternated in one
#                      process (bench/ab/run.sh); not in `make test`
#   make bench-compile compile time and object size of each C++ library's typed
#                      OpenRTB decoder + encoder (bench/typed/compile_cost.py); not in `make test`
# Builds (C++ in build/release, Rust with cargo, Go with go build) happen before
# anything is timed. A missing peer, cargo or go is skipped with a note.

BENCH_BUILD ?= build/release
BENCH_CMAKE_ARGS ?=

.PHONY: bench bench-quick bench-build bench-compile

bench-build:
	@sh scripts/install-deps.sh bench
	$(CMAKE) -S . -B $(BENCH_BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=Release -DJOT_BUILD_BENCH=ON $(BENCH_CMAKE_ARGS)
	$(CMAKE) --build $(BENCH_BUILD) --target jot_bench -j $(JOBS)
	@sh bench/build-peers.sh

bench: bench-build
	@sh bench/run.sh full $(BENCH_BUILD)/bench

bench-quick: bench-build
	@sh bench/run.sh quick $(BENCH_BUILD)/bench

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
# inputs. A few seconds; in `make test`.
TEST_EXTRA += test-bench-scripts
.PHONY: test-bench-scripts
test-bench-scripts:
	@if command -v python3 >/dev/null 2>&1; then python3 bench/scripts_test.py; \
	else echo "test-bench-scripts: skipped (no python3)"; fi
