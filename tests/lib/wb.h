/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * Helpers shared by the project's C tests (the files in tests/c/).
 *
 * A test is one static program: it exits 0 when every check passed,
 * WB_SKIP (4, kselftest's KSFT_SKIP) when the machine cannot run it, and
 * 1 on the first failed check, after printing what it expected and what
 * it saw.  Output goes to stdout; the runner shows it behind "# ".
 */
#ifndef WB_H
#define WB_H

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define WB_SKIP 4

#define wb_fail(fmt, ...) do {						\
	printf("FAIL %s:%d: " fmt "\n", __FILE__, __LINE__, ##__VA_ARGS__); \
	fflush(stdout);							\
	exit(1);							\
} while (0)

#define wb_skip(fmt, ...) do {						\
	printf("SKIP: " fmt "\n", ##__VA_ARGS__);			\
	fflush(stdout);							\
	exit(WB_SKIP);							\
} while (0)

/* Check a condition; on failure say which and what errno was. */
#define wb_check(cond, fmt, ...) do {					\
	if (!(cond))							\
		wb_fail("%s: " fmt " (errno %d: %s)", #cond,		\
			##__VA_ARGS__, errno, strerror(errno));		\
} while (0)

/* Compare two integers, printing both on failure. */
#define wb_eq(a, b) do {						\
	long long __a = (long long)(a), __b = (long long)(b);		\
	if (__a != __b)							\
		wb_fail("%s == %s: got %lld (0x%llx), expected %lld (0x%llx)", \
			#a, #b, __a, (unsigned long long)__a, __b,	\
			(unsigned long long)__b);			\
} while (0)

#define wb_pass(fmt, ...) do {						\
	printf("ok: " fmt "\n", ##__VA_ARGS__);				\
	fflush(stdout);							\
} while (0)

/*
 * Whether the machine is QEMU's virt board: its device tree's root
 * "compatible" (a list of NUL-terminated strings) has "linux,dummy-virt".
 */
static inline int wb_on_qemu(void)
{
	char buf[256] = "";
	FILE *f = fopen("/proc/device-tree/compatible", "r");
	size_t n;

	if (!f)
		return 0;
	n = fread(buf, 1, sizeof(buf) - 1, f);
	fclose(f);
	for (size_t i = 0; i < n; i += strlen(buf + i) + 1)
		if (!strcmp(buf + i, "linux,dummy-virt"))
			return 1;
	return 0;
}

/*
 * The next CPU of /proc/cpuinfo (opened as @f): its "CPU implementer"
 * and "CPU part" in @imp and @part; 0 after the last.  Each CPU's
 * implementer line comes before its part line.
 */
static inline int wb_cpuinfo_next(FILE *f, unsigned int *imp,
				  unsigned int *part)
{
	char line[256];

	while (fgets(line, sizeof(line), f)) {
		sscanf(line, "CPU implementer : %x", imp);
		if (sscanf(line, "CPU part : %x", part) == 1)
			return 1;
	}
	return 0;
}

/*
 * Take a CPU offline (on = 0) or bring it back (on = 1) through
 * /sys/devices/system/cpu/cpuN/online: 0, or -1 when that file is
 * missing (CPU0, one that cannot go offline) or the write failed.
 */
static inline int wb_set_cpu_online(int cpu, int on)
{
	char path[64];
	int fd, ret;

	snprintf(path, sizeof(path), "/sys/devices/system/cpu/cpu%d/online", cpu);
	fd = open(path, O_WRONLY);
	if (fd < 0)
		return -1;
	ret = write(fd, on ? "1" : "0", 1) == 1 ? 0 : -1;
	close(fd);
	return ret;
}

/*
 * The kernel's getppid() system call function, a probe of the tracing
 * tests: sys_getppid on the port, __arm64_sys_getppid on arm64.
 */
#define WB_GETPPID_NAMES { "sys_getppid", "__arm64_sys_getppid" }

/* Its address from /proc/kallsyms, and in @name which of the two it is. */
static inline unsigned long long wb_getppid_address(const char **name)
{
	static const char *const names[] = WB_GETPPID_NAMES;
	FILE *f = fopen("/proc/kallsyms", "r");
	unsigned long long addr;
	char type, sym[256];

	wb_check(f != NULL, "open /proc/kallsyms");
	while (fscanf(f, "%llx %c %255s%*[^\n]", &addr, &type, sym) == 3) {
		for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
			if (strcmp(sym, names[i]) || (type != 'T' && type != 't'))
				continue;
			fclose(f);
			wb_check(addr != 0, "/proc/kallsyms shows %s at 0: addresses hidden", sym);
			*name = names[i];
			return addr;
		}
	}
	fclose(f);
	wb_fail("neither sys_getppid nor __arm64_sys_getppid in /proc/kallsyms");
	return 0;
}

#endif /* WB_H */
