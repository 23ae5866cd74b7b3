#!/usr/bin/env bash
# usage: benchmarks/mode-cost.sh [-c icount|tcg|both] [ROUNDS]
# fp in place, fp deferred and dwarf, side by side: boots the kernel of
# benchmarks/build-clock-kernel.sh (the series' release kernel; its
# clock reads are not used here) with guest/bench-modes.sh: ROUNDS
# (default 2) rounds of workloads/deepstack.c at the bottom of 8, 64,
# 128 and 512 frames (kernel.perf_event_max_stack raised to 1024),
# computing (cpu) and reading 64 KiB at a time, unrecorded and under
# perf record -e cpu-clock -F 1000 with --call-graph fp,nodefer, fp and
# dwarf, and prints per depth and workload the machine's instructions
# per sample (the work the workload lost), perf.data bytes per sample
# and the share of samples whose stack reaches main(). Clocks (-c,
# default icount): "icount", the guest's clock counting instructions,
# "tcg", TCG's wall clock. Needs what scripts/test.sh builds for the
# initramfs; benchmarks/clock-bench.sh does the rest. Not a test: it
# prints numbers. About 15 minutes to build cold, 14 a boot of 2 rounds.
exec "$(dirname "$0")/clock-bench.sh" mode-cost bench-modes.sh 2400 2 summarize-modes.py "$@"
