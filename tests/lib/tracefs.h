/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * tracefs for the tests that drive ftrace, kprobe and uprobe events
 * (c/ftrace, c/probes): writing and reading its files, and the name the
 * getppid() system call function has in this kernel.
 */
#ifndef WB_TRACEFS_H
#define WB_TRACEFS_H

#include <sys/mount.h>
#include <sys/stat.h>
#include "wb.h"

#define T "/sys/kernel/tracing/"

/* Mount tracefs unless it is; fail without @file in it. */
static inline void tracefs_need(const char *file)
{
	char path[256];
	struct stat st;

	if (stat(T "trace", &st) &&
	    mount("tracefs", "/sys/kernel/tracing", "tracefs", 0, NULL))
		wb_fail("mounting tracefs: %s", strerror(errno));
	snprintf(path, sizeof(path), T "%s", file);
	if (stat(path, &st))
		wb_fail("no %s in tracefs: the kernel lacks what provides it", file);
}

/* Write @val to tracefs file @name (appending if @append); 0 or -errno. */
static inline int write_file(const char *name, const char *val, int append)
{
	char path[256];
	int fd, n, len = strlen(val);

	snprintf(path, sizeof(path), T "%s", name);
	fd = open(path, O_WRONLY | (append ? O_APPEND : O_TRUNC));
	if (fd < 0)
		return -errno;
	n = len ? write(fd, val, len) : 0;
	if (n < 0) {
		n = -errno;
		close(fd);
		return n;
	}
	close(fd);
	return n == len ? 0 : -EIO;
}

static inline void set(const char *name, const char *val)
{
	int err = write_file(name, val, 0);

	if (err)
		wb_fail("writing '%s' to %s: %s", val, name, strerror(-err));
}

/* The whole of a (proc or tracefs) file, NUL-terminated. */
static inline char *slurp(const char *path)
{
	size_t cap = 1 << 16, len = 0;
	char *buf = malloc(cap);
	int fd = open(path, O_RDONLY);
	ssize_t n;

	wb_check(buf && fd >= 0, "open %s", path);
	while ((n = read(fd, buf + len, cap - len - 1)) > 0) {
		len += n;
		if (cap - len < 4096) {
			cap *= 2;
			buf = realloc(buf, cap);
			wb_check(buf, "realloc");
		}
	}
	wb_check(n == 0, "read %s", path);
	close(fd);
	buf[len] = 0;
	return buf;
}

static inline int count(const char *text, const char *needle)
{
	int n = 0;

	for (const char *p = text; (p = strstr(p, needle)); p += strlen(needle))
		n++;
	return n;
}

/* Which of the names the getppid() system call function has here. */
static inline const char *getppid_function(void)
{
	static const char *const names[] = WB_GETPPID_NAMES;
	char *all = slurp(T "available_filter_functions");

	for (size_t i = 0; i < sizeof(names) / sizeof(names[0]); i++) {
		char line[64];

		snprintf(line, sizeof(line), "\n%s\n", names[i]);
		if (strstr(all, line)) {
			free(all);
			return names[i];
		}
	}
	wb_fail("neither sys_getppid nor __arm64_sys_getppid in available_filter_functions");
	return NULL;
}

#endif /* WB_TRACEFS_H */
