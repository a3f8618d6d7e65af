// SPDX-License-Identifier: GPL-2.0-only
/*
 * prctl(PR_GET/PR_SET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS): the
 * per-task control of Speculative Store Bypass (Spectre variant 4 in
 * ARM's "Vulnerability of Speculative Processors to Cache Timing
 * Side-Channel Mechanism"), as arm64 implements it
 * (arch/arm64/kernel/proton-pack.c, ssbd_prctl_get/set; the generic
 * rules in Documentation/userspace-api/spec_ctrl.rst).
 *
 * On a CPU with FEAT_SSBS2 (hwcap "ssbs": ID_AA64PFR1_EL1.SSBS >= 2,
 * so that EL0 can read PSTATE.SSBS with MRS SSBS, s3_3_c4_c2_6, bit 12)
 * the kernel mitigates by PSTATE.SSBS, per task, under the default
 * policy (ssbd=kernel) and spec_store_bypass says "Mitigation:
 * Speculative Store Bypass disabled via prctl".  Then:
 *  - a task starts with PR_SPEC_PRCTL | PR_SPEC_ENABLE and SSBS = 1
 *    (store bypass allowed);
 *  - PR_SPEC_DISABLE: get gives PR_SPEC_PRCTL | PR_SPEC_DISABLE and
 *    SSBS reads 0 on return to user space; PR_SPEC_ENABLE: back to
 *    PR_SPEC_PRCTL | PR_SPEC_ENABLE, SSBS 1;
 *  - the state, and SSBS, are inherited by fork(); PR_SPEC_DISABLE
 *    survives execve(), PR_SPEC_DISABLE_NOEXEC (get: PR_SPEC_PRCTL |
 *    PR_SPEC_DISABLE_NOEXEC, SSBS 0) is reset by execve() to
 *    PR_SPEC_PRCTL | PR_SPEC_ENABLE, SSBS 1;
 *  - PR_SPEC_FORCE_DISABLE cannot be undone: PR_SPEC_ENABLE and
 *    PR_SPEC_DISABLE_NOEXEC fail with EPERM afterwards, in the task, its
 *    children and after execve(); PR_SPEC_DISABLE is still accepted and
 *    changes nothing.
 * Everywhere: an unknown control value is ERANGE, and arm64 has no
 * other speculation control (PR_SPEC_INDIRECT_BRANCH: ENODEV).
 *
 * Without SSBS and without firmware mitigation (SMCCC_ARCH_WORKAROUND_2,
 * absent under QEMU) arm64 reports spec_store_bypass "Vulnerable" (e.g.
 * Cortex-A57, A72) and get returns PR_SPEC_ENABLE alone, whatever was
 * set; on a CPU not affected ("Not affected", e.g. Cortex-A53) it
 * returns PR_SPEC_NOT_AFFECTED (0).  In both cases arm64 still accepts
 * every set and records the task's flags (so a force-disable still
 * makes PR_SPEC_ENABLE fail with EPERM), though get does not show them.
 * Those are checked too; a CPU in any other state is skipped.
 * (c/vulnerabilities checks the spec_store_bypass line itself against
 * the CPU; here the prctl must agree with it.)
 */
#define _GNU_SOURCE
#include <asm/hwcap.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>
#include "wb.h"

#define P_PRCTL		PR_SPEC_PRCTL
#define P_ENABLE	PR_SPEC_ENABLE
#define P_DISABLE	PR_SPEC_DISABLE
#define P_FORCE		PR_SPEC_FORCE_DISABLE
#define P_NOEXEC	PR_SPEC_DISABLE_NOEXEC

static int has_ssbs;
/* What get returns when the kernel does not track the task's state. */
static long fixed_get = -1;
static const char *self;

static long get(void)
{
	return prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, 0, 0, 0);
}

static long set(unsigned long ctrl)
{
	return prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_STORE_BYPASS, ctrl, 0, 0);
}

/* PSTATE.SSBS (bit 12 of MRS SSBS), or -1 without FEAT_SSBS2. */
static int ssbs(void)
{
	uint64_t v;

	if (!has_ssbs)
		return -1;
	asm volatile("mrs %0, s3_3_c4_c2_6" : "=r"(v));
	return v >> 12 & 1;
}

/* The state get must report and the SSBS bit that goes with it. */
static void expect_state(const char *when, long want)
{
	long got = get();
	int bit = ssbs();

	if (fixed_get >= 0)
		want = fixed_get;
	if (got != want)
		wb_fail("%s: PR_GET_SPECULATION_CTRL gave %ld (0x%lx), expected %ld (0x%lx)",
			when, got, (unsigned long)got, want, (unsigned long)want);
	if (bit >= 0) {
		int want_bit = !(want & (P_DISABLE | P_FORCE | P_NOEXEC));

		if (bit != want_bit)
			wb_fail("%s: PSTATE.SSBS is %d, expected %d for state 0x%lx",
				when, bit, want_bit, (unsigned long)want);
	}
}

static void expect_set(const char *what, unsigned long ctrl, int err)
{
	long r;

	errno = 0;
	r = set(ctrl);
	if (err ? (r != -1 || errno != err) : r != 0)
		wb_fail("%s: PR_SET_SPECULATION_CTRL(%lu) returned %ld errno %d, expected %s",
			what, ctrl, r, errno, err ? strerror(err) : "0");
}

/* Run fn in a child; it must exit 0. */
static void in_child(const char *what, void (*fn)(void))
{
	int status;
	pid_t pid = fork();

	wb_check(pid >= 0, "fork");
	if (!pid) {
		fn();
		exit(0);
	}
	wb_check(waitpid(pid, &status, 0) == pid, "waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		wb_fail("%s: the child failed (status 0x%x)", what, status);
}

/* Exec this program to check the state there: "ssb_prctl --after-exec WANT [TRY_ENABLE_ERRNO]". */
static void exec_and_check(const char *what, long want, int enable_errno)
{
	char w[32], e[32];
	int status;
	pid_t pid = fork();

	wb_check(pid >= 0, "fork");
	if (!pid) {
		snprintf(w, sizeof(w), "%ld", want);
		snprintf(e, sizeof(e), "%d", enable_errno);
		execl(self, self, "--after-exec", w, e, (char *)NULL);
		printf("FAIL: execl %s: %s\n", self, strerror(errno));
		exit(1);
	}
	wb_check(waitpid(pid, &status, 0) == pid, "waitpid");
	if (!WIFEXITED(status) || WEXITSTATUS(status))
		wb_fail("%s: the exec'd program failed (status 0x%x)", what, status);
}

static void child_disabled(void)
{
	expect_state("child after fork, parent PR_SPEC_DISABLE", P_PRCTL | P_DISABLE);
}

static void child_noexec(void)
{
	expect_state("child after fork, parent PR_SPEC_DISABLE_NOEXEC", P_PRCTL | P_NOEXEC);
}

static void child_forced_grandchild(void)
{
	expect_state("grandchild of a force-disabled task", P_PRCTL | P_FORCE);
	expect_set("PR_SPEC_ENABLE in the grandchild of a force-disabled task", P_ENABLE, EPERM);
}

static void child_force(void)
{
	expect_set("PR_SPEC_FORCE_DISABLE", P_FORCE, 0);
	expect_state("after PR_SPEC_FORCE_DISABLE", P_PRCTL | P_FORCE);
	expect_set("PR_SPEC_ENABLE after PR_SPEC_FORCE_DISABLE", P_ENABLE, EPERM);
	expect_set("PR_SPEC_DISABLE_NOEXEC after PR_SPEC_FORCE_DISABLE", P_NOEXEC, EPERM);
	expect_state("after the refused PR_SPEC_ENABLE", P_PRCTL | P_FORCE);
	expect_set("PR_SPEC_DISABLE after PR_SPEC_FORCE_DISABLE", P_DISABLE, 0);
	expect_state("after PR_SPEC_DISABLE on a force-disabled task", P_PRCTL | P_FORCE);
	in_child("fork of a force-disabled task", child_forced_grandchild);
	exec_and_check("execve of a force-disabled task", P_PRCTL | P_FORCE, EPERM);
}

static int after_exec(int argc, char **argv)
{
	long want = strtol(argv[2], NULL, 0);
	int enable_errno = argc > 3 ? atoi(argv[3]) : 0;

	expect_state("after execve", want);
	if (enable_errno)
		expect_set("PR_SPEC_ENABLE after execve", P_ENABLE, enable_errno);
	return 0;
}

static void read_ssb_line(char *buf, size_t len)
{
	FILE *f = fopen("/sys/devices/system/cpu/vulnerabilities/spec_store_bypass", "r");

	wb_check(f, "open spec_store_bypass");
	if (!fgets(buf, len, f))
		buf[0] = 0;
	fclose(f);
	buf[strcspn(buf, "\n")] = 0;
}

int main(int argc, char **argv)
{
	char line[256];

	setvbuf(stdout, NULL, _IOLBF, 0);
	self = "/proc/self/exe";
	has_ssbs = !!(getauxval(AT_HWCAP) & HWCAP_SSBS);
	read_ssb_line(line, sizeof(line));

	if (!strcmp(line, "Not affected"))
		fixed_get = PR_SPEC_NOT_AFFECTED;
	else if (!strcmp(line, "Vulnerable"))
		fixed_get = PR_SPEC_ENABLE;
	else if (strcmp(line, "Mitigation: Speculative Store Bypass disabled via prctl") || !has_ssbs)
		wb_skip("spec_store_bypass '%s', hwcap ssbs %d: no case of this test", line, has_ssbs);
	if (fixed_get >= 0)
		has_ssbs = 0;	/* the bit is not the kernel's to set then */

	if (argc > 2 && !strcmp(argv[1], "--after-exec"))
		return after_exec(argc, argv);

	printf("spec_store_bypass: %s; hwcap ssbs %d; PR_GET_SPECULATION_CTRL %ld%s\n",
	       line, !!(getauxval(AT_HWCAP) & HWCAP_SSBS), get(),
	       fixed_get >= 0 ? " (not tracked: fixed)" : "");

	/* Only the store bypass control exists; bad values are ERANGE. */
	errno = 0;
	if (prctl(PR_GET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, 0, 0, 0) != -1 || errno != ENODEV)
		wb_fail("PR_GET_SPECULATION_CTRL(PR_SPEC_INDIRECT_BRANCH): errno %d, expected ENODEV", errno);
	errno = 0;
	if (prctl(PR_SET_SPECULATION_CTRL, PR_SPEC_INDIRECT_BRANCH, PR_SPEC_DISABLE, 0, 0) != -1 ||
	    errno != ENODEV)
		wb_fail("PR_SET_SPECULATION_CTRL(PR_SPEC_INDIRECT_BRANCH): errno %d, expected ENODEV", errno);
	expect_set("an invalid control (3)", 3, ERANGE);

	expect_state("at start", P_PRCTL | P_ENABLE);
	expect_set("PR_SPEC_DISABLE", P_DISABLE, 0);
	expect_state("after PR_SPEC_DISABLE", P_PRCTL | P_DISABLE);
	in_child("fork after PR_SPEC_DISABLE", child_disabled);
	exec_and_check("execve after PR_SPEC_DISABLE", P_PRCTL | P_DISABLE, 0);
	expect_set("PR_SPEC_ENABLE", P_ENABLE, 0);
	expect_state("after PR_SPEC_ENABLE", P_PRCTL | P_ENABLE);
	exec_and_check("execve after PR_SPEC_ENABLE", P_PRCTL | P_ENABLE, 0);

	expect_set("PR_SPEC_DISABLE_NOEXEC", P_NOEXEC, 0);
	expect_state("after PR_SPEC_DISABLE_NOEXEC", P_PRCTL | P_NOEXEC);
	in_child("fork after PR_SPEC_DISABLE_NOEXEC", child_noexec);
	exec_and_check("execve after PR_SPEC_DISABLE_NOEXEC", P_PRCTL | P_ENABLE, 0);
	expect_set("PR_SPEC_ENABLE after PR_SPEC_DISABLE_NOEXEC", P_ENABLE, 0);
	expect_state("after PR_SPEC_ENABLE", P_PRCTL | P_ENABLE);

	in_child("PR_SPEC_FORCE_DISABLE", child_force);
	expect_state("the parent of a force-disabled child", P_PRCTL | P_ENABLE);

	if (fixed_get >= 0)
		wb_pass("spec_store_bypass '%s': get always %ld; every set accepted, a force-disable final (EPERM)",
			line, fixed_get);
	else
		wb_pass("PR_SPEC_STORE_BYPASS with PSTATE.SSBS: enable, disable, disable-noexec, force-disable; fork and execve");
	return 0;
}
