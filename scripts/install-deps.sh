#!/bin/sh
# Installs the Debian packages a make target needs, when they are missing and
# this is a root shell on Debian/Ubuntu; otherwise prints what is missing and
# carries on (everything optional is skipped by the suites themselves).
#   install-deps.sh test    GoogleTest, pkg-config, clang + libFuzzer runtime, RapidJSON
#   install-deps.sh bench   the C++ peers packaged by Debian (simdjson, yyjson and
#                           glaze are built from pinned sources by bench/CMakeLists.txt)
#   install-deps.sh arm64   the AArch64 cross-compiler and qemu-user, for the NEON
#                           kernel's tests (make test-arm64)
#   install-deps.sh libcxx  clang 19 and libc++ 19, for make test-libcxx and the
#                           benchmark's clang runner
set -u
want=""
case "${1:-test}" in
  test)  pkgs="libgtest-dev cmake ninja-build pkg-config clang libclang-rt-14-dev rapidjson-dev" ;;
  bench) pkgs="rapidjson-dev nlohmann-json3-dev libboost-json1.81-dev" ;;
  arm64) pkgs="g++-aarch64-linux-gnu qemu-user libgtest-dev" ;;
  libcxx) pkgs="clang-19 libc++-19-dev libc++abi-19-dev libgtest-dev" ;;
  *) echo "install-deps.sh: unknown set '$1'" >&2; exit 2 ;;
esac
for p in $pkgs; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || want="$want $p"
done
[ -z "$want" ] && exit 0
if [ "$(id -u)" = 0 ] && command -v apt-get >/dev/null 2>&1; then
  echo "installing:$want"
  if ! DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $want >/dev/null 2>&1; then
    apt-get update -qq >/dev/null 2>&1 || true
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $want >/dev/null 2>&1 ||
      echo "note: could not install:$want (suites that need them will skip)"
  fi
else
  echo "note: missing packages:$want (not root or not Debian; suites that need them will skip)"
fi
exit 0
