// SPDX-License-Identifier: GPL-2.0-only
/*
 * wb_cmpxchg: KUnit suite "wb-cmpxchg" for the 8- and 16-bit forms of
 * cmpxchg() and xchg() (tests/kmod/kunit.sh loads it).
 *
 * The exclusive loads LDXRB/LDXRH zero-extend what they read, and the
 * comparison that follows looks at the whole W register.  An expected
 * value the compiler holds in a register with stale upper bits (a u8
 * or u16 computed from a wider value: AAPCS64 leaves the upper bits of
 * a narrow argument unspecified) must still compare equal.  Each check
 * therefore goes through a helper (noinline, __noclone) whose narrow
 * operand is the truncation of a 32-bit parameter, so its register
 * holds the wide value, e.g. 0x1ab for the u8 0xab; the callers pass
 * the wide values through OPTIMIZER_HIDE_VAR so no constant is folded.
 * An architecture that uses the register as it stands reports a failed
 * comparison although the memory holds the expected value, and stores
 * nothing.
 */
#include <kunit/test.h>
#include <linux/atomic.h>
#include <linux/compiler.h>
#include <linux/module.h>

static noinline __noclone u8 wb_cmpxchg8(u8 *p, u32 wide_old,
					  u32 wide_new)
{
	return cmpxchg(p, (u8)wide_old, (u8)wide_new);
}

static noinline __noclone u16 wb_cmpxchg16(u16 *p, u32 wide_old,
					    u32 wide_new)
{
	return cmpxchg(p, (u16)wide_old, (u16)wide_new);
}

static noinline __noclone u8 wb_cmpxchg8_relaxed(u8 *p, u32 wide_old,
						  u32 wide_new)
{
	return cmpxchg_relaxed(p, (u8)wide_old, (u8)wide_new);
}

static noinline __noclone u16 wb_cmpxchg16_relaxed(u16 *p, u32 wide_old,
						    u32 wide_new)
{
	return cmpxchg_relaxed(p, (u16)wide_old, (u16)wide_new);
}

static noinline __noclone u8 wb_xchg8(u8 *p, u32 wide_new)
{
	return xchg(p, (u8)wide_new);
}

static noinline __noclone u16 wb_xchg16(u16 *p, u32 wide_new)
{
	return xchg(p, (u16)wide_new);
}

/* The byte or halfword under test sits between two that must not move. */
struct wb_cmpxchg_cell {
	u16 before;
	u8 b;
	u8 pad;
	u16 h;
	u16 after;
};

static void wb_cmpxchg_init(struct wb_cmpxchg_cell *c)
{
	c->before = 0x1234;
	c->b = 0xab;
	c->pad = 0x5a;
	c->h = 0xabcd;
	c->after = 0x5678;
}

static void wb_cmpxchg_neighbours(struct kunit *test,
				  const struct wb_cmpxchg_cell *c)
{
	KUNIT_EXPECT_EQ(test, c->before, 0x1234);
	KUNIT_EXPECT_EQ(test, c->pad, 0x5a);
	KUNIT_EXPECT_EQ(test, c->after, 0x5678);
}

/* An expected value with stale upper bits must still match. */
static void wb_cmpxchg_wide_old(struct kunit *test)
{
	struct wb_cmpxchg_cell c;
	u32 old8 = 0xffffff00 | 0xab, old16 = 0xffff0000 | 0xabcd;
	u32 new8 = 0x100 | 0x12, new16 = 0x10000 | 0x3456;

	OPTIMIZER_HIDE_VAR(old8);
	OPTIMIZER_HIDE_VAR(old16);
	OPTIMIZER_HIDE_VAR(new8);
	OPTIMIZER_HIDE_VAR(new16);

	wb_cmpxchg_init(&c);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg8(&c.b, old8, new8), 0xab);
	KUNIT_EXPECT_EQ(test, c.b, 0x12);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg16(&c.h, old16, new16), 0xabcd);
	KUNIT_EXPECT_EQ(test, c.h, 0x3456);
	wb_cmpxchg_neighbours(test, &c);

	wb_cmpxchg_init(&c);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg8_relaxed(&c.b, old8, new8), 0xab);
	KUNIT_EXPECT_EQ(test, c.b, 0x12);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg16_relaxed(&c.h, old16, new16),
			0xabcd);
	KUNIT_EXPECT_EQ(test, c.h, 0x3456);
	wb_cmpxchg_neighbours(test, &c);
}

/* A value that differs in the low bits must not match, however wide. */
static void wb_cmpxchg_mismatch(struct kunit *test)
{
	struct wb_cmpxchg_cell c;
	u32 old8 = 0xab00 | 0xac, old16 = 0xabcd0000 | 0xabce;

	OPTIMIZER_HIDE_VAR(old8);
	OPTIMIZER_HIDE_VAR(old16);

	wb_cmpxchg_init(&c);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg8(&c.b, old8, 0x12), 0xab);
	KUNIT_EXPECT_EQ(test, c.b, 0xab);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg16(&c.h, old16, 0x3456), 0xabcd);
	KUNIT_EXPECT_EQ(test, c.h, 0xabcd);
	wb_cmpxchg_neighbours(test, &c);
}

/* The top value of the type, whose sign extension would differ. */
static void wb_cmpxchg_top_values(struct kunit *test)
{
	struct wb_cmpxchg_cell c;
	u32 m1 = (u32)-1;

	OPTIMIZER_HIDE_VAR(m1);

	wb_cmpxchg_init(&c);
	c.b = 0xff;
	c.h = 0xffff;
	KUNIT_EXPECT_EQ(test, wb_cmpxchg8(&c.b, m1, 0), 0xff);
	KUNIT_EXPECT_EQ(test, c.b, 0);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg16(&c.h, m1, 0), 0xffff);
	KUNIT_EXPECT_EQ(test, c.h, 0);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg8(&c.b, 0x100, m1), 0);
	KUNIT_EXPECT_EQ(test, c.b, 0xff);
	KUNIT_EXPECT_EQ(test, wb_cmpxchg16(&c.h, 0x10000, m1), 0);
	KUNIT_EXPECT_EQ(test, c.h, 0xffff);
	wb_cmpxchg_neighbours(test, &c);
}

/* xchg() stores only the low bits and returns the old value, widened. */
static void wb_xchg_narrow(struct kunit *test)
{
	struct wb_cmpxchg_cell c;
	u32 v8 = 0xfe00 | 0x81, v16 = 0xfe000000 | 0x8001;

	OPTIMIZER_HIDE_VAR(v8);
	OPTIMIZER_HIDE_VAR(v16);

	wb_cmpxchg_init(&c);
	KUNIT_EXPECT_EQ(test, wb_xchg8(&c.b, v8), 0xab);
	KUNIT_EXPECT_EQ(test, c.b, 0x81);
	KUNIT_EXPECT_EQ(test, wb_xchg16(&c.h, v16), 0xabcd);
	KUNIT_EXPECT_EQ(test, c.h, 0x8001);
	wb_cmpxchg_neighbours(test, &c);
}

static struct kunit_case wb_cmpxchg_cases[] = {
	KUNIT_CASE(wb_cmpxchg_wide_old),
	KUNIT_CASE(wb_cmpxchg_mismatch),
	KUNIT_CASE(wb_cmpxchg_top_values),
	KUNIT_CASE(wb_xchg_narrow),
	{}
};

static struct kunit_suite wb_cmpxchg_suite = {
	.name = "wb-cmpxchg",
	.test_cases = wb_cmpxchg_cases,
};
kunit_test_suite(wb_cmpxchg_suite);

MODULE_DESCRIPTION("KUnit tests of 8- and 16-bit cmpxchg() and xchg()");
MODULE_LICENSE("GPL");
