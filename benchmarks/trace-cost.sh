#!/usr/bin/env bash
# usage: benchmarks/trace-cost.sh [-c icount|tcg|both] [ROUNDS]
# What a system call costs under perf trace --call-graph fp, deferred
# and in place: builds the kernel of benchmarks/build-clock-kernel.sh (a
# histogram of the time from a getppid()'s entry to its return to user
# space), boots it with guest/bench-trace.sh: ROUNDS (default 4) rounds
# of workloads/deepstack.c's getppid mode at the bottom of 8, 64, 128
# and 512 frames (kernel.perf_event_max_stack raised to 1024),
# unrecorded and under perf trace -s --call-graph fp and fp,nodefer, and
# prints per depth the median (min-max) over the rounds of each run's
# median call, deferred / in place, and calls against unrecorded. Clocks
# (-c, default icount): "icount", the guest's clock counting
# instructions, "tcg", TCG's wall clock. Needs what scripts/test.sh
# builds for the initramfs; benchmarks/clock-bench.sh does the rest. Not
# a test: it prints numbers. About 15 minutes to build cold, 8 a boot of
# 4 rounds.
exec "$(dirname "$0")/clock-bench.sh" trace-cost bench-trace.sh 1500 4 summarize-trace.py "$@"
