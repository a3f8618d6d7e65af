// SPDX-License-Identifier: GPL-2.0-only
/*
 * wb_string: KUnit suite "wb-string" for the architecture's memset(),
 * memcpy(), memmove(), clear_page() and copy_page() (tests/kmod/kunit.sh
 * loads it), each against a byte-at-a-time reference on random contents.
 *
 * Every length from 0 to 600 bytes, then lengths around 1KB, 2KB, 4KB,
 * 8KB and 16KB (the size of a kernel stack that fork() clears), each at
 * start offsets across a 64-byte line: where a routine goes from bytes
 * to doublewords, to 64-byte blocks, to DC ZVA blocks with their
 * alignment head and tail.  The bytes on each side of the destination range, 64 of
 * them, must keep their random values: an overrun by one store shows.
 * memset() is tried with zero (the DC ZVA path, when long enough) and
 * with a byte whose bit 7 is set (the replication into all lanes).
 * memmove() with overlaps in both directions at every distance up to
 * 64 bytes and at some longer ones.
 */
#include <kunit/test.h>
#include <linux/mm.h>
#include <linux/module.h>
#include <linux/prandom.h>
#include <linux/slab.h>
#include <linux/string.h>

#define GUARD		64
#define MAX_LEN		(16384 + 71)
#define BUF_SIZE	(2 * GUARD + 64 + 4200 + 4100 + 4096 + MAX_LEN)

struct wb_bufs {
	u8 *dst;	/* what the routine under test wrote to */
	u8 *ref;	/* what the reference wrote to: same starting bytes */
	u8 *src;
	struct rnd_state rnd;
};

static int wb_string_init(struct kunit *test)
{
	struct wb_bufs *b = kunit_kzalloc(test, sizeof(*b), GFP_KERNEL);

	KUNIT_ASSERT_NOT_NULL(test, b);
	b->dst = kunit_kmalloc(test, BUF_SIZE, GFP_KERNEL);
	b->ref = kunit_kmalloc(test, BUF_SIZE, GFP_KERNEL);
	b->src = kunit_kmalloc(test, BUF_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, b->dst);
	KUNIT_ASSERT_NOT_NULL(test, b->ref);
	KUNIT_ASSERT_NOT_NULL(test, b->src);
	prandom_seed_state(&b->rnd, 0x5eed5eedULL);
	test->priv = b;
	return 0;
}

/*
 * The lengths tried: every one up to 600 bytes, then a few around each
 * larger power of two.  wb_len() gives the i-th, 0 past the last.
 */
static const size_t wb_edges[] = { 1024, 2048, 4096, 8192, 16384 };
static const int wb_edge_delta[] = { -9, -1, 0, 1, 9, 71 };
#define WB_NR_LENS	(601 + ARRAY_SIZE(wb_edges) * ARRAY_SIZE(wb_edge_delta))

static size_t wb_len(unsigned int i)
{
	if (i <= 600)
		return i;
	i -= 601;
	return wb_edges[i / ARRAY_SIZE(wb_edge_delta)] +
	       wb_edge_delta[i % ARRAY_SIZE(wb_edge_delta)];
}

/*
 * Start offsets within a 64-byte line: for short lengths all of the
 * first 16 and then every 7th, for longer ones a few (the alignment
 * heads of the routines are all short).
 */
static unsigned int wb_next_off(unsigned int off, size_t len)
{
	if (len > 128)
		return off < 8 ? off + 7 : off + 21;
	return off < 15 ? off + 1 : off + 7;
}

/*
 * Fresh random bytes in dst[from, to) (and the same in ref) and in src:
 * only the window a case looks at, so that each step costs about its
 * length.
 */
static void wb_fill(struct wb_bufs *b, size_t from, size_t to)
{
	prandom_bytes_state(&b->rnd, b->dst + from, to - from);
	memcpy(b->ref + from, b->dst + from, to - from);
	prandom_bytes_state(&b->rnd, b->src + from, to - from);
}

static bool wb_same(struct kunit *test, struct wb_bufs *b, const char *what,
		    size_t from, size_t to, size_t at, size_t len)
{
	size_t i;

	for (i = from; i < to; i++) {
		if (b->dst[i] != b->ref[i]) {
			KUNIT_FAIL(test, "%s: destination offset %zu, length %zu: byte %zd from the start of the destination is %02x, expected %02x",
				   what, at % 64, len, (ssize_t)i - (ssize_t)at,
				   b->dst[i], b->ref[i]);
			return false;
		}
	}
	return true;
}

static void wb_memset_case(struct kunit *test)
{
	static const int values[] = { 0, 0xa5 };
	struct wb_bufs *b = test->priv;
	unsigned int i, off, v;
	size_t len, j;

	for (i = 0; i < WB_NR_LENS; i++) {
		len = wb_len(i);
		for (off = 0; off < 64; off = wb_next_off(off, len)) {
			size_t at = GUARD + off;

			for (v = 0; v < ARRAY_SIZE(values); v++) {
				wb_fill(b, off, at + len + GUARD);
				KUNIT_ASSERT_PTR_EQ(test, memset(b->dst + at, values[v], len),
						    (void *)(b->dst + at));
				for (j = 0; j < len; j++)
					b->ref[at + j] = values[v];
				if (!wb_same(test, b, values[v] ? "memset(0xa5)" : "memset(0)",
					     off, at + len + GUARD, at, len))
					return;
			}
		}
	}
}

static void wb_memcpy_case(struct kunit *test)
{
	struct wb_bufs *b = test->priv;
	unsigned int i, off, soff;
	size_t len, j;

	for (i = 0; i < WB_NR_LENS; i++) {
		len = wb_len(i);
		for (off = 0; off < 64; off = wb_next_off(off, len)) {
			size_t at = GUARD + off;

			/* A source offset unlike the destination's, too. */
			soff = GUARD + (off * 7 + 3) % 64;
			wb_fill(b, 0, max(at, soff) + len + GUARD);
			KUNIT_ASSERT_PTR_EQ(test, memcpy(b->dst + at, b->src + soff, len),
					    (void *)(b->dst + at));
			for (j = 0; j < len; j++)
				b->ref[at + j] = b->src[soff + j];
			if (!wb_same(test, b, "memcpy", off, at + len + GUARD, at, len))
				return;
		}
	}
}

/*
 * memmove() within dst: source at MOVE_AT + off, destination @dist bytes
 * away, every distance up to 64 either way and a few longer ones.
 */
#define MOVE_AT		(GUARD + 4200)

static void wb_memmove_case(struct kunit *test)
{
	static const size_t lens[] = { 1, 7, 8, 15, 16, 63, 64, 65, 127, 200,
				       511, 600, 1000, 4096, 4100 };
	static const int far[] = { 100, 1000, 4096 };
	struct wb_bufs *b = test->priv;
	unsigned int l, off, f;
	int dist;
	size_t j;
	u8 *tmp;

	tmp = kunit_kmalloc(test, MAX_LEN, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, tmp);
	for (l = 0; l < ARRAY_SIZE(lens); l++) {
		size_t len = lens[l];

		for (f = 0; f < 129 + 2 * ARRAY_SIZE(far); f++) {
			if (f < 129)
				dist = (int)f - 64;
			else if (f < 129 + ARRAY_SIZE(far))
				dist = -far[f - 129];
			else
				dist = far[f - 129 - ARRAY_SIZE(far)];
			for (off = 0; off < 16; off += 5) {
				size_t s_at = MOVE_AT + off, d_at = s_at + dist;
				size_t from = min(s_at, d_at) - GUARD;
				size_t to = max(s_at, d_at) + len + GUARD;

				wb_fill(b, from, to);
				for (j = 0; j < len; j++)
					tmp[j] = b->ref[s_at + j];
				for (j = 0; j < len; j++)
					b->ref[d_at + j] = tmp[j];
				KUNIT_ASSERT_PTR_EQ(test,
					memmove(b->dst + d_at, b->dst + s_at, len),
					(void *)(b->dst + d_at));
				if (!wb_same(test, b, "memmove", from, to, d_at, len))
					return;
			}
		}
	}
}

static void wb_clear_page_case(struct kunit *test)
{
	struct wb_bufs *b = test->priv;
	struct page *pages = alloc_pages(GFP_KERNEL, 2);
	u8 *p, *copy;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, pages);
	copy = kunit_kmalloc(test, 4 * PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	p = page_address(pages);
	prandom_bytes_state(&b->rnd, p, 4 * PAGE_SIZE);
	memcpy(copy, p, 4 * PAGE_SIZE);
	clear_page(p + PAGE_SIZE);
	clear_page(p + 2 * PAGE_SIZE);
	memset(copy + PAGE_SIZE, 0, 2 * PAGE_SIZE);
	for (i = 0; i < 4 * PAGE_SIZE; i++) {
		if (p[i] != copy[i]) {
			KUNIT_FAIL(test, "clear_page: byte %d of four pages (pages 1 and 2 cleared) is %02x, expected %02x",
				   i, p[i], copy[i]);
			break;
		}
	}
	__free_pages(pages, 2);
}

/*
 * copy_page() from page 2 to page 1 of four pages of random bytes: page
 * 1 must then equal page 2 and the others keep their bytes.
 */
static void wb_copy_page_case(struct kunit *test)
{
	struct wb_bufs *b = test->priv;
	struct page *pages = alloc_pages(GFP_KERNEL, 2);
	u8 *p, *copy;
	int i;

	KUNIT_ASSERT_NOT_NULL(test, pages);
	copy = kunit_kmalloc(test, 4 * PAGE_SIZE, GFP_KERNEL);
	KUNIT_ASSERT_NOT_NULL(test, copy);
	p = page_address(pages);
	prandom_bytes_state(&b->rnd, p, 4 * PAGE_SIZE);
	memcpy(copy, p, 4 * PAGE_SIZE);
	copy_page(p + PAGE_SIZE, p + 2 * PAGE_SIZE);
	memcpy(copy + PAGE_SIZE, copy + 2 * PAGE_SIZE, PAGE_SIZE);
	for (i = 0; i < 4 * PAGE_SIZE; i++) {
		if (p[i] != copy[i]) {
			KUNIT_FAIL(test, "copy_page: byte %d of four pages (page 2 copied to page 1) is %02x, expected %02x",
				   i, p[i], copy[i]);
			break;
		}
	}
	__free_pages(pages, 2);
}

static struct kunit_case wb_string_cases[] = {
	KUNIT_CASE(wb_memset_case),
	KUNIT_CASE(wb_memcpy_case),
	KUNIT_CASE(wb_memmove_case),
	KUNIT_CASE(wb_clear_page_case),
	KUNIT_CASE(wb_copy_page_case),
	{}
};

static struct kunit_suite wb_string_suite = {
	.name = "wb-string",
	.init = wb_string_init,
	.test_cases = wb_string_cases,
};
kunit_test_suite(wb_string_suite);

MODULE_DESCRIPTION("KUnit tests of memset, memcpy, memmove, clear_page and copy_page against byte-wise references");
MODULE_LICENSE("GPL");
