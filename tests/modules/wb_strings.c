// SPDX-License-Identifier: GPL-2.0-only
/*
 * wb_strings: the kernel's strlen(), strnlen(), strcmp(), strncmp() and
 * memcmp(), and the path walk's load_unaligned_zeropad(), checked at
 * module init against byte-at-a-time references (tests/kmod/strings.sh).
 * On the port without KASAN the five are arch/aarch64/lib's, which read
 * 8 bytes at a time; the cases go after what that can get wrong:
 *
 *  - every start alignment within 16 bytes, every length up to 80 and
 *    some longer ones, with zero bytes just before the start;
 *  - strings made of the bytes that the word-at-a-time zero test handles
 *    specially (0x01, 0x80, 0xff), and bytes after the NUL that differ
 *    between the two strings compared;
 *  - first differences whose order as signed and as unsigned char
 *    disagree (0x7f against 0x80), before, at and after an n limit;
 *  - strings and buffers that end at the last byte of a vmalloc()ed
 *    page, which an unmapped guard page follows: a load past the end
 *    faults there.
 *
 * The first failure is logged and fails the load; success logs
 * "wb_strings: N checks passed".
 */
#include <linux/compiler.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>
#include <linux/vmalloc.h>
#ifdef CONFIG_DCACHE_WORD_ACCESS
#include <asm/word-at-a-time.h>
#endif

#define BUF	1024

static unsigned long checks;
static struct rnd_state rnd;

/* Through pointers the compiler cannot see through: the calls stay. */
static size_t (*t_strlen)(const char *s);
static size_t (*t_strnlen)(const char *s, size_t n);
static int (*t_strcmp)(const char *a, const char *b);
static int (*t_strncmp)(const char *a, const char *b, size_t n);
static int (*t_memcmp)(const void *a, const void *b, size_t n);

#define CHECK(cond, fmt, ...) ({					\
	bool __ok = (cond);						\
	checks++;							\
	if (!__ok)							\
		pr_err("wb_strings: " fmt "\n", ##__VA_ARGS__);		\
	__ok;								\
})

static int sign(long v)
{
	return (v > 0) - (v < 0);
}

/* The references: a byte at a time, bytes as unsigned char. */
static size_t ref_strnlen(const u8 *s, size_t n)
{
	size_t i;

	for (i = 0; i < n && s[i]; i++)
		;
	return i;
}

static int ref_strncmp(const u8 *a, const u8 *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++) {
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
		if (!a[i])
			break;
	}
	return 0;
}

static int ref_memcmp(const u8 *a, const u8 *b, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

/* String bytes: random non-zero ones, or all 0x01, 0x80 or 0xff. */
#define NR_PATTERNS	4

static void fill(u8 *p, size_t len, int pattern)
{
	static const u8 bytes[NR_PATTERNS] = { 0, 0x01, 0x80, 0xff };
	size_t i;

	if (pattern) {
		memset(p, bytes[pattern], len);
		return;
	}
	prandom_bytes_state(&rnd, p, len);
	for (i = 0; i < len; i++)
		if (!p[i])
			p[i] = 0x5a;
}

/* Lengths: all up to 80, then some around 128, 256 and 512. */
static size_t next_len(size_t len)
{
	static const size_t more[] = { 95, 127, 128, 129, 255, 256, 257, 511, 600 };
	unsigned int i;

	if (len < 80)
		return len + 1;
	for (i = 0; i < ARRAY_SIZE(more); i++)
		if (more[i] > len)
			return more[i];
	return 0;
}

static int check_strlen(u8 *a)
{
	size_t len, want, ns[9];
	unsigned int off, i;
	int pat;

	for (pat = 0; pat < NR_PATTERNS; pat++) {
		for (off = 0; off < 16; off++) {
			len = 0;
			do {
				const char *s = (const char *)a + off;

				memset(a, 0, off);		/* zeros before s */
				fill(a + off, len, pat);
				a[off + len] = 0;
				memset(a + off + len + 1, 0x01, 16);
				if (!CHECK(t_strlen(s) == len,
					   "strlen at offset %u, pattern %d: %zu, expected %zu",
					   off, pat, t_strlen(s), len))
					return -EINVAL;
				ns[0] = 0;
				ns[1] = 1;
				ns[2] = len ? len - 1 : 0;
				ns[3] = len;
				ns[4] = len + 1;
				ns[5] = len + 7;
				ns[6] = len + 8;
				ns[7] = 4096;
				ns[8] = SIZE_MAX;
				for (i = 0; i < ARRAY_SIZE(ns); i++) {
					want = min(len, ns[i]);
					if (!CHECK(t_strnlen(s, ns[i]) == want,
						   "strnlen(length %zu, %zu) at offset %u, pattern %d: %zu, expected %zu",
						   len, ns[i], off, pat,
						   t_strnlen(s, ns[i]), want))
						return -EINVAL;
				}
				len = next_len(len);
			} while (len);
		}
	}
	return 0;
}

/* Pairs of differing bytes: the first of each is what a gets. */
static const u8 diffs[][2] = {
	{ 0x7f, 0x80 }, { 0x80, 0x7f }, { 0x01, 0x02 }, { 0xff, 0x01 },
};

static const size_t cmp_lens[] = {
	0, 1, 2, 7, 8, 9, 15, 16, 17, 24, 31, 32, 33, 63, 64, 65, 100, 200,
};

/*
 * a and b hold the same string of @len bytes at offsets @oa and @ob,
 * with different bytes after the NUL; then one byte differs.
 */
static int check_cmp_one(u8 *a, u8 *b, unsigned int oa, unsigned int ob,
			 size_t len, int pat)
{
	const char *sa = (const char *)a + oa, *sb = (const char *)b + ob;
	size_t ns[4], k, pos[3];
	unsigned int d, i, p;
	int want;

	fill(a + oa, len, pat);
	memcpy(b + ob, a + oa, len);
	a[oa + len] = b[ob + len] = 0;
	prandom_bytes_state(&rnd, a + oa + len + 1, 16);
	prandom_bytes_state(&rnd, b + ob + len + 1, 16);
	if (!CHECK(t_strcmp(sa, sb) == 0,
		   "strcmp of equal strings of %zu bytes at offsets %u, %u: %d",
		   len, oa, ob, t_strcmp(sa, sb)))
		return -EINVAL;
	if (!CHECK(t_strncmp(sa, sb, len + 1) == 0 &&
		   t_strncmp(sa, sb, SIZE_MAX) == 0,
		   "strncmp of equal strings of %zu bytes at offsets %u, %u: %d, %d",
		   len, oa, ob, t_strncmp(sa, sb, len + 1),
		   t_strncmp(sa, sb, SIZE_MAX)))
		return -EINVAL;

	/* b one byte longer: a is a prefix of b. */
	b[ob + len] = 'x';
	b[ob + len + 1] = 0;
	if (!CHECK(t_strcmp(sa, sb) < 0 && t_strcmp(sb, sa) > 0 &&
		   t_strncmp(sa, sb, len + 1) < 0 &&
		   t_strncmp(sa, sb, len) == 0,
		   "strcmp/strncmp of a %zu-byte prefix at offsets %u, %u: %d, %d, %d, %d",
		   len, oa, ob, t_strcmp(sa, sb), t_strcmp(sb, sa),
		   t_strncmp(sa, sb, len + 1), t_strncmp(sa, sb, len)))
		return -EINVAL;
	b[ob + len] = 0;

	if (!len)
		return 0;
	pos[0] = 0;
	pos[1] = len / 2;
	pos[2] = len - 1;
	for (p = 0; p < ARRAY_SIZE(pos); p++) {
		k = pos[p];
		for (d = 0; d < ARRAY_SIZE(diffs); d++) {
			u8 sa_k = a[oa + k], sb_k = b[ob + k];

			a[oa + k] = diffs[d][0];
			b[ob + k] = diffs[d][1];
			want = ref_strncmp(a + oa, b + ob, SIZE_MAX);
			if (!CHECK(sign(t_strcmp(sa, sb)) == want,
				   "strcmp, %zu bytes at offsets %u, %u, byte %zu %02x against %02x: %d, expected sign %d",
				   len, oa, ob, k, diffs[d][0], diffs[d][1],
				   t_strcmp(sa, sb), want))
				return -EINVAL;
			ns[0] = k;
			ns[1] = k + 1;
			ns[2] = len + 1;
			ns[3] = SIZE_MAX;
			for (i = 0; i < ARRAY_SIZE(ns); i++) {
				want = ref_strncmp(a + oa, b + ob, ns[i]);
				if (!CHECK(sign(t_strncmp(sa, sb, ns[i])) == want,
					   "strncmp(n %zu), %zu bytes at offsets %u, %u, byte %zu %02x against %02x: %d, expected sign %d",
					   ns[i], len, oa, ob, k, diffs[d][0],
					   diffs[d][1], t_strncmp(sa, sb, ns[i]),
					   want))
					return -EINVAL;
			}
			want = ref_memcmp(a + oa, b + ob, len);
			if (!CHECK(sign(t_memcmp(sa, sb, len)) == want &&
				   t_memcmp(sa, sb, k) == 0,
				   "memcmp, %zu bytes at offsets %u, %u, byte %zu %02x against %02x: %d (expected sign %d), %d over the first %zu",
				   len, oa, ob, k, diffs[d][0], diffs[d][1],
				   t_memcmp(sa, sb, len), want,
				   t_memcmp(sa, sb, k), k))
				return -EINVAL;
			a[oa + k] = sa_k;
			b[ob + k] = sb_k;
		}
	}
	return 0;
}

static int check_cmp(u8 *a, u8 *b)
{
	unsigned int oa, ob, l;
	int pat, ret;

	for (pat = 0; pat < NR_PATTERNS; pat++)
		for (oa = 0; oa < 16; oa++)
			for (ob = 0; ob < 16; ob++)
				for (l = 0; l < ARRAY_SIZE(cmp_lens); l++) {
					ret = check_cmp_one(a, b, oa, ob,
							    cmp_lens[l], pat);
					if (ret)
						return ret;
				}
	return 0;
}

/*
 * Strings and buffers that end at the last byte of a page, with the
 * guard page of vmalloc() after it: pa and pb are such pages.
 */
static int check_page_end(u8 *pa, u8 *pb, u8 *mid)
{
	u8 *ea = pa + PAGE_SIZE, *eb = pb + PAGE_SIZE;
	size_t e, f, n;
	int want;

	for (e = 1; e <= 24; e++) {
		/* e bytes before the end: e - 1 characters and the NUL. */
		fill(ea - e, e - 1, 0);
		ea[-1] = 0;
		if (!CHECK(t_strlen((char *)ea - e) == e - 1 &&
			   t_strnlen((char *)ea - e, SIZE_MAX) == e - 1,
			   "strlen/strnlen of %zu bytes ending at a page's end: %zu, %zu",
			   e - 1, t_strlen((char *)ea - e),
			   t_strnlen((char *)ea - e, SIZE_MAX)))
			return -EINVAL;
		/* No NUL: strnlen() must stop at the page's end. */
		fill(ea - e, e, 0);
		if (!CHECK(t_strnlen((char *)ea - e, e) == e,
			   "strnlen(%zu) without a NUL up to a page's end: %zu",
			   e, t_strnlen((char *)ea - e, e)))
			return -EINVAL;
		memcpy(eb - e, ea - e, e);
		if (!CHECK(t_strncmp((char *)ea - e, (char *)eb - e, e) == 0 &&
			   t_memcmp(ea - e, eb - e, e) == 0,
			   "strncmp/memcmp(%zu) of equal bytes up to a page's end: %d, %d",
			   e, t_strncmp((char *)ea - e, (char *)eb - e, e),
			   t_memcmp(ea - e, eb - e, e)))
			return -EINVAL;
		eb[-1] ^= 0x80;
		want = ref_memcmp(ea - e, eb - e, e);
		if (!CHECK(sign(t_memcmp(ea - e, eb - e, e)) == want &&
			   sign(t_strncmp((char *)ea - e, (char *)eb - e, e)) == want,
			   "memcmp/strncmp(%zu) differing in a page's last byte: %d, %d, expected sign %d",
			   e, t_memcmp(ea - e, eb - e, e),
			   t_strncmp((char *)ea - e, (char *)eb - e, e), want))
			return -EINVAL;
	}

	/* Strings ending at both pages' ends, of lengths e - 1 and f - 1. */
	for (e = 1; e <= 20; e++) {
		for (f = 1; f <= 20; f++) {
			memset(ea - 32, 'q', 32);
			memset(eb - 32, 'q', 32);
			ea[-1] = eb[-1] = 0;
			want = sign((long)e - (long)f);	/* the longer is above */
			if (!CHECK(sign(t_strcmp((char *)ea - e, (char *)eb - f)) == want,
				   "strcmp of %zu and %zu bytes ending at pages' ends: %d, expected sign %d",
				   e - 1, f - 1,
				   t_strcmp((char *)ea - e, (char *)eb - f), want))
				return -EINVAL;
			n = max(e, f);
			if (!CHECK(sign(t_strncmp((char *)ea - e, (char *)eb - f, n)) == want,
				   "strncmp(%zu) of %zu and %zu bytes ending at pages' ends: %d, expected sign %d",
				   n, e - 1, f - 1,
				   t_strncmp((char *)ea - e, (char *)eb - f, n), want))
				return -EINVAL;
			/* Against a string in the middle of a buffer. */
			memset(mid, 'q', f - 1);
			mid[f - 1] = 0;
			if (!CHECK(sign(t_strcmp((char *)ea - e, (char *)mid)) == want &&
				   sign(t_strcmp((char *)mid, (char *)ea - e)) == -want,
				   "strcmp of %zu bytes ending at a page's end and %zu mid-buffer: %d, %d, expected sign %d",
				   e - 1, f - 1,
				   t_strcmp((char *)ea - e, (char *)mid),
				   t_strcmp((char *)mid, (char *)ea - e), want))
				return -EINVAL;
		}
	}
	return 0;
}

#ifdef CONFIG_DCACHE_WORD_ACCESS
/*
 * load_unaligned_zeropad() from each of the last 16 bytes of a page
 * with the guard page after it: the bytes of the page, with zeros for
 * any past its end, which its exception table entry must supply.
 */
static int check_zeropad(u8 *p)
{
	unsigned long got, want;
	int off, i;

	prandom_bytes_state(&rnd, p, PAGE_SIZE);
	for (off = PAGE_SIZE - 16; off < PAGE_SIZE; off++) {
		want = 0;
		for (i = 0; i < 8 && off + i < PAGE_SIZE; i++)
			want |= (unsigned long)p[off + i] << (8 * i);
		got = load_unaligned_zeropad(p + off);
		if (!CHECK(got == want,
			   "load_unaligned_zeropad %d bytes before a page's end: %016lx, expected %016lx",
			   (int)PAGE_SIZE - off, got, want))
			return -EINVAL;
	}
	return 0;
}
#else
static int check_zeropad(u8 *p)
{
	return 0;
}
#endif

static int __init wb_strings_init(void)
{
	u8 *a = kmalloc(BUF, GFP_KERNEL), *b = kmalloc(BUF, GFP_KERNEL);
	u8 *pa = vmalloc(PAGE_SIZE), *pb = vmalloc(PAGE_SIZE);
	int ret = -ENOMEM;

	if (!a || !b || !pa || !pb)
		goto out;
	t_strlen = strlen;
	t_strnlen = strnlen;
	t_strcmp = strcmp;
	t_strncmp = strncmp;
	t_memcmp = memcmp;
	OPTIMIZER_HIDE_VAR(t_strlen);
	OPTIMIZER_HIDE_VAR(t_strnlen);
	OPTIMIZER_HIDE_VAR(t_strcmp);
	OPTIMIZER_HIDE_VAR(t_strncmp);
	OPTIMIZER_HIDE_VAR(t_memcmp);
	prandom_seed_state(&rnd, 0x57a1e5ULL);

	ret = check_strlen(a);
	if (!ret)
		ret = check_cmp(a, b);
	if (!ret)
		ret = check_page_end(pa, pb, a);
	if (!ret)
		ret = check_zeropad(pa);
	if (!ret)
		pr_info("wb_strings: %lu checks passed\n", checks);
out:
	kfree(a);
	kfree(b);
	vfree(pa);
	vfree(pb);
	return ret;
}

static void __exit wb_strings_exit(void)
{
}

module_init(wb_strings_init);
module_exit(wb_strings_exit);
MODULE_DESCRIPTION("Checks strlen, strnlen, strcmp, strncmp, memcmp and load_unaligned_zeropad against byte-wise references");
MODULE_LICENSE("GPL");
