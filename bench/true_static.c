// SPDX-License-Identifier: GPL-2.0-only
/*
 * The smallest program the build makes: a static binary that exits 0 at
 * once.  bench/micro.c's fork_exec benchmark executes it, so that the
 * figure is the cost of fork + execve + a static glibc start-up + exit +
 * wait, without any work of the program's own.
 */
int main(void)
{
	return 0;
}
