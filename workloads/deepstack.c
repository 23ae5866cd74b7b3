// SPDX-License-Identifier: GPL-2.0
/*
 * deepstack DEPTH SECONDS [BYTES]: recurses DEPTH frames deep through
 * stack_level(), then read()s BYTES (default 65536) of /dev/zero at a
 * time until SECONDS have passed: most of its time is spent in the kernel
 * under a deep user stack. Prints the number of read() calls, the
 * throughput a recording slows down. Built with frame pointers.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <unistd.h>

static volatile sig_atomic_t done;
static long calls;

static void stop(int sig)
{
	(void)sig;
	done = 1;
}

__attribute__((noinline)) static void read_loop(int fd, char *buf, size_t len)
{
	while (!done) {
		if (read(fd, buf, len) < 0) {
			perror("deepstack: read");
			exit(1);
		}
		calls++;
	}
}

/* Not a tail call, so that every level keeps its frame. */
__attribute__((noinline)) static int stack_level(int depth, int fd, char *buf, size_t len)
{
	if (depth > 1)
		return stack_level(depth - 1, fd, buf, len) + 1;
	read_loop(fd, buf, len);
	return 1;
}

int main(int argc, char **argv)
{
	size_t len = argc > 3 ? strtoul(argv[3], NULL, 0) : 65536;
	int depth, secs, fd;
	char *buf;

	if (argc < 3) {
		fprintf(stderr, "usage: deepstack DEPTH SECONDS [BYTES]\n");
		return 2;
	}
	depth = atoi(argv[1]);
	secs = atoi(argv[2]);
	buf = malloc(len);
	fd = open("/dev/zero", O_RDONLY);
	if (!buf || fd < 0 || depth < 1 || secs < 1) {
		fprintf(stderr, "deepstack: bad arguments or no /dev/zero\n");
		return 2;
	}
	signal(SIGALRM, stop);
	alarm(secs);
	stack_level(depth, fd, buf, len);
	printf("%ld\n", calls);
	return 0;
}
