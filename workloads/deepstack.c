// SPDX-License-Identifier: GPL-2.0
/*
 * deepstack DEPTH SECONDS [BYTES|cpu|getppid|pipe]: recurses DEPTH frames deep
 * through stack_level(), then at the bottom of that stack works until
 * SECONDS have passed and prints how much work it did, the throughput a
 * recording slows down:
 *   BYTES (a number, default 65536): read()s BYTES of /dev/zero at a time,
 *	spending most of its time in the kernel under a deep user stack;
 *	prints the number of read() calls.
 *   cpu: computes in user space, no system calls (cpu_loop(): units of
 *	CPU_UNIT xorshift steps); prints the number of units.
 *   getppid: calls getppid(), a short system call; prints the calls.
 *   pipe: forks, and the two tasks pass a byte back and forth through
 *	two pipes, each blocking in read() at the bottom of the stack (a
 *	context switch per pass); prints the round trips.
 * Built with frame pointers.
 */
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#define CPU_UNIT 1024	/* xorshift steps per unit of cpu work */

static volatile sig_atomic_t done;
static volatile unsigned long sink;	/* keeps the computation */
static enum { READ, CPU, GETPPID, PIPE } mode;
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

__attribute__((noinline)) static void cpu_loop(void)
{
	unsigned long x = 88172645463325252UL;
	int i;

	/*
	 * gcc gives a leaf that needs no stack no frame, frame pointers or
	 * not; asking for its address makes one, so that the user callchains
	 * of the samples in here have stack_level(1) too.
	 */
	sink = (unsigned long)__builtin_frame_address(0);
	while (!done) {
		for (i = 0; i < CPU_UNIT; i++) {
			x ^= x << 13;
			x ^= x >> 7;
			x ^= x << 17;
		}
		calls++;
	}
	sink = x;
}

__attribute__((noinline)) static void getppid_loop(void)
{
	while (!done) {
		getppid();
		calls++;
	}
}

/* The child inherits the parent's stack: both block at its bottom. */
__attribute__((noinline)) static void pipe_loop(void)
{
	int ping[2], pong[2];
	char c = 0;
	pid_t pid;

	if (pipe(ping) || pipe(pong)) {
		perror("deepstack: pipe");
		exit(1);
	}
	pid = fork();
	if (pid < 0) {
		perror("deepstack: fork");
		exit(1);
	}
	if (!pid) {
		close(ping[1]);
		close(pong[0]);
		while (read(ping[0], &c, 1) == 1 && write(pong[1], &c, 1) == 1)
			;
		_exit(0);
	}
	close(ping[0]);
	close(pong[1]);
	while (!done) {
		if (write(ping[1], &c, 1) != 1 || read(pong[0], &c, 1) != 1) {
			perror("deepstack: pipe");
			exit(1);
		}
		calls++;
	}
	close(ping[1]);
	waitpid(pid, NULL, 0);
}

/* Not a tail call, so that every level keeps its frame. */
__attribute__((noinline)) static int stack_level(int depth, int fd, char *buf, size_t len)
{
	if (depth > 1)
		return stack_level(depth - 1, fd, buf, len) + 1;
	if (mode == CPU)
		cpu_loop();
	else if (mode == GETPPID)
		getppid_loop();
	else if (mode == PIPE)
		pipe_loop();
	else
		read_loop(fd, buf, len);
	return 1;
}

int main(int argc, char **argv)
{
	size_t len = 65536;
	int depth, secs, fd;
	char *end = "";
	char *buf;

	if (argc < 3) {
		fprintf(stderr, "usage: deepstack DEPTH SECONDS [BYTES|cpu|getppid|pipe]\n");
		return 2;
	}
	if (argc > 3 && !strcmp(argv[3], "cpu"))
		mode = CPU;
	else if (argc > 3 && !strcmp(argv[3], "getppid"))
		mode = GETPPID;
	else if (argc > 3 && !strcmp(argv[3], "pipe"))
		mode = PIPE;
	else if (argc > 3)
		len = strtoul(argv[3], &end, 0);
	depth = atoi(argv[1]);
	secs = atoi(argv[2]);
	buf = malloc(len);
	fd = open("/dev/zero", O_RDONLY);
	if (*end || !buf || fd < 0 || depth < 1 || secs < 1) {
		fprintf(stderr, "deepstack: bad arguments or no /dev/zero\n");
		return 2;
	}
	signal(SIGALRM, stop);
	alarm(secs);
	stack_level(depth, fd, buf, len);
	printf("%ld\n", calls);
	return 0;
}
