// SPDX-License-Identifier: GPL-2.0
/*
 * libFuzzer harness: each input is a perf.data file, in file or pipe
 * format (perf tells them apart by the header), read as perf script
 * reads it: ordered events, deferred user callchains stitched on to
 * their samples. The sample callback walks every callchain entry, so
 * that a callchain longer than its buffer is an AddressSanitizer report,
 * and resolves it through the thread as perf script does, without
 * symbols. Built by scripts/build-perf-fuzz.sh.
 * PERF_FUZZ_VERBOSE=N shows perf's messages (-1, the default, hides them).
 * PERF_FUZZ_HEADER=FILE: the records mode, where each input is the data
 * section of a file whose header, attrs and ids are FILE's (a perf.data
 * file cut at its data offset; tests/fuzz/make-seeds.sh writes one).
 */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/mman.h>
#include <unistd.h>
#include <internal/lib.h>
#include <linux/err.h>
#include "util/callchain.h"
#include "util/data.h"
#include "util/debug.h"
#include "util/event.h"
#include "util/evsel.h"
#include "util/header.h"
#include "util/machine.h"
#include "util/sample.h"
#include "util/session.h"
#include "util/symbol.h"
#include "util/thread.h"
#include "util/tool.h"

int LLVMFuzzerInitialize(int *argc, char ***argv);
int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len);

static int memfd;
static char path[64];
static volatile u64 sink;
static char header[4096];
static ssize_t header_size;

static int fuzz_sample(const struct perf_tool *tool __maybe_unused,
		       union perf_event *event __maybe_unused,
		       struct perf_sample *sample, struct evsel *evsel,
		       struct machine *machine)
{
	struct callchain_cursor *cursor = get_tls_callchain_cursor();
	struct callchain_cursor_node *node;
	struct thread *thread;
	u64 i;

	if (!sample->callchain)
		return 0;
	for (i = 0; i < sample->callchain->nr; i++)
		sink += sample->callchain->ips[i];

	thread = machine__findnew_thread(machine, sample->pid, sample->tid);
	if (!thread || !cursor)
		goto out;
	if (__thread__resolve_callchain(thread, cursor, evsel, sample, NULL, NULL,
					PERF_MAX_STACK_DEPTH, /*symbols=*/false))
		goto out;
	callchain_cursor_commit(cursor);
	while ((node = callchain_cursor_current(cursor)) != NULL) {
		sink += node->ip;
		callchain_cursor_advance(cursor);
	}
out:
	thread__put(thread);
	return 0;
}

static int fuzz_deferred(const struct perf_tool *tool __maybe_unused,
			 union perf_event *event __maybe_unused,
			 struct perf_sample *sample, struct evsel *evsel __maybe_unused,
			 struct machine *machine __maybe_unused)
{
	u64 i;

	for (i = 0; i < sample->callchain->nr; i++)
		sink += sample->callchain->ips[i];
	return 0;
}

int LLVMFuzzerInitialize(int *argc __maybe_unused, char ***argv __maybe_unused)
{
	const char *v = getenv("PERF_FUZZ_VERBOSE");
	const char *h = getenv("PERF_FUZZ_HEADER");

	verbose = v ? atoi(v) : -1;
	page_size = sysconf(_SC_PAGE_SIZE);
	symbol_conf.use_callchain = true;
	if (symbol__init(NULL) < 0)
		abort();
	memfd = memfd_create("perf.data", 0);
	if (memfd < 0)
		abort();
	snprintf(path, sizeof(path), "/proc/self/fd/%d", memfd);
	if (h) {
		FILE *f = fopen(h, "r");

		header_size = f ? fread(header, 1, sizeof(header), f) : 0;
		if (header_size < (ssize_t)sizeof(struct perf_file_header))
			abort();
		fclose(f);
	}
	return 0;
}

int LLVMFuzzerTestOneInput(const uint8_t *buf, size_t len)
{
	struct perf_data data = {
		.path = path,
		.mode = PERF_DATA_MODE_READ,
	};
	struct perf_session *session;
	struct perf_tool tool;

	if (ftruncate(memfd, 0))
		abort();
	if (header_size) {
		struct perf_file_header *fh = (void *)header;

		fh->data.size = len;
		if (pwrite(memfd, header, header_size, 0) != header_size)
			abort();
	}
	if (pwrite(memfd, buf, len, header_size) != (ssize_t)len)
		abort();

	perf_tool__init(&tool, /*ordered_events=*/true);
	tool.sample = fuzz_sample;
	tool.callchain_deferred = fuzz_deferred;
	tool.comm = perf_event__process_comm;
	tool.fork = perf_event__process_fork;
	tool.exit = perf_event__process_exit;
	tool.attr = perf_event__process_attr;
	tool.event_update = perf_event__process_event_update;
	tool.id_index = perf_event__process_id_index;
	tool.ordering_requires_timestamps = true;
	/* Every other input also goes through unstitched. */
	tool.merge_deferred_callchains = !(len & 1);

	session = perf_session__new(&data, &tool);
	if (IS_ERR(session))
		return 0;
	perf_session__process_events(session);
	perf_session__delete(session);
	return 0;
}
