# Read after tools/perf/Makefile.perf by scripts/build-perf-fuzz.sh
# (make -f Makefile.perf -f fuzz.mk): links the libFuzzer harness as
# perf itself is linked, against a copy of perf-in.o whose main() is
# renamed, as libFuzzer brings its own.
FUZZ_SRC := $(dir $(abspath $(lastword $(MAKEFILE_LIST))))perf-data-fuzz.c

$(OUTPUT)perf-data-fuzz: $(FUZZ_SRC) $(PERFLIBS) $(PERF_IN)
	$(Q)objcopy --redefine-sym main=perf_main $(PERF_IN) $(OUTPUT)perf-in-fuzz.o
	$(QUIET_LINK)$(CC) $(CFLAGS) $(LDFLAGS) -fsanitize=fuzzer $(FUZZ_SRC) \
		$(OUTPUT)perf-in-fuzz.o $(LIBS) -o $@
