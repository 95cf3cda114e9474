# clang 19 with LLVM's standard library, libc++ 19 (Debian 12's clang-19,
# libc++-19-dev and libc++abi-19-dev): the toolchain of macOS, Android and
# many clang users, built and tested by `make test-libcxx`. Not a cross build.
set(CMAKE_C_COMPILER clang-19)
set(CMAKE_CXX_COMPILER clang++-19)
set(CMAKE_CXX_FLAGS_INIT "-stdlib=libc++")
set(CMAKE_EXE_LINKER_FLAGS_INIT "-stdlib=libc++")
set(CMAKE_SHARED_LINKER_FLAGS_INIT "-stdlib=libc++")
set(CMAKE_MODULE_LINKER_FLAGS_INIT "-stdlib=libc++")
