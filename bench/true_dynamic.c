// SPDX-License-Identifier: GPL-2.0-only
/*
 * bench/true_static.c linked dynamically (wb-link: dynamic) against
 * Debian's arm64 glibc, as Debian's own programs are: bench/micro.c's
 * fork_exec_dynamic figure executes it, so that the figure adds to
 * fork_exec's what the dynamic loader does at every exec of a Debian
 * program -- mapping ld.so and libc.so.6, their relocations and the
 * faults on the libraries' pages.
 */
int main(void)
{
	return 0;
}
