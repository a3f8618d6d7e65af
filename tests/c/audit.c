// SPDX-License-Identifier: GPL-2.0-only
/*
 * System call auditing (AUDITSYSCALL): the record the kernel writes at
 * the exit of an audited call names the call as the architecture sees
 * it: "arch=" is syscall_get_arch() (AUDIT_ARCH_AARCH64, c00000b7),
 * "syscall=" the number the task put in x8, "exit=" and "success=" the
 * value syscall_get_return_value() read from x0, "a0=".."a3=" the
 * arguments syscall_get_arguments() read at entry (x0 from orig_x0,
 * since the result overwrites it).
 *
 * The test registers itself as the audit daemon (AUDIT_SET with its
 * pid, which sends the records to its netlink socket instead of the
 * kernel log) and then forks: only a task created while auditing is on
 * has an audit context (audit_alloc()).  It adds an exit rule for
 * getpid and close_range limited to the child's pid and to
 * AUDIT_ARCH_AARCH64; the child makes one call of each, with arguments
 * the test chose, and exits; the test checks both records.  At exit,
 * passed or failed, it removes the rule and gives up the daemon's
 * place, so that the records of later tests do not fill the kernel log.
 *
 * A kernel without CONFIG_AUDIT has no NETLINK_AUDIT (skipped); one
 * with AUDIT but without syscall auditing refuses the exit rule, which
 * fails the test: arm64 has HAVE_ARCH_AUDITSYSCALL.
 */
#define _GNU_SOURCE
#include <linux/audit.h>
#include <linux/netlink.h>
#include <poll.h>
#include <signal.h>
#include <stdarg.h>
#include <sys/socket.h>
#include <sys/syscall.h>
#include <sys/wait.h>
#include "wb.h"

/* Arguments of the audited close_range(): first > last is EINVAL. */
#define CR_A0	0x1234UL
#define CR_A1	0x12UL
#define CR_A2	0UL
#define CR_A3	0xfeedbeefUL	/* unused by the call, recorded all the same */

static int nl;
static unsigned int seq;
static struct audit_rule_data rule;
static int rule_added, audit_on;

static void nl_send(int type, const void *data, size_t len)
{
	union {
		struct nlmsghdr h;
		char b[NLMSG_SPACE(sizeof(struct audit_rule_data))];
	} r = { 0 };
	struct sockaddr_nl to = { .nl_family = AF_NETLINK };

	wb_check(NLMSG_SPACE(len) <= sizeof(r), "message %d fits", type);
	r.h.nlmsg_len = NLMSG_LENGTH(len);
	r.h.nlmsg_type = type;
	r.h.nlmsg_flags = NLM_F_REQUEST | NLM_F_ACK;
	r.h.nlmsg_seq = ++seq;
	memcpy(NLMSG_DATA(&r.h), data, len);
	wb_check(sendto(nl, &r, r.h.nlmsg_len, 0, (void *)&to, sizeof(to)) ==
		 (ssize_t)r.h.nlmsg_len, "send audit message %d", type);
}

/*
 * Receive the next netlink message into buf, waiting up to 10 s: its
 * type, or 0 on timeout.
 */
static int nl_recv(char *buf, size_t size, struct nlmsghdr **hp)
{
	struct pollfd p = { .fd = nl, .events = POLLIN };
	ssize_t n;

	if (poll(&p, 1, 10000) != 1)
		return 0;
	n = recv(nl, buf, size - 1, 0);
	wb_check(n >= (ssize_t)NLMSG_HDRLEN, "receive from the audit socket");
	*hp = (struct nlmsghdr *)buf;
	wb_check(NLMSG_OK(*hp, n), "a whole netlink message (%zd bytes)", n);
	buf[n] = '\0';
	return (*hp)->nlmsg_type;
}

/* The kernel's answer to request seq: 0 or a negative errno. */
static int nl_ack(void)
{
	char buf[8192];
	struct nlmsghdr *h;
	int type;

	while ((type = nl_recv(buf, sizeof(buf), &h))) {
		if (type == NLMSG_ERROR && h->nlmsg_seq == seq)
			return ((struct nlmsgerr *)NLMSG_DATA(h))->error;
	}
	wb_fail("no answer to audit request %u within 10 s", seq);
}

static int set_status(unsigned int enabled, unsigned int pid)
{
	struct audit_status s = {
		.mask = AUDIT_STATUS_ENABLED | AUDIT_STATUS_PID,
		.enabled = enabled,
		.pid = pid,
	};

	nl_send(AUDIT_SET, &s, sizeof(s));
	return nl_ack();
}

static void rule_set_syscall(struct audit_rule_data *r, int nr)
{
	r->mask[nr / 32] |= 1U << (nr % 32);
}

static void rule_add_field(struct audit_rule_data *r, unsigned int field,
			   unsigned int value)
{
	r->fields[r->field_count] = field;
	r->fieldflags[r->field_count] = AUDIT_EQUAL;
	r->values[r->field_count] = value;
	r->field_count++;
}

/*
 * The value of " key=" in a record's text, or NULL.  The fields are
 * separated by single spaces; "arch" comes first, after "): ".
 */
static const char *field(const char *rec, const char *key, char *val,
			 size_t size)
{
	char pat[32];
	const char *p;
	size_t n;

	snprintf(pat, sizeof(pat), " %s=", key);
	p = strstr(rec, pat);
	if (!p)
		return NULL;
	p += strlen(pat);
	n = strcspn(p, " ");
	if (n >= size)
		return NULL;
	memcpy(val, p, n);
	val[n] = '\0';
	return val;
}

/* Check that the record's " key=" value is the printf of fmt. */
static void __attribute__((format(printf, 3, 4)))
expect_field(const char *rec, const char *key, const char *fmt, ...)
{
	char val[64], want[64];
	va_list ap;

	va_start(ap, fmt);
	vsnprintf(want, sizeof(want), fmt, ap);
	va_end(ap);
	if (!field(rec, key, val, sizeof(val)))
		wb_fail("no %s= in the record: %s", key, rec);
	if (strcmp(val, want))
		wb_fail("%s=%s, expected %s, in the record: %s", key, val,
			want, rec);
}

/* Undo what the test set up, on every exit path. */
static void cleanup(void)
{
	if (rule_added) {
		rule_added = 0;
		nl_send(AUDIT_DEL_RULE, &rule, sizeof(rule));
		if (nl_ack())
			printf("could not remove the audit rule\n");
	}
	if (audit_on) {
		audit_on = 0;
		if (set_status(0, 0))
			printf("could not turn auditing off\n");
	}
}

/* The child: wait for the rule, make the two calls, report them. */
static void child(int go, int done)
{
	char c;
	long r[3];

	if (read(go, &c, 1) != 1)
		_exit(2);
	r[0] = syscall(__NR_getpid);
	r[1] = syscall(__NR_close_range, CR_A0, CR_A1, CR_A2, CR_A3);
	r[2] = errno;
	_exit(write(done, r, sizeof(r)) == sizeof(r) ? 0 : 2);
}

int main(void)
{
	struct sockaddr_nl me = { .nl_family = AF_NETLINK };
	char buf[8192], val[64];
	char *got_getpid = NULL, *got_close_range = NULL;
	int go[2], done[2], err, type, status;
	struct nlmsghdr *h;
	long r[3];
	pid_t pid;

	setvbuf(stdout, NULL, _IOLBF, 0);
	nl = socket(AF_NETLINK, SOCK_RAW | SOCK_CLOEXEC, NETLINK_AUDIT);
	if (nl < 0 && errno == EPROTONOSUPPORT)
		wb_skip("no NETLINK_AUDIT: a kernel without CONFIG_AUDIT");
	wb_check(nl >= 0, "socket(NETLINK_AUDIT)");
	wb_check(bind(nl, (void *)&me, sizeof(me)) == 0, "bind the audit socket");

	atexit(cleanup);
	err = set_status(1, getpid());
	if (err)
		wb_fail("AUDIT_SET enabled=1 pid=%d: %s", getpid(), strerror(-err));
	audit_on = 1;

	wb_check(pipe(go) == 0 && pipe(done) == 0, "pipes");
	pid = fork();
	wb_check(pid >= 0, "fork");
	if (pid == 0)
		child(go[0], done[1]);

	rule.flags = AUDIT_FILTER_EXIT;
	rule.action = AUDIT_ALWAYS;
	rule_set_syscall(&rule, __NR_getpid);
	rule_set_syscall(&rule, __NR_close_range);
	rule_add_field(&rule, AUDIT_ARCH, AUDIT_ARCH_AARCH64);
	rule_add_field(&rule, AUDIT_PID, pid);
	nl_send(AUDIT_ADD_RULE, &rule, sizeof(rule));
	err = nl_ack();
	if (err) {
		kill(pid, SIGKILL);
		wb_fail("AUDIT_ADD_RULE (exit, getpid and close_range, arch and pid): %s; "
			"syscall auditing (AUDITSYSCALL) missing?", strerror(-err));
	}
	rule_added = 1;

	wb_eq(write(go[1], "g", 1), 1);
	wb_eq(read(done[0], r, sizeof(r)), sizeof(r));
	wb_eq(waitpid(pid, &status, 0), pid);
	wb_eq(status, 0);
	wb_eq(r[0], pid);
	wb_eq(r[1], -1);
	wb_eq(r[2], EINVAL);

	while ((!got_getpid || !got_close_range) &&
	       (type = nl_recv(buf, sizeof(buf), &h))) {
		char *text = NLMSG_DATA(h);

		if (type != AUDIT_SYSCALL)
			continue;
		if (!field(text, "syscall", val, sizeof(val)))
			wb_fail("a SYSCALL record without syscall=: %s", text);
		/*
		 * A call outside the rule is recorded too when it logs a
		 * record of its own (the test's rule change, for one): not
		 * checked.
		 */
		if (atoi(val) == __NR_getpid && !got_getpid)
			got_getpid = strdup(text);
		else if (atoi(val) == __NR_close_range && !got_close_range)
			got_close_range = strdup(text);
	}
	if (!got_getpid || !got_close_range)
		wb_fail("no record of the child's %s within 10 s",
			got_getpid ? "close_range" : "getpid");

	expect_field(got_getpid, "arch", "%x", AUDIT_ARCH_AARCH64);
	expect_field(got_getpid, "success", "yes");
	expect_field(got_getpid, "exit", "%d", pid);
	expect_field(got_getpid, "pid", "%d", pid);
	wb_pass("getpid: %s", got_getpid);

	expect_field(got_close_range, "arch", "%x", AUDIT_ARCH_AARCH64);
	expect_field(got_close_range, "success", "no");
	expect_field(got_close_range, "exit", "%d", -EINVAL);
	expect_field(got_close_range, "pid", "%d", pid);
	expect_field(got_close_range, "a0", "%lx", CR_A0);
	expect_field(got_close_range, "a1", "%lx", CR_A1);
	expect_field(got_close_range, "a2", "%lx", CR_A2);
	expect_field(got_close_range, "a3", "%lx", CR_A3);
	wb_pass("close_range: %s", got_close_range);

	cleanup();
	wb_pass("exit records of two calls: arch, number, result and arguments as the task made them");
	return 0;
}
