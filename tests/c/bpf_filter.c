// SPDX-License-Identifier: GPL-2.0-only
/*
 * Classic BPF filters from user space, which the kernel converts to eBPF
 * and, with /proc/sys/net/core/bpf_jit_enable set (the test kernels
 * build the JIT and turn it on by default), JIT-compiles:
 *  - a socket filter (SO_ATTACH_FILTER) on the receiving end of an
 *    AF_UNIX datagram pair keeps, truncates or drops each datagram by
 *    its first byte: the receiver sees exactly the kept bytes;
 *  - a filter that computes a checksum of the packet with loads of each
 *    size (absolute and indexed, and the IP header length load), the
 *    scratch memory, the ALU operations and a register jump keeps only
 *    the datagrams whose last byte matches what this program computes
 *    the same way, over 400 packets;
 *  - a filter that divides by a register holding 0 drops the datagram
 *    (classic BPF ends the program with 0 there);
 *  - a seccomp filter (SECCOMP_SET_MODE_FILTER) that checks the
 *    architecture, the system call number and an argument makes
 *    getppid() fail with errno 42, close(12345) with errno 7, leaves
 *    close(-1) its own EBADF and getpid() alone, and kills the process
 *    with SIGSYS on getpgid(0x5ec).
 * wb-config: test
 */
#define _GNU_SOURCE
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <signal.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "wb.h"

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

static int pair[2];

static void attach(struct sock_filter *insns, unsigned short len)
{
	struct sock_fprog prog = { .len = len, .filter = insns };

	wb_check(setsockopt(pair[1], SOL_SOCKET, SO_ATTACH_FILTER, &prog,
			    sizeof(prog)) == 0, "SO_ATTACH_FILTER");
}

/* Send @len bytes, return how many the receiver got, -1 for none. */
static ssize_t through(const void *buf, size_t len)
{
	unsigned char in[256];
	ssize_t n;

	wb_eq(send(pair[0], buf, len, 0), len);
	n = recv(pair[1], in, sizeof(in), MSG_DONTWAIT);
	if (n < 0) {
		wb_check(errno == EAGAIN, "recv");
		return -1;
	}
	if (memcmp(in, buf, n))
		wb_fail("the received bytes differ from the sent ones");
	return n;
}

static void socket_keep_trunc_drop(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 0),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 'A', 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 'T', 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 3),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};

	attach(f, ARRAY_LEN(f));
	wb_eq(through("Accepted", 8), 8);
	wb_eq(through("Truncated", 9), 3);
	wb_eq(through("Dropped", 7), -1);
	wb_eq(through("A", 1), 1);
	wb_pass("socket filter: kept, truncated and dropped by the first byte");
}

/* What the filter below computes over bytes 0-6 of @p. */
static uint8_t sum(const uint8_t *p)
{
	uint32_t w = (uint32_t)p[0] << 24 | p[1] << 16 | p[2] << 8 | p[3];
	uint32_t h = p[4] << 8 | p[5];
	uint32_t a;

	a = (w + h) * 3;
	a >>= 1;
	a ^= 0x5a5a;
	a &= 0xffff;
	a |= 0x10000;
	a -= p[6];
	a /= 7;
	a %= 251;
	a <<= 2;
	a += 4 * (p[2] & 0xf);
	a = -a;
	return (a + (uint32_t)(p[3] << 8 | p[4])) & 0xff;
}

static void socket_checksum(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS, 0),
		BPF_STMT(BPF_ST, 0),
		BPF_STMT(BPF_LD | BPF_H | BPF_ABS, 4),
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_STMT(BPF_LD | BPF_MEM, 0),
		BPF_STMT(BPF_ALU | BPF_ADD | BPF_X, 0),
		BPF_STMT(BPF_ALU | BPF_MUL | BPF_K, 3),
		BPF_STMT(BPF_ALU | BPF_RSH | BPF_K, 1),
		BPF_STMT(BPF_ALU | BPF_XOR | BPF_K, 0x5a5a),
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xffff),
		BPF_STMT(BPF_ALU | BPF_OR | BPF_K, 0x10000),
		BPF_STMT(BPF_ST, 1),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 6),
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_STMT(BPF_LD | BPF_MEM, 1),
		BPF_STMT(BPF_ALU | BPF_SUB | BPF_X, 0),
		BPF_STMT(BPF_ALU | BPF_DIV | BPF_K, 7),
		BPF_STMT(BPF_ALU | BPF_MOD | BPF_K, 251),
		BPF_STMT(BPF_ALU | BPF_LSH | BPF_K, 2),
		BPF_STMT(BPF_LDX | BPF_B | BPF_MSH, 2),
		BPF_STMT(BPF_ALU | BPF_ADD | BPF_X, 0),
		BPF_STMT(BPF_ALU | BPF_NEG, 0),
		BPF_STMT(BPF_ST, 2),
		BPF_STMT(BPF_LDX | BPF_IMM, 1),
		BPF_STMT(BPF_LD | BPF_H | BPF_IND, 2),
		BPF_STMT(BPF_LDX | BPF_MEM, 2),
		BPF_STMT(BPF_ALU | BPF_ADD | BPF_X, 0),
		BPF_STMT(BPF_ALU | BPF_AND | BPF_K, 0xff),
		BPF_STMT(BPF_MISC | BPF_TAX, 0),
		BPF_STMT(BPF_LD | BPF_B | BPF_ABS, 7),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_X, 0, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
		BPF_STMT(BPF_RET | BPF_K, 0),
	};
	uint32_t seed = 12345;
	uint8_t p[8];
	int i, j, kept = 0;

	attach(f, ARRAY_LEN(f));
	for (i = 0; i < 400; i++) {
		for (j = 0; j < 7; j++) {
			seed = seed * 1103515245 + 12345;
			p[j] = seed >> 16;
		}
		p[7] = sum(p) + (i & 1);
		if (i & 1) {
			wb_eq(through(p, 8), -1);
		} else {
			wb_eq(through(p, 8), 8);
			kept++;
		}
	}
	wb_pass("checksum filter: %d of 400 packets kept, the right ones", kept);
}

static void socket_divide_by_zero(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LDX | BPF_IMM, 0),
		BPF_STMT(BPF_LD | BPF_IMM, 5),
		BPF_STMT(BPF_ALU | BPF_DIV | BPF_X, 0),
		BPF_STMT(BPF_RET | BPF_K, 0xffff),
	};

	attach(f, ARRAY_LEN(f));
	wb_eq(through("zero", 4), -1);
	wb_pass("socket filter: a division by a zero register drops the packet");
}

static void seccomp_child(void)
{
	struct sock_filter f[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, AUDIT_ARCH_AARCH64, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getppid, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 42),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_getpgid, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 0x5ec, 0, 5),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_KILL_PROCESS),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, __NR_close, 0, 3),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args[0])),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, 12345, 0, 1),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ERRNO | 7),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
	};
	struct sock_fprog prog = { .len = ARRAY_LEN(f), .filter = f };
	pid_t self = getpid();

	wb_check(prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) == 0, "NO_NEW_PRIVS");
	wb_check(syscall(__NR_seccomp, SECCOMP_SET_MODE_FILTER, 0, &prog) == 0,
		 "SECCOMP_SET_MODE_FILTER");
	errno = 0;
	wb_eq(syscall(__NR_getppid), -1);
	wb_eq(errno, 42);
	errno = 0;
	wb_eq(syscall(__NR_close, 12345), -1);
	wb_eq(errno, 7);
	errno = 0;
	wb_eq(syscall(__NR_close, -1), -1);
	wb_eq(errno, EBADF);
	wb_eq(syscall(__NR_getpid), self);
	wb_eq(syscall(__NR_getpgid, 0), getpgid(0));
	printf("ok: seccomp: errno 42, 7 and the call's own result\n");
	fflush(stdout);
	syscall(__NR_getpgid, 0x5ec);
	wb_fail("getpgid(0x5ec) returned under a filter that kills");
}

static void seccomp_filter(void)
{
	int status;
	pid_t pid;

	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		seccomp_child();
	wb_eq(waitpid(pid, &status, 0), pid);
	if (WIFEXITED(status))
		wb_fail("the seccomp child exited with %d", WEXITSTATUS(status));
	wb_check(WIFSIGNALED(status) && WTERMSIG(status) == SIGSYS,
		 "the seccomp child ended with status 0x%x, not SIGSYS", status);
	wb_pass("seccomp: killed with SIGSYS by the filter");
}

int main(void)
{
	FILE *f = fopen("/proc/sys/net/core/bpf_jit_enable", "r");
	int jit = -1;

	if (f) {
		if (fscanf(f, "%d", &jit) != 1)
			jit = -1;
		fclose(f);
	}
	printf("bpf_jit_enable: %d\n", jit);

	wb_check(socketpair(AF_UNIX, SOCK_DGRAM, 0, pair) == 0, "socketpair");
	socket_keep_trunc_drop();
	socket_checksum();
	socket_divide_by_zero();
	seccomp_filter();
	return 0;
}
