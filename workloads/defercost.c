// SPDX-License-Identifier: GPL-2.0
/*
 * defercost DEPTH FAULTS ROUNDS: what one sample costs the task that takes
 * it, with its user callchain walked in place or deferred, and how writing
 * the deferred record scales with the sessions that see the task.
 *
 * Pinned to CPU 0 and DEPTH frames deep, it takes FAULTS page faults, each
 * sampled (period 1) by a page-fault event with a callchain, and prints the
 * mean time per fault of each setup, ROUNDS times, interleaved:
 *
 *   none      no event
 *   inplace   the event without deferral: the sample walks the stack
 *   deferN    the event with defer_callchain and N per-CPU events with
 *             defer_output on CPU 0 (N = 1, 4, 16): the walk and N
 *             records on the way back to user space
 *   inplace2  two such events without deferral: two samples a fault,
 *             two walks
 *   defer1x2  two such events with defer_callchain and one per-CPU event
 *             with defer_output: two samples a fault, one walk, one
 *             record
 *
 * A fault is a kernel entry of its own, taken in task context. With one
 * sample a fault the deferred sample always gets a record of its own:
 * this is the case where deferral shares nothing. The rings are consumed after
 * every fault, so nothing is lost and only the writing is measured.
 * Needs root (per-CPU events) and frame pointers.
 */
#define _GNU_SOURCE
#include <linux/perf_event.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#define RING_PAGES	64
#define MAX_SIDEBAND	16
#define MAX_SAMPLERS	2

struct ring {
	int fd;
	struct perf_event_mmap_page *pc;
	size_t len;
};

static const struct setup {
	const char *name;
	int sample;		/* sampling events */
	int defer;
	int sideband;		/* per-CPU defer_output events */
} setups[] = {
	{ "none", 0, 0, 0 },
	{ "inplace", 1, 0, 0 },
	{ "defer1", 1, 1, 1 },
	{ "defer4", 1, 1, 4 },
	{ "defer16", 1, 1, 16 },
	{ "inplace2", 2, 0, 0 },
	{ "defer1x2", 2, 1, 1 },
};

static struct ring rings[MAX_SAMPLERS + MAX_SIDEBAND];
static int nr_rings;
static char *page;
static long pagesize;

static void ring_open(struct perf_event_attr *attr, pid_t pid, int cpu)
{
	struct ring *rg = &rings[nr_rings++];

	rg->fd = syscall(__NR_perf_event_open, attr, pid, cpu, -1,
			 PERF_FLAG_FD_CLOEXEC);
	if (rg->fd < 0) {
		perror("defercost: perf_event_open");
		exit(1);
	}
	rg->len = (RING_PAGES + 1) * pagesize;
	rg->pc = mmap(NULL, rg->len, PROT_READ | PROT_WRITE, MAP_SHARED,
		      rg->fd, 0);
	if (rg->pc == MAP_FAILED) {
		perror("defercost: mmap");
		exit(1);
	}
}

static void open_setup(const struct setup *s)
{
	struct perf_event_attr attr;
	int i;

	memset(&attr, 0, sizeof(attr));
	attr.size = sizeof(attr);
	attr.type = PERF_TYPE_SOFTWARE;
	attr.sample_type = PERF_SAMPLE_IP | PERF_SAMPLE_TID |
			   PERF_SAMPLE_TIME;
	attr.sample_id_all = 1;
	attr.exclude_hv = 1;
	attr.disabled = 1;

	for (i = 0; i < s->sideband; i++) {
		attr.config = PERF_COUNT_SW_DUMMY;
		attr.defer_output = 1;
		ring_open(&attr, -1, 0);
	}
	for (i = 0; i < s->sample; i++) {
		attr.config = PERF_COUNT_SW_PAGE_FAULTS;
		attr.sample_period = 1;
		attr.sample_type |= PERF_SAMPLE_CALLCHAIN;
		attr.defer_output = 0;
		attr.defer_callchain = s->defer;
		ring_open(&attr, 0, -1);
	}
	for (i = 0; i < nr_rings; i++)
		ioctl(rings[i].fd, PERF_EVENT_IOC_ENABLE, 0);
}

static void close_setup(void)
{
	while (nr_rings) {
		struct ring *rg = &rings[--nr_rings];

		munmap(rg->pc, rg->len);
		close(rg->fd);
	}
}

/* Consumes what was written: the cost measured is the writing. */
static void rings_drain(void)
{
	int i;

	for (i = 0; i < nr_rings; i++) {
		__u64 head = __atomic_load_n(&rings[i].pc->data_head,
					     __ATOMIC_ACQUIRE);

		__atomic_store_n(&rings[i].pc->data_tail, head,
				 __ATOMIC_RELEASE);
	}
}

static __u64 now_ns(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return ts.tv_sec * 1000000000ULL + ts.tv_nsec;
}

__attribute__((noinline)) static __u64 fault_loop(long faults)
{
	__u64 t0 = now_ns();
	long i;

	for (i = 0; i < faults; i++) {
		if (madvise(page, pagesize, MADV_DONTNEED)) {
			perror("defercost: madvise");
			exit(1);
		}
		*(volatile char *)page = 1;
		rings_drain();
	}
	return now_ns() - t0;
}

/* Not a tail call, so that every level keeps its frame. */
__attribute__((noinline)) static __u64 stack_level(int depth, long faults)
{
	__u64 t;

	if (depth <= 1)
		return fault_loop(faults);
	t = stack_level(depth - 1, faults);
	asm volatile("" ::: "memory");
	return t;
}

int main(int argc, char **argv)
{
	int depth, rounds, r;
	cpu_set_t cpus;
	long faults;
	size_t s;

	if (argc != 4) {
		fprintf(stderr, "usage: defercost DEPTH FAULTS ROUNDS\n");
		return 2;
	}
	depth = atoi(argv[1]);
	faults = atol(argv[2]);
	rounds = atoi(argv[3]);
	pagesize = sysconf(_SC_PAGESIZE);
	page = mmap(NULL, pagesize, PROT_READ | PROT_WRITE,
		    MAP_PRIVATE | MAP_ANONYMOUS, -1, 0);
	CPU_ZERO(&cpus);
	CPU_SET(0, &cpus);
	if (depth < 1 || faults < 1 || rounds < 1 || page == MAP_FAILED ||
	    sched_setaffinity(0, sizeof(cpus), &cpus)) {
		fprintf(stderr, "defercost: bad arguments, no memory or no CPU 0\n");
		return 2;
	}
	for (r = 1; r <= rounds; r++) {
		for (s = 0; s < sizeof(setups) / sizeof(setups[0]); s++) {
			__u64 ns;

			open_setup(&setups[s]);
			ns = stack_level(depth, faults);
			close_setup();
			printf("round=%d depth=%d setup=%s faults=%ld ns_per_fault=%llu\n",
			       r, depth, setups[s].name, faults,
			       (unsigned long long)(ns / faults));
		}
	}
	return 0;
}
