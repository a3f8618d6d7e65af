// SPDX-License-Identifier: GPL-2.0-only
/*
 * The workload tools/perf profiles: wb_spin_outer() calls
 * wb_spin_inner(), which spins for the number of iterations on the
 * command line (default 30 million), so that cycle samples fall in
 * wb_spin_inner() with wb_spin_outer() and main() as its callers.
 * Static, with its symbols and frame pointers.
 */
#include <stdlib.h>

#pragma GCC optimize("no-omit-frame-pointer")

static volatile unsigned long sink;

__attribute__((noinline)) void wb_spin_inner(long n)
{
	for (long i = 0; i < n; i++)
		sink += i;
}

__attribute__((noinline)) void wb_spin_outer(long n)
{
	wb_spin_inner(n);
	sink++;
}

int main(int argc, char **argv)
{
	wb_spin_outer(argc > 1 ? atol(argv[1]) : 30000000);
	return 0;
}
