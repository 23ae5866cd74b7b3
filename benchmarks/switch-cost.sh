#!/usr/bin/env bash
# usage: benchmarks/switch-cost.sh [-c icount|tcg|both] [ROUNDS]
# What a sched_switch sample costs inside __schedule(), deferred and in
# place: builds the kernel of benchmarks/build-clock-kernel.sh (the
# clock read around the sched_switch tracepoint), boots it with
# guest/bench-switch.sh: ROUNDS (default 4) rounds of
# workloads/deepstack.c's pipe mode (two tasks passing a byte, at the
# bottom of 8, 64, 128 and 512 frames, kernel.perf_event_max_stack
# raised to 1024) unrecorded, under perf record -e sched:sched_switch
# --call-graph fp,defer, fp,nodefer and fp --kernel-callchains, and
# prints per depth the median (min-max) instructions per sampled switch
# in the tracepoint, deferred / in place, and round trips against
# unrecorded. Clocks (-c, default icount): "icount", the guest's clock
# counting instructions, "tcg", TCG's wall clock. Needs what
# scripts/test.sh builds for the initramfs; benchmarks/clock-bench.sh
# does the rest. Not a test: it prints numbers. About 15 minutes to
# build cold, 12 a boot of 4 rounds.
exec "$(dirname "$0")/clock-bench.sh" switch-cost bench-switch.sh 1500 4 summarize-switch.py "$@"
