// SPDX-License-Identifier: GPL-2.0
/*
 * phases SECONDS [DEPTH]: sleeps for a second (so that a tracer reads
 * the records of its exec while there is room), then alternates two
 * phases until SECONDS more have passed, each DEPTH (default 32) frames
 * deep under its own function: phase_read() reads 1 MiB of /dev/zero
 * with preadv(), phase_write() writes 1 MiB to a file in /tmp with
 * pwritev(), system calls nothing else here makes. The kernel part of a
 * sample (do_preadv or do_pwritev) thus says which user stack it must be
 * stitched to. The system calls are made from the phase functions
 * themselves, not through libc, so that they are the first user frame.
 * Built with frame pointers.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/syscall.h>
#include <sys/uio.h>
#include <unistd.h>

#define LEN (1 << 20)

static volatile sig_atomic_t done;
static char *buf;
static int zero_fd, tmp_fd;
static long reads, writes;

static void stop(int sig)
{
	(void)sig;
	done = 1;
}

static inline long syscall5(long nr, long a, long b, long c, long d, long e)
{
	register long r10 asm("r10") = d;
	register long r8 asm("r8") = e;
	long ret;

	asm volatile("syscall" : "=a"(ret)
		     : "a"(nr), "D"(a), "S"(b), "d"(c), "r"(r10), "r"(r8)
		     : "rcx", "r11", "memory");
	return ret;
}

__attribute__((noinline)) static void phase_read(void)
{
	struct iovec iov = { buf, LEN };

	if (syscall5(SYS_preadv, zero_fd, (long)&iov, 1, 0, 0) != LEN)
		exit(1);
	reads++;
}

__attribute__((noinline)) static void phase_write(void)
{
	struct iovec iov = { buf, LEN };

	if (syscall5(SYS_pwritev, tmp_fd, (long)&iov, 1, 0, 0) != LEN)
		exit(1);
	writes++;
}

/* Not a tail call, so that every level keeps its frame. */
__attribute__((noinline)) static int descend(int depth, void (*phase)(void))
{
	if (depth > 1)
		return descend(depth - 1, phase) + 1;
	phase();
	return 1;
}

int main(int argc, char **argv)
{
	int depth = argc > 2 ? atoi(argv[2]) : 32;
	char path[] = "/tmp/phases-XXXXXX";

	if (argc < 2 || atoi(argv[1]) < 1 || depth < 1) {
		fprintf(stderr, "usage: phases SECONDS [DEPTH]\n");
		return 2;
	}
	buf = malloc(LEN);
	zero_fd = open("/dev/zero", O_RDONLY);
	tmp_fd = mkstemp(path);
	if (!buf || zero_fd < 0 || tmp_fd < 0) {
		perror("phases");
		return 1;
	}
	unlink(path);
	sleep(1);
	signal(SIGALRM, stop);
	alarm(atoi(argv[1]));
	while (!done) {
		descend(depth, phase_read);
		descend(depth, phase_write);
	}
	printf("phases: %ld reads, %ld writes\n", reads, writes);
	return 0;
}
