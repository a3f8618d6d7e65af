// SPDX-License-Identifier: GPL-2.0-only
/*
 * The KASLR offset: how far above KIMAGE_VADDR the kernel image is
 * mapped, chosen by the boot CPU from the seed the boot loader leaves
 * in the device tree's /chosen/kaslr-seed (QEMU's virt machine fills
 * it).  "nokaslr" on the command line, or no usable seed, keeps the
 * link address.
 *
 * early_map.c calls this with the MMU on but from the identity map,
 * before the image is mapped at its final address and before its
 * pointers are relocated.  It is linked as kaslr_early.pi.o like
 * early_map.c, so it cannot reach libfdt or the kernel's string
 * routines: it has its own walker of the flattened device tree, which
 * stage 1 mapped at FDT_VIRT_BASE.  The walker checks every offset
 * against the blob's header and gives up on anything it does not
 * expect; a blob it cannot read gives no seed, and setup_machine_fdt()
 * reports it once a console exists.
 *
 * The seed is wiped once read (as arm64 does): the generic DT code
 * wipes only /chosen/rng-seed, and the blob stays readable from user
 * space (/sys/firmware/fdt).
 *
 * The offset formula is arm64's (arch/arm64/kernel/pi/kaslr_early.c).
 */
#include <linux/init.h>
#include <linux/sizes.h>
#include <linux/types.h>
#include <asm/byteorder.h>
#include <asm/memory.h>
#include <asm/page.h>
#include <asm/pgtable.h>
#include <asm/setup.h>

/* Linked as __pi_<name>: vmlinux.lds.S provides these so (kaslr.c). */
extern u8 kaslr_status;
extern u16 memstart_offset_seed;

/* The flattened device tree format (devicetree specification, ch. 5) */
#define FDT_MAGIC		0xd00dfeed
#define FDT_FIRST_VERSION	16
#define FDT_BEGIN_NODE		1
#define FDT_END_NODE		2
#define FDT_PROP		3
#define FDT_NOP			4

struct fdt_chosen {
	const u8 *blob;
	u32 end;		/* of the structure block */
	u32 strings;		/* offset of the strings block */
	u32 strings_end;
	u32 seed;		/* offset of /chosen/kaslr-seed's value, or 0 */
	u32 seed_len;
	u32 bootargs;		/* offset of /chosen/bootargs's value, or 0 */
	u32 bootargs_len;
};

/* Every offset passed is 4-byte aligned, and so is the blob (head.S). */
static u32 __init fdt_word(const u8 *blob, u32 off)
{
	return be32_to_cpu(*(const __be32 *)(blob + off));
}

static void __init fdt_wipe(u8 *blob, u32 off, u32 len)
{
	u32 i;

	for (i = 0; i < len; i++)
		blob[off + i] = 0;
}

/*
 * Whether the NUL-terminated string at @off, which must end before
 * @end, is @name, or (when @unit) @name followed by a unit address.
 */
static bool __init fdt_name_is(const u8 *blob, u32 off, u32 end,
			       const char *name, bool unit)
{
	for (; off < end && *name; off++, name++)
		if (blob[off] != *name)
			return false;
	if (off >= end || *name)
		return false;
	return !blob[off] || (unit && blob[off] == '@');
}

/* Offset just past the NUL of the string at @off, 0 if none before @end. */
static u32 __init fdt_str_end(const u8 *blob, u32 off, u32 end)
{
	for (; off < end; off++)
		if (!blob[off])
			return off + 1;
	return 0;
}

/*
 * Finds /chosen's kaslr-seed and bootargs.  Returns false if the blob
 * is not one this walker can trust, with nothing found.
 */
static bool __init fdt_find_chosen(const u8 *blob, struct fdt_chosen *c)
{
	u32 size, off, depth = 0;
	bool in_chosen = false;

	if (fdt_word(blob, 0) != FDT_MAGIC ||
	    fdt_word(blob, 20) < FDT_FIRST_VERSION)
		return false;
	size = fdt_word(blob, 4);
	off = fdt_word(blob, 8);
	c->strings = fdt_word(blob, 12);
	c->strings_end = c->strings + fdt_word(blob, 32);
	c->end = off + fdt_word(blob, 36);
	if (size > MAX_FDT_SIZE || off % 4 || c->end > size || c->end < off ||
	    c->strings > size || c->strings_end > size ||
	    c->strings_end < c->strings)
		return false;
	c->blob = blob;

	while (off + 4 <= c->end) {
		u32 token = fdt_word(blob, off);
		u32 len, name;

		off += 4;
		switch (token) {
		case FDT_BEGIN_NODE:
			/* The root is at depth 1, /chosen at depth 2. */
			if (++depth == 2)
				in_chosen = fdt_name_is(blob, off, c->end,
							"chosen", true);
			name = fdt_str_end(blob, off, c->end);
			if (!name)
				return false;
			off = ALIGN(name, 4);
			break;
		case FDT_END_NODE:
			if (!depth--)
				return false;
			if (in_chosen && depth == 1)
				return true;
			break;
		case FDT_PROP:
			if (off + 8 > c->end)
				return false;
			len = fdt_word(blob, off);
			name = c->strings + fdt_word(blob, off + 4);
			off += 8;
			if (len > c->end - off || name < c->strings ||
			    name >= c->strings_end)
				return false;
			if (in_chosen && depth == 2) {
				if (fdt_name_is(blob, name, c->strings_end,
						"kaslr-seed", false)) {
					c->seed = off;
					c->seed_len = len;
				} else if (fdt_name_is(blob, name,
						       c->strings_end,
						       "bootargs", false)) {
					c->bootargs = off;
					c->bootargs_len = len;
				}
			}
			off = ALIGN(off + len, 4);
			break;
		case FDT_NOP:
			break;
		default:	/* FDT_END, or not a device tree */
			return true;
		}
	}
	return false;
}

/*
 * Whether @s (@len bytes, maybe NUL-terminated) has the word "nokaslr"
 * before any " -- ", which starts the arguments for init.
 */
static bool __init cmdline_has_nokaslr(const char *s, u32 len)
{
	static const char word[] = "nokaslr";
	u32 i = 0, start, n;

	while (i < len && s[i]) {
		while (i < len && s[i] == ' ')
			i++;
		start = i;
		while (i < len && s[i] && s[i] != ' ')
			i++;
		n = i - start;
		if (n == 2 && s[start] == '-' && s[start + 1] == '-')
			return false;
		if (n == sizeof(word) - 1) {
			u32 k;

			for (k = 0; k < n && s[start + k] == word[k]; k++)
				;
			if (k == n)
				return true;
		}
	}
	return false;
}

/*
 * Reads and wipes the seed in the device tree at @fdt (its mapping at
 * FDT_VIRT_BASE), records the outcome for kaslr_init(), and returns the
 * offset of the image from KIMAGE_VADDR: 0, or a multiple of 2MB that
 * puts it in the middle half of [KIMAGE_VADDR, VMALLOC_END).
 */
u64 __init kaslr_early_init(void *fdt)
{
	struct fdt_chosen chosen = { };
	u8 *blob = fdt;
	bool nokaslr;
	u64 seed = 0, range;

	if (!fdt_find_chosen(blob, &chosen)) {
		kaslr_status = KASLR_NO_SEED;
		return 0;
	}

	if (chosen.seed && chosen.seed_len == sizeof(u64))
		seed = (u64)fdt_word(blob, chosen.seed) << 32 |
		       fdt_word(blob, chosen.seed + 4);
	if (chosen.seed)
		fdt_wipe(blob, chosen.seed, chosen.seed_len);

	/* The device tree's bootargs, or CONFIG_CMDLINE if it has none. */
	if (chosen.bootargs && chosen.bootargs_len && blob[chosen.bootargs])
		nokaslr = cmdline_has_nokaslr((const char *)blob +
					      chosen.bootargs,
					      chosen.bootargs_len);
	else
		nokaslr = cmdline_has_nokaslr(CONFIG_CMDLINE,
					      sizeof(CONFIG_CMDLINE));

	if (nokaslr) {
		kaslr_status = KASLR_DISABLED_CMDLINE;
		return 0;
	}
	if (!seed) {
		kaslr_status = KASLR_NO_SEED;
		return 0;
	}
	kaslr_status = KASLR_ENABLED;

	/* The linear map takes the low 16 bits (mm/init.c). */
	memstart_offset_seed = seed & 0xffff;

	/*
	 * The seed picks a point in the middle half of the span, away from
	 * the fixed slot at KIMAGE_VADDR that "nokaslr" uses and from the
	 * end of the vmalloc area.
	 */
	range = (VMALLOC_END - KIMAGE_VADDR) / 2;
	return (range / 2 + (u64)(((__uint128_t)range * seed) >> 64)) &
	       ~(u64)(SZ_2M - 1);
}
