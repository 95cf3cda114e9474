# fuzz/fuzz.mk - fuzzing and thread-safety targets, included by the Makefile.
#
#   make fuzz             builds the libFuzzer targets with clang in build/fuzz,
#                         replays fuzz/regressions/ and the seed corpora, then runs
#                         each target for FUZZ_SECONDS (default 60) under ASan+UBSan;
#                         any finding fails (its input lands in build/fuzz/findings/)
#   make test-fuzz-short  the CI pass (part of `make test`): the same with 10 s per
#                         target; without clang/libFuzzer it replays the regressions
#                         with the default compiler and skips the fuzzing
#   make test-tsan        tests/conformance/threads_test.cpp, the Parallel, ParallelStream and TypedParallel suites under
#                         ThreadSanitizer (build/tsan);
#                         skipped with a message when TSan cannot build or run here
FUZZ_SECONDS ?= 60
FUZZ_TARGETS := parse_fuzzer roundtrip_fuzzer fixed_buffer_fuzzer typed_fuzzer typed_ndjson_fuzzer mutable_fuzzer documents_fuzzer writer_fuzzer patch_fuzzer stream_fuzzer visit_fuzzer index_fuzzer query_fuzzer regex_fuzzer
FUZZ_CXX ?= clang++
FUZZ_CC ?= clang
FUZZ_BUILD := build/fuzz
FUZZ_REPLAY_BUILD := build/fuzz-replay
TSAN_BUILD := build/tsan
# The files of the suites test-tsan runs (its --gtest_filter), and the
# allocation counter they use, built alone.
TSAN_TEST_FILES := core/alloc_counter_test.cpp;conformance/threads_test.cpp;multi/parallel_test.cpp;multi/parallel_stream_test.cpp;typed/typed_parallel_test.cpp;typed/typed_parallel_stream_test.cpp
# Seeds larger than this stay out of libFuzzer runs (they slow every mutation);
# the replay tests still run every file.
FUZZ_SEED_MAX ?= 65536

# Succeeds when $(FUZZ_CXX) can link a libFuzzer target with ASan+UBSan.
fuzz_probe = mkdir -p build && printf 'extern "C" int LLVMFuzzerTestOneInput(const unsigned char*, unsigned long) { return 0; }\n' \
  | $(FUZZ_CXX) -x c++ -fsanitize=fuzzer,address,undefined -o build/.fuzz_probe - >/dev/null 2>&1

TEST_EXTRA += test-fuzz-short test-tsan
.PHONY: fuzz fuzz-build fuzz-replay test-fuzz-short test-tsan

fuzz-build:
	@$(fuzz_probe) || { echo "make fuzz: $(FUZZ_CXX) with libFuzzer is needed (apt-get install clang libclang-rt-14-dev)"; exit 1; }
	CC=$(FUZZ_CC) CXX=$(FUZZ_CXX) $(CMAKE) -S . -B $(FUZZ_BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	  -DCMAKE_CXX_COMPILER=$(FUZZ_CXX) -DJOT_BUILD_FUZZ=ON -DJOT_BUILD_TESTS=OFF -DJOT_BUILD_TOOLS=OFF \
	  -DJOT_SANITIZE=address,undefined
	$(CMAKE) --build $(FUZZ_BUILD) -j $(JOBS)

# Each target starts from its own growing corpus, the small seeds and the
# regressions; new inputs go only into build/fuzz/corpus (never the source tree).
fuzz: fuzz-build
	cd $(FUZZ_BUILD)/fuzz && ASAN_OPTIONS=detect_leaks=1 ctest $(CTEST_FLAGS)
	sh fuzz/make_seed_corpus.sh $(FUZZ_BUILD)/seeds-small $(FUZZ_SEED_MAX)
	@set -e; for t in $(FUZZ_TARGETS); do \
	  mkdir -p $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/findings; \
	  echo "== $$t: $(FUZZ_SECONDS) s"; \
	  ASAN_OPTIONS=detect_leaks=1 UBSAN_OPTIONS=print_stacktrace=1 $(FUZZ_BUILD)/fuzz/$$t \
	    -max_total_time=$(FUZZ_SECONDS) -timeout=10 -rss_limit_mb=2048 -print_final_stats=1 \
	    -dict=fuzz/json.dict -artifact_prefix=$(FUZZ_BUILD)/findings/$$t- \
	    $(FUZZ_BUILD)/corpus/$$t $(FUZZ_BUILD)/seeds-small/$$t fuzz/regressions/$$t \
	  || { echo "make fuzz: $$t found a bug: input in $(FUZZ_BUILD)/findings/; add it to fuzz/regressions/$$t/"; exit 1; }; \
	done
	@echo "make fuzz: no findings"

# Regressions with whatever compiler is the default, for machines without clang.
fuzz-replay:
	$(CMAKE) -S . -B $(FUZZ_REPLAY_BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo -DJOT_BUILD_FUZZ=ON \
	  -DJOT_BUILD_TESTS=OFF -DJOT_BUILD_TOOLS=OFF -DJOT_SANITIZE=address,undefined
	$(CMAKE) --build $(FUZZ_REPLAY_BUILD) -j $(JOBS)
	cd $(FUZZ_REPLAY_BUILD)/fuzz && ctest $(CTEST_FLAGS)

test-fuzz-short: deps
	@if $(fuzz_probe); then $(MAKE) --no-print-directory fuzz FUZZ_SECONDS=10; \
	else echo "test-fuzz-short: SKIPPED fuzzing: $(FUZZ_CXX) with libFuzzer not found (install clang libclang-rt-14-dev); replaying regressions only"; \
	  $(MAKE) --no-print-directory fuzz-replay; fi

# TSan needs a compiler with its runtime and a kernel it can map memory on;
# the probe runs a threaded program to find out.
TSAN_CXX ?= c++
tsan_probe = mkdir -p build && printf '\#include <thread>\nint main() { int x = 0; std::thread t([&] { x = 1; }); t.join(); return x - 1; }\n' \
  | $(TSAN_CXX) -x c++ -std=c++20 -pthread -fsanitize=thread -o build/.tsan_probe - >/dev/null 2>&1 && build/.tsan_probe >/dev/null 2>&1

test-tsan: deps
	@if $(tsan_probe); then \
	  set -e; \
	  CXX=$(TSAN_CXX) $(CMAKE) -S . -B $(TSAN_BUILD) $(GENERATOR) -DCMAKE_BUILD_TYPE=RelWithDebInfo \
	    -DCMAKE_CXX_COMPILER=$(TSAN_CXX) -DJOT_SANITIZE=thread -DJOT_BUILD_TESTS=ON -DJOT_BUILD_TOOLS=OFF \
	    "-DJOT_TEST_ONLY=$(TSAN_TEST_FILES)"; \
	  $(CMAKE) --build $(TSAN_BUILD) -j $(JOBS) --target jot_tests; \
	  TSAN_OPTIONS="halt_on_error=1 second_deadlock_stack=1" $(TSAN_BUILD)/tests/jot_tests --gtest_filter='Threads.*:*TypedParallel*:Parallel.*:ParallelStream.*'; \
	else echo "test-tsan: SKIPPED: ThreadSanitizer cannot build or run here with $(TSAN_CXX)"; fi
