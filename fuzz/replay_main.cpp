// fuzz/replay_main.cpp - runs a fuzz target's LLVMFuzzerTestOneInput over
// files and directories without libFuzzer, so every target also builds with
// any compiler and replays its corpus and fuzz/regressions/ as a normal test.
//
//   parse_fuzzer_replay [-flags ignored] path...
//
// Directories are walked recursively in sorted order. Exits 0 when every input
// ran, 77 (ctest's skip code here) when the paths held no input at all, and
// aborts with the input's name when a target finds something.
#include <algorithm>
#include <csignal>
#include <cstdint>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size);
// Present when built with a sanitizer: called before a sanitizer report exits.
extern "C" void __sanitizer_set_death_callback(void (*callback)(void)) __attribute__((weak));

namespace {

// Names the input that was running when a target aborts. A harness global,
// not library state.
const char* current_input = "";

extern "C" void name_input() {
  std::fprintf(stderr, "replay: finding while running %s\n", current_input);
}

extern "C" void name_input_and_abort(int sig) {
  name_input();
  std::signal(sig, SIG_DFL);
  std::raise(sig);
}

bool run_file(const std::filesystem::path& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) return false;
  std::vector<char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  // An exact-size heap copy, as libFuzzer passes it, so ASan catches reads
  // one past the end.
  std::unique_ptr<std::uint8_t[]> data(new std::uint8_t[bytes.size()]);
  std::copy(bytes.begin(), bytes.end(), data.get());
  std::string name = path.string();
  current_input = name.c_str();
  LLVMFuzzerTestOneInput(data.get(), bytes.size());
  current_input = "";
  return true;
}

}  // namespace

int main(int argc, char** argv) {
  std::signal(SIGABRT, name_input_and_abort);  // FUZZ_CHECK failures
  if (__sanitizer_set_death_callback) __sanitizer_set_death_callback(name_input);
  std::size_t ran = 0;
  for (int i = 1; i < argc; ++i) {
    if (argv[i][0] == '-') continue;  // libFuzzer-style flags mean nothing here
    std::filesystem::path root(argv[i]);
    std::error_code ec;
    std::vector<std::filesystem::path> files;
    if (std::filesystem::is_directory(root, ec)) {
      for (auto it = std::filesystem::recursive_directory_iterator(root, ec);
           !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec))
        if (it->is_regular_file(ec)) files.push_back(it->path());
      std::sort(files.begin(), files.end());
    } else if (std::filesystem::is_regular_file(root, ec)) {
      files.push_back(root);
    } else {
      std::fprintf(stderr, "replay: skipping %s: not found\n", argv[i]);
    }
    for (const auto& f : files) {
      if (f.filename().string()[0] == '.') continue;  // .gitkeep and the like
      if (run_file(f)) ++ran;
      else std::fprintf(stderr, "replay: cannot read %s\n", f.string().c_str());
    }
  }
  if (ran == 0) {
    std::printf("replay: no inputs found, skipping\n");
    return 77;
  }
  std::printf("replay: %zu inputs ran cleanly\n", ran);
  return 0;
}
