#!/bin/sh
# tests/fuzz/run.sh SECONDS TARGET... : run each built libFuzzer target (build-fuzz/fuzz_TARGET)
# for SECONDS, its corpus growing in build-fuzz/corpus-TARGET (the seed directories in the tree
# are read, never written), a crash saved as build-fuzz/crash-TARGET-*.  Prints one line per
# target (executions, seconds, corpus size) and exits 1 if any target found a crash or a leak.
set -u
secs=$1
shift
status=0
for t in "$@"; do
  case $t in
    script) seeds="tests/bad stages tests/scripts tests/fuzz/regress/script"; extra="-dict=tests/fuzz/lua.dict -max_len=4096" ;;
    fmt) seeds="tests/fuzz/seeds/fmt tests/fuzz/regress/fmt"; extra="-max_len=256" ;;
    merge) seeds="tests/fuzz/seeds/merge tests/fuzz/regress/merge"; extra="-max_len=8192" ;;
    *) echo "unknown fuzz target $t" >&2; exit 2 ;;
  esac
  mkdir -p build-fuzz/corpus-$t
  log=build-fuzz/fuzz-$t.log
  build-fuzz/fuzz_$t build-fuzz/corpus-$t $seeds $extra -max_total_time="$secs" -timeout=30 \
    -rss_limit_mb=2048 -close_fd_mask=3 -print_final_stats=1 -artifact_prefix=build-fuzz/crash-$t- >"$log" 2>&1
  rc=$?
  execs=$(sed -n 's/^stat::number_of_executed_units: *//p' "$log" | tail -n 1)
  corpus=$(ls build-fuzz/corpus-$t | wc -l)
  if [ $rc -eq 0 ]; then
    echo "fuzz_$t: ${execs:-?} executions in $secs s, corpus $corpus inputs, no crash, no leak"
  else
    echo "fuzz_$t: FAILED (exit status $rc) after ${execs:-?} executions; see $log and build-fuzz/crash-$t-*"
    tail -n 30 "$log"
    status=1
  fi
done
exit $status
