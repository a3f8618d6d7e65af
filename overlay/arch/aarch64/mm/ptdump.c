// SPDX-License-Identifier: GPL-2.0-only
/*
 * The kernel's translation tables as text, and the W^X check at the end
 * of boot.
 *
 * The generic walker (mm/ptdump.c) visits the tables in address order
 * and reports every entry to us, a leaf or an empty slot, with its
 * depth: 0 for a pgd entry down to 4 for a pte.  Entries of the same
 * depth and the same attributes that follow one another form a run,
 * printed as one line when something changes.  Region markers
 * ("---[ Modules start ]---") are printed as the walk passes them.
 *
 * The lines have the format of arch/arm64/mm/ptdump.c, so that dumps of
 * this port and of arm64 read alike.  One difference: a block in the
 * top table is named after that table (see table_depth()).
 *
 * Files in debugfs (CONFIG_PTDUMP_DEBUGFS):
 *   kernel_page_tables        the kernel half, swapper_pg_dir
 *   current_user_page_tables  the user half of the reading process
 *   and those ptdump_debugfs_register() adds (efi_page_tables)
 */
#include <linux/debugfs.h>
#include <linux/init.h>
#include <linux/kernel.h>
#include <linux/mm.h>
#include <linux/ptdump.h>
#include <linux/sched.h>
#include <linux/seq_file.h>
#include <asm/fixmap.h>
#include <asm/memory.h>
#include <asm/pgtable.h>
#include <asm/ptdump.h>
#include <asm/sections.h>
#include <asm/setup.h>

/*
 * One word of the attribute column: @if_set when the descriptor bits
 * under @mask equal @want, else @if_clear (nothing when NULL).
 */
struct attr_word {
	u64 mask;
	u64 want;
	const char *if_set;
	const char *if_clear;
};

/*
 * Bit 1 of a valid descriptor: set in a table or a level 3 page
 * descriptor, clear in a block descriptor (DDI 0487 L.a, VMSAv8-64
 * descriptor bits[1:0]).  The walker never hands us a table entry, so
 * at levels 0-2 a clear bit means a block.
 */
#define DESC_NOT_BLOCK		(DESC_TABLE & ~DESC_VALID)

/*
 * In the order arm64 prints them.  CON, which the port does not set
 * yet, keeps its column so that a stray contiguous hint shows up.
 */
static const struct attr_word attr_words[] = {
	{ DESC_VALID,		DESC_VALID,	" ",	"F" },
	{ PTE_USER,		PTE_USER,	"USR",	"   " },
	{ PTE_RDONLY,		PTE_RDONLY,	"ro",	"RW" },
	{ PTE_PXN,		PTE_PXN,	"NX",	"x " },
	{ PTE_SHARED,		PTE_SHARED,	"SHD",	"   " },
	{ PTE_AF,		PTE_AF,		"AF",	"  " },
	{ PTE_NG,		PTE_NG,		"NG",	"  " },
	{ PTE_CONT,		PTE_CONT,	"CON",	"   " },
	{ DESC_NOT_BLOCK,	DESC_NOT_BLOCK,	"   ",	"BLK" },
	{ PTE_UXN,		PTE_UXN,	"UXN",	"   " },
	{ PTE_ATTRINDX_MASK, PTE_ATTRINDX(MT_NORMAL),		"MEM/NORMAL" },
	{ PTE_ATTRINDX_MASK, PTE_ATTRINDX(MT_NORMAL_NC),	"MEM/NORMAL-NC" },
	{ PTE_ATTRINDX_MASK, PTE_ATTRINDX(MT_DEVICE_nGnRnE),	"DEVICE/nGnRnE" },
	{ PTE_ATTRINDX_MASK, PTE_ATTRINDX(MT_DEVICE_nGnRE),	"DEVICE/nGnRE" },
};

/*
 * The descriptor bits that tell two runs apart: those of the words
 * above.  The output address, the DBM bit (PTE_WRITE) and the software
 * bits (PTE_DIRTY...) are left out, as arm64 leaves them out.
 */
#define DUMP_ATTR_MASK	(DESC_VALID | PTE_USER | PTE_RDONLY | PTE_PXN | \
			 PTE_SHARED | PTE_AF | PTE_NG | PTE_CONT | \
			 DESC_NOT_BLOCK | PTE_UXN | PTE_ATTRINDX_MASK)

/* Indexed by the walker's depth. */
static const char * const depth_names[] = { "PGD", "P4D", "PUD", "PMD", "PTE" };

/*
 * With folded levels, mm/ptdump.c reports an empty slot of the top
 * table at depth 0 but a block in it at the depth of its entry type: a
 * 1GB block of the 4K/39 configuration (three levels) comes as a pud.
 * Name both after the table they sit in, so that a top-level entry is
 * a PGD whether it maps something or not.
 */
static int table_depth(int depth)
{
	static const bool folded[] = {
		false, PTRS_PER_P4D == 1, PTRS_PER_PUD == 1, PTRS_PER_PMD == 1,
	};

	while (depth > 0 && depth < ARRAY_SIZE(folded) && folded[depth])
		depth--;
	return depth;
}

struct pt_dumper {
	struct ptdump_state walker;	/* what mm/ptdump.c calls back */
	struct seq_file *seq;		/* NULL: check only, print nothing */
	const struct addr_marker *mark;	/* next marker to print */
	unsigned long end;		/* end of the walk, 0 for 2^64 */
	unsigned long run_start;
	u64 run_attrs;			/* 0 for unmapped */
	int run_depth;			/* -1 until the first entry */
	bool check_wx;
	unsigned long wx_pages;
	unsigned long uxn_pages;
};

static bool mark_due(const struct pt_dumper *d, unsigned long addr)
{
	return d->mark->name && d->mark->addr <= addr;
}

static void emit_mark(struct pt_dumper *d)
{
	if (d->seq)
		seq_printf(d->seq, "---[ %s ]---\n", d->mark->name);
	d->mark++;
}

/*
 * A kernel mapping that is both writable and executable at EL1 gives
 * an attacker who can write memory a place to put code: EL1 may write
 * it when AP[2] (PTE_RDONLY) is clear and execute it when PXN is clear
 * (DDI 0487 L.a, stage 1 descriptor fields AP[2:1] and PXN; the port
 * leaves SCTLR_EL1.WXN clear, so the hardware does not forbid the
 * combination itself).
 *
 * UXN is checked too: AP[1] clear denies EL0 data accesses only, and
 * EL0 may still fetch instructions from a kernel page whose UXN is
 * clear (DDI 0487 L.a, stage 1 descriptor field UXN).
 */
static void check_run(struct pt_dumper *d, unsigned long end)
{
	unsigned long pages = (end - d->run_start) >> PAGE_SHIFT;
	u64 attrs = d->run_attrs;

	if (!(attrs & DESC_VALID))
		return;

	if (!(attrs & (PTE_RDONLY | PTE_PXN))) {
		WARN_ONCE(1, "aarch64/mm: W+X mapping at %pS\n",
			  (void *)d->run_start);
		d->wx_pages += pages;
	}
	if (!(attrs & PTE_UXN)) {
		WARN_ONCE(1, "aarch64/mm: kernel mapping executable at EL0 at %pS\n",
			  (void *)d->run_start);
		d->uxn_pages += pages;
	}
}

/* The size of [start, end) in the largest unit that divides it. */
static void print_size(struct seq_file *m, unsigned long start,
		       unsigned long end)
{
	static const char units[] = "KMGTPE";
	unsigned long n = (end - start) >> 10;
	int u = 0;

	while (units[u + 1] && n && !(n % 1024)) {
		n /= 1024;
		u++;
	}
	seq_printf(m, "%9lu%c", n, units[u]);
}

/* Account for, and print, the run that stops at @end. */
static void emit_run(struct pt_dumper *d, unsigned long end)
{
	const struct attr_word *w;

	if (d->check_wx)
		check_run(d, end);
	if (!d->seq)
		return;

	seq_printf(d->seq, "0x%016lx-0x%016lx   ", d->run_start, end);
	print_size(d->seq, d->run_start, end);
	seq_printf(d->seq, " %s", depth_names[d->run_depth]);
	if (d->run_attrs) {
		for (w = attr_words; w < attr_words + ARRAY_SIZE(attr_words); w++) {
			const char *s = (d->run_attrs & w->mask) == w->want ?
					w->if_set : w->if_clear;

			if (s)
				seq_printf(d->seq, " %s", s);
		}
	}
	seq_putc(d->seq, '\n');
}

/*
 * End the current run at @addr, with the markers it crosses.  An
 * unmapped run is cut at each of them, so that a region's lines add up
 * to its size even where one empty top-level entry spans two regions;
 * a mapped run is printed whole (half a block entry would misstate what
 * the tables hold), its markers after it.
 *
 * @addr may be 0 for the end of the address space: "mark < addr" is
 * written "mark - 1 < addr - 1" to hold then too.
 */
static void close_run(struct pt_dumper *d, unsigned long addr)
{
	if (!d->run_attrs) {
		while (d->mark->name && d->mark->addr - 1 < addr - 1) {
			emit_run(d, d->mark->addr);
			d->run_start = d->mark->addr;
			emit_mark(d);
		}
	}
	emit_run(d, addr);
	while (mark_due(d, addr))
		emit_mark(d);
}

static void note_entry(struct ptdump_state *pt, unsigned long addr,
		       int depth, u64 desc)
{
	struct pt_dumper *d = container_of(pt, struct pt_dumper, walker);
	u64 attrs = desc & DUMP_ATTR_MASK;

	depth = table_depth(depth);
	if (d->run_depth < 0) {
		while (mark_due(d, addr))
			emit_mark(d);
	} else {
		if (attrs == d->run_attrs && depth == d->run_depth &&
		    !mark_due(d, addr))
			return;
		close_run(d, addr);
	}
	d->run_start = addr;
	d->run_attrs = attrs;
	d->run_depth = depth;
}

static void note_pte(struct ptdump_state *pt, unsigned long addr, pte_t pte)
{
	note_entry(pt, addr, 4, pte_val(pte));
}

static void note_pmd(struct ptdump_state *pt, unsigned long addr, pmd_t pmd)
{
	note_entry(pt, addr, 3, pmd_val(pmd));
}

static void note_pud(struct ptdump_state *pt, unsigned long addr, pud_t pud)
{
	note_entry(pt, addr, 2, pud_val(pud));
}

static void note_p4d(struct ptdump_state *pt, unsigned long addr, p4d_t p4d)
{
	note_entry(pt, addr, 1, p4d_val(p4d));
}

static void note_pgd(struct ptdump_state *pt, unsigned long addr, pgd_t pgd)
{
	note_entry(pt, addr, 0, pgd_val(pgd));
}

/* After the last entry: the last run, and markers the walk never reached. */
static void note_flush(struct ptdump_state *pt)
{
	struct pt_dumper *d = container_of(pt, struct pt_dumper, walker);

	if (d->run_depth >= 0)
		close_run(d, d->end);
	while (d->mark->name)
		emit_mark(d);
}

/*
 * Walk [start, end) of @mm.  ptdump_range cannot say 2^64: an @end of 0
 * walks up to ~0UL, which loses only the last byte, in the guard gap
 * above the fixmap.
 */
static void dump_walk(struct pt_dumper *d, struct mm_struct *mm,
		      unsigned long start, unsigned long end)
{
	struct ptdump_range range[] = {
		{ start, end ? end : ~0UL },
		{ 0, 0 },
	};

	d->walker.note_page_pte = note_pte;
	d->walker.note_page_pmd = note_pmd;
	d->walker.note_page_pud = note_pud;
	d->walker.note_page_p4d = note_p4d;
	d->walker.note_page_pgd = note_pgd;
	d->walker.note_page_flush = note_flush;
	d->walker.range = range;
	d->end = end;
	d->run_depth = -1;

	ptdump_walk_pgd(&d->walker, mm, NULL);
}

/*
 * The kernel half in address order (memory.rst has the layout), but for
 * the kernel image, which kernel_marks_init() inserts where it runs.
 */
static const struct addr_marker layout_marks[] = {
	{ PAGE_OFFSET,			"Linear Mapping start" },
	{ PAGE_END,			"Linear Mapping end" },
#ifdef CONFIG_KASAN
	{ KASAN_SHADOW_START,		"Kasan shadow start" },
	{ KASAN_SHADOW_END,		"Kasan shadow end" },
#endif
	{ MODULES_VADDR,		"Modules start" },
	{ MODULES_END,			"Modules end" },
	{ VMALLOC_START,		"vmalloc() area" },
	{ VMALLOC_END,			"vmalloc() end" },
	{ VMEMMAP_START,		"vmemmap start" },
	{ VMEMMAP_END,			"vmemmap end" },
	{ PCI_IO_START,			"PCI I/O start" },
	{ PCI_IO_END,			"PCI I/O end" },
	{ FDT_VIRT_BASE,		"Device tree start" },
	{ FDT_VIRT_BASE + FDT_VIRT_SIZE, "Device tree end" },
	{ FIXADDR_TOT_START,		"Fixmap start" },
	{ FIXADDR_TOP,			"Fixmap end" },
	{ 0, NULL },
};

static struct addr_marker kernel_marks[ARRAY_SIZE(layout_marks) + 2] __ro_after_init;

/*
 * The image's markers go around its slot at KIMAGE_VADDR (right after
 * "Modules end", right before "vmalloc() area", which share its
 * bounds), or, with KASLR, around the image itself, inside the vmalloc
 * area.
 */
static void __init kernel_marks_init(void)
{
	unsigned long start = KIMAGE_VADDR, end = KIMAGE_VADDR + KIMAGE_VSIZE;
	const struct addr_marker *m;
	struct addr_marker *out = kernel_marks;
	bool start_done = false, end_done = false;

	if (kaslr_enabled()) {
		start = (unsigned long)_text;
		end = PAGE_ALIGN((unsigned long)_end);
	}

	for (m = layout_marks; ; m++) {
		if (!start_done && (!m->name || m->addr > start)) {
			*out++ = (struct addr_marker){ start, "Kernel image start" };
			start_done = true;
		}
		if (!end_done && (!m->name || m->addr >= end)) {
			*out++ = (struct addr_marker){ end, "Kernel image end" };
			end_done = true;
		}
		*out++ = *m;
		if (!m->name)
			break;
	}
}

/*
 * Called by mark_readonly() (init/main.c, through debug_checkwx()) once
 * the image's final permissions are in place, and by reads of
 * check_wx_pages in debugfs.
 */
bool ptdump_check_wx(void)
{
	static const struct addr_marker no_marks[] = { { 0, NULL } };
	struct pt_dumper d = {
		.mark = no_marks,
		.check_wx = true,
	};

	dump_walk(&d, &init_mm, PAGE_OFFSET, 0);

	if (d.wx_pages || d.uxn_pages) {
		pr_warn("Checked W+X mappings: FAILED, %lu W+X pages found, %lu non-UXN pages found\n",
			d.wx_pages, d.uxn_pages);
		return false;
	}
	pr_info("Checked W+X mappings: passed, no W+X pages found\n");
	return true;
}

static int kernel_tables_show(struct seq_file *m, void *v)
{
	struct pt_dumper d = {
		.seq = m,
		.mark = kernel_marks,
	};

	dump_walk(&d, &init_mm, PAGE_OFFSET, 0);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(kernel_tables);

/*
 * The TTBR0_EL1 half of the process that reads the file: its user
 * pages, with the attributes the hardware sees (AP[2] set on clean
 * pages, AF clear on old ones).
 */
static int user_tables_show(struct seq_file *m, void *v)
{
	static const struct addr_marker user_marks[] = {
		{ 0,		"User space start" },
		{ TASK_SIZE,	"User space end" },
		{ 0, NULL },
	};
	struct pt_dumper d = {
		.seq = m,
		.mark = user_marks,
	};

	/* A kernel thread has no user half. */
	if (!current->mm)
		return -EINVAL;

	dump_walk(&d, current->mm, 0, TASK_SIZE);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(user_tables);

/* A file of ptdump_debugfs_register(): its mm up to its last marker. */
static int registered_tables_show(struct seq_file *m, void *v)
{
	const struct ptdump_info *info = m->private;
	const struct addr_marker *last = info->markers;
	struct pt_dumper d = {
		.seq = m,
		.mark = info->markers,
	};

	while (last[1].name)
		last++;
	dump_walk(&d, info->mm, info->base_addr, last->addr);
	return 0;
}
DEFINE_SHOW_ATTRIBUTE(registered_tables);

#ifdef CONFIG_PTDUMP_DEBUGFS
void __init ptdump_debugfs_register(struct ptdump_info *info, const char *name)
{
	debugfs_create_file(name, 0400, NULL, info, &registered_tables_fops);
}
#endif

static int __init ptdump_files_init(void)
{
	if (!IS_ENABLED(CONFIG_PTDUMP_DEBUGFS))
		return 0;

	kernel_marks_init();
	debugfs_create_file("kernel_page_tables", 0400, NULL, NULL,
			    &kernel_tables_fops);
	debugfs_create_file("current_user_page_tables", 0400, NULL, NULL,
			    &user_tables_fops);
	return 0;
}
device_initcall(ptdump_files_init);
