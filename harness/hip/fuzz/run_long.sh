#!/bin/sh
# The once-off long run of fuzz_fatbin.py (README.md: figures): builds
# runtime/hip-api/Inputs/fuzz_target.hip with clang-19 and clang-22 for both gfx1200 and
# gfx1201, and runs MUTANTS (default 5000) mutants of each code object (4 x MUTANTS in
# all), seeded long-<clang>-<arch>. Crashing or hanging mutants are kept in WORK/keep-*.
#
#   harness/hip/fuzz/run_long.sh [BUILD_DIR [MUTANTS [WORK]]]
#
# Exit status 0 when no run found a crash or a hang, 1 otherwise, 2 if a build failed.
set -u
here=$(cd "$(dirname "$0")" && pwd)
root=$(cd "$here/../../.." && pwd)
build=${1:-$root/build}
mutants=${2:-5000}
work=${3:-/tmp/fuzz-fatbin-long}
mkdir -p "$work" || exit 2
status=0
for v in 19 22; do
  clang=/usr/lib/llvm-$v/bin/clang++
  [ -x "$clang" ] || { echo "run_long: $clang missing: skipped"; continue; }
  prog=$work/fuzz_target.clang$v
  python3 "$root/harness/conformance/hipcc.py" --device emu --build-dir "$build" --link-reference \
    --clang "$clang" -O2 "$root/runtime/hip-api/Inputs/fuzz_target.hip" -o "$prog" || exit 2
  for arch in gfx1201 gfx1200; do
    python3 "$here/fuzz_fatbin.py" "$prog" --arch $arch --mutants "$mutants" \
      --seed long-$v-$arch --timeout 60 --quiet --keep "$work/keep-$v-$arch" || status=1
  done
done
exit $status
