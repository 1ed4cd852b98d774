#!/usr/bin/env bash
# Runs every fuzz target for SECONDS each (default 600), JOBS at a time (default 2), and
# prints each one's executions. Crashes land in fuzz/artifacts/TARGET/.
set -uo pipefail
cd "$(dirname "$0")"
secs=${1:-600}; jobs=${2:-2}
targets=(vexed_formats judge_vexed judge_sokoban judge_stacks judge_shubbles input save loader sokoban_formats certify bench_merge library_lines)
mkdir -p logs
run() {
  cargo +nightly fuzz run "$1" -- -max_total_time="$secs" -rss_limit_mb=2048 -timeout=30 -print_final_stats=1 \
    > "logs/$1.log" 2>&1
  echo "$1: exit $?, $(grep -E '^stat::number_of_executed_units' "logs/$1.log" | awk '{print $2}') executions"
}
i=0
for t in "${targets[@]}"; do
  run "$t" &
  i=$((i + 1))
  if [ $((i % jobs)) -eq 0 ]; then wait; fi
done
wait
