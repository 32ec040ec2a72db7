#!/usr/bin/env bash
# The student's loop, timed (a benchmark, not a test): from a built tree, a kernel of Exercises 01,
# 04, 08 and 10 edited (a comment line appended, so the file's content changes), then
# `script/check NN` timed (wall clock: its build step, which finds nothing to build, and the tests);
# and the first check of one exercise in a fresh clone (configure + that exercise's build + its
# tests). The edits are undone afterwards. Prints one markdown row per measurement, with the load
# average before each run (other work on the machine slows every figure).
# --solved times the check of the exercise solved (the solution's files and kernels copied in, so every
# test runs to the end), else of the starter (which fails early). --crash (with --solved) then plants
# a write far past C in the matmul kernels (`C[i * N + j] = sum;` becomes `C[i * N + j + 400000000]
# = sum;`), which crashes PoCL's test program: the time to the crash's verdict.
#   checker/benchmark.sh [--fresh-clone] [--solved [--crash]] [EXERCISE...]   (default: 01 04 08 10)
set -euo pipefail
cd "$(dirname "$0")/.."
fresh=0
solved=0
crash=0
exercises=()
for arg in "$@"; do
  case "$arg" in
    --fresh-clone) fresh=1 ;;
    --solved) solved=1 ;;
    --crash) crash=1 ;;
    *) exercises+=("$arg") ;;
  esac
done
[ ${#exercises[@]} -gt 0 ] || exercises=(01 04 08 10)

load() { cut -d' ' -f1 /proc/loadavg; }
echo "| check | wall time | tests | load before | date (UTC) |"
echo "|---|---|---|---|---|"
for id in "${exercises[@]}"; do
  folders=(Exercises/Exercise"$id"_*)
  folder="${folders[0]}"
  kernels=("$folder"/*.cl)
  kernel="${kernels[0]}"
  backup=$(mktemp -d "${TMPDIR:-/tmp}/benchmark.XXXXXX")
  cp -a "$folder" "$backup/"
  trap 'rm -rf "$folder" && cp -r "$backup/$(basename "$folder")" Exercises/ && rm -rf "$backup"' EXIT
  if [ $solved -eq 1 ]; then
    solution="Solutions/$(basename "$folder")"
    (cd "$solution" && find . -type f ! -name README.md ! -name Makefile) | while read -r f; do
      cp "$solution/$f" "$folder/$f"
      echo "// solved for the benchmark" >>"$folder/$f"  # not identical: see below
    done
    find "$folder" -name '*.cl' | while read -r f; do
      # Not a byte-for-byte copy: the configuration refuses an exercise file identical to a kernel of
      # Kernels/ that hoc_given_kernels() does not declare (cmake/HocCourse.cmake).
      case "$f" in */given/*) continue ;; esac
      if [ -f "Kernels/$(basename "$f")" ]; then
        cp "Kernels/$(basename "$f")" "$f"
        echo "// solved for the benchmark" >>"$f"
      fi
    done
  fi
  script/check "$id" >/dev/null 2>&1 || true   # warm: the build is up to date, PoCL's cache filled
  if [ $crash -eq 1 ]; then
    find "$folder" -name '*.cl' ! -path '*/given/*' -exec \
      sed -i 's/C\[i \* N + j\] = sum;/C[i * N + j + 400000000] = sum;/' {} +
  fi
  echo "// benchmark edit $(date +%s%N)" >>"$kernel"
  before=$(load)
  start=$(date +%s.%N)
  output=$(script/check "$id" 2>&1 || true)
  end=$(date +%s.%N)
  rm -rf "$folder" && cp -r "$backup/$(basename "$folder")" Exercises/ && rm -rf "$backup"
  trap - EXIT
  [ -n "${BENCHMARK_DEBUG:-}" ] && echo "$output" >&2
  note=""
  [ $solved -eq 1 ] && note=" (solved: every test runs)"
  [ $crash -eq 1 ] && note=" (solved, then a write far past C: crashes)"
  tests=$(sed -nE 's/.*\((([0-9]+ of )?[0-9]+) tests?.*/\1/p' <<<"$output" | head -1)
  # shellcheck disable=SC2016  # the backticks are Markdown's code marks, printed as they are
  printf '| `script/check %s` after editing `%s`%s | %.1f s | %s | %s | %s |\n' "$id" "$kernel" \
         "$note" \
         "$(echo "$end - $start" | bc)" "$tests" "$before" "$(date -u '+%Y-%m-%d %H:%M')"
done
if [ $fresh -eq 1 ]; then
  clone=$(mktemp -d "${TMPDIR:-/tmp}/fresh-clone.XXXXXX")
  git clone -q . "$clone"
  before=$(load)
  start=$(date +%s.%N)
  # No compiler cache: a student's first build.
  (cd "$clone" && env -u CMAKE_CXX_COMPILER_LAUNCHER CCACHE_DISABLE=1 script/check "${exercises[0]}" >"$clone.log" 2>&1 || true)
  end=$(date +%s.%N)
  # shellcheck disable=SC2016  # the backticks are Markdown's code marks, printed as they are
  printf '| first `script/check %s` in a fresh clone (configure, build, tests; no ccache) | %.0f s | | %s | %s |\n' \
         "${exercises[0]}" "$(echo "$end - $start" | bc)" "$before" "$(date -u "+%Y-%m-%d %H:%M")"
  grep -E "passed|failing" "$clone.log" | head -1 >&2
  rm -rf "$clone" "$clone.log"
fi
