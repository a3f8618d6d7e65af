/*
 * kotool: read and corrupt a kernel module (.ko, ELF64 little-endian
 * relocatable) for the kmod/bad_input test.  Each command that changes
 * the file rewrites it in place (work on a copy) and prints what it
 * changed, for the test's log.
 *
 *   kotool versions FILE       list the __versions table: CRC and symbol
 *   kotool crc FILE            flip every bit of the first __versions CRC
 *                              (struct modversion_info: an unsigned long
 *                              crc, then the symbol name, 64 bytes an
 *                              entry); prints the symbol's name
 *   kotool vermagic FILE       change one character of the vermagic
 *                              string in .modinfo after its first space
 *                              (with MODVERSIONS the kernel compares only
 *                              that part: "SMP preempt mod_unload ...");
 *                              the length stays the same
 *   kotool rela FILE TYPE      set the type of the first relocation of the
 *                              first SHT_RELA section that applies to an
 *                              allocated section to TYPE (e.g. 0x7fff);
 *                              prints the section, offset and old type
 *   kotool addend FILE TYPE ADDEND
 *                              add ADDEND to the addend of the first
 *                              relocation of type TYPE (in any SHT_RELA
 *                              section for an allocated section): an
 *                              ADRP (275) target moved 2^40 bytes away is
 *                              out of range for any placement
 *
 * Exit status 0 on success, 1 with a message when the file is not what
 * was expected.
 */
#include <elf.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *path;
static unsigned char *buf;
static size_t len;

static void die(const char *msg)
{
	fprintf(stderr, "kotool: %s: %s\n", path, msg);
	exit(1);
}

static void load(void)
{
	FILE *f = fopen(path, "rb");
	long n;

	if (!f || fseek(f, 0, SEEK_END) || (n = ftell(f)) < 0 || fseek(f, 0, SEEK_SET))
		die(strerror(errno));
	len = n;
	buf = malloc(len ? len : 1);
	if (!buf || fread(buf, 1, len, f) != len)
		die("cannot read");
	fclose(f);
}

static void save(void)
{
	FILE *f = fopen(path, "r+b");

	if (!f || fwrite(buf, 1, len, f) != len || fclose(f))
		die("cannot write back");
}

static Elf64_Ehdr *ehdr(void)
{
	Elf64_Ehdr *h = (Elf64_Ehdr *)buf;

	if (len < sizeof(*h) || memcmp(h->e_ident, ELFMAG, SELFMAG) ||
	    h->e_ident[EI_CLASS] != ELFCLASS64 || h->e_ident[EI_DATA] != ELFDATA2LSB ||
	    h->e_type != ET_REL || h->e_shentsize != sizeof(Elf64_Shdr) ||
	    h->e_shoff + (size_t)h->e_shnum * sizeof(Elf64_Shdr) > len ||
	    h->e_shstrndx >= h->e_shnum)
		die("not an ELF64 little-endian relocatable object");
	return h;
}

static Elf64_Shdr *shdr(int i)
{
	Elf64_Shdr *s = (Elf64_Shdr *)(buf + ehdr()->e_shoff) + i;

	if (s->sh_type != SHT_NOBITS && s->sh_offset + s->sh_size > len)
		die("a section lies past the end of the file");
	return s;
}

static const char *secname(int i)
{
	Elf64_Shdr *str = shdr(ehdr()->e_shstrndx);
	Elf64_Word off = shdr(i)->sh_name;

	if (off >= str->sh_size)
		die("bad section name");
	return (const char *)buf + str->sh_offset + off;
}

static Elf64_Shdr *section(const char *name)
{
	for (int i = 1; i < ehdr()->e_shnum; i++)
		if (!strcmp(secname(i), name))
			return shdr(i);
	fprintf(stderr, "kotool: %s: no section %s\n", path, name);
	exit(1);
}

/* struct modversion_info of include/linux/module.h on a 64-bit kernel. */
struct modversion {
	unsigned long crc;
	char name[64 - sizeof(unsigned long)];
};

static int cmd_versions(int change)
{
	Elf64_Shdr *s = section("__versions");
	struct modversion *v = (struct modversion *)(buf + s->sh_offset);
	size_t n = s->sh_size / sizeof(*v);

	if (!n)
		die("__versions is empty");
	if (change) {
		unsigned long old = v[0].crc;

		v[0].crc = old ^ 0xffffffffUL;
		save();
		printf("%s: crc 0x%08lx -> 0x%08lx\n", v[0].name, old, v[0].crc);
		return 0;
	}
	for (size_t i = 0; i < n; i++)
		printf("0x%08lx %.*s\n", v[i].crc, (int)sizeof(v[i].name), v[i].name);
	return 0;
}

static int cmd_vermagic(void)
{
	Elf64_Shdr *s = section(".modinfo");
	char *p = (char *)buf + s->sh_offset, *end = p + s->sh_size;

	for (; p < end; p += strnlen(p, end - p) + 1) {
		char *sp;

		if (strncmp(p, "vermagic=", 9))
			continue;
		sp = memchr(p, ' ', strnlen(p, end - p));
		if (!sp || !sp[1])
			die("vermagic has no space-separated part to change");
		printf("old: %s\n", p);
		sp[1] = sp[1] == 'X' ? 'Y' : 'X';
		printf("new: %s\n", p);
		save();
		return 0;
	}
	die("no vermagic= in .modinfo");
	return 1;
}

static int cmd_rela(const char *type)
{
	char *e;
	unsigned long t = strtoul(type, &e, 0);

	if (*e || t > 0xffffffffUL)
		die("TYPE must be a 32-bit number");
	for (int i = 1; i < ehdr()->e_shnum; i++) {
		Elf64_Shdr *s = shdr(i);
		Elf64_Rela *r;

		if (s->sh_type != SHT_RELA || s->sh_size < sizeof(*r) ||
		    s->sh_info >= ehdr()->e_shnum ||
		    !(shdr(s->sh_info)->sh_flags & SHF_ALLOC))
			continue;
		r = (Elf64_Rela *)(buf + s->sh_offset);
		printf("%s: first entry (offset 0x%lx in %s): type %lu -> %lu\n",
		       secname(i), (unsigned long)r->r_offset, secname(s->sh_info),
		       (unsigned long)ELF64_R_TYPE(r->r_info), t);
		r->r_info = ELF64_R_INFO(ELF64_R_SYM(r->r_info), t);
		save();
		return 0;
	}
	die("no SHT_RELA section for an allocated section");
	return 1;
}

static int cmd_addend(const char *type, const char *addend)
{
	char *e1, *e2;
	unsigned long t = strtoul(type, &e1, 0);
	long long a = strtoll(addend, &e2, 0);

	if (*e1 || *e2)
		die("TYPE and ADDEND must be numbers");
	for (int i = 1; i < ehdr()->e_shnum; i++) {
		Elf64_Shdr *s = shdr(i);

		if (s->sh_type != SHT_RELA || s->sh_info >= ehdr()->e_shnum ||
		    !(shdr(s->sh_info)->sh_flags & SHF_ALLOC))
			continue;
		for (size_t j = 0; j < s->sh_size / sizeof(Elf64_Rela); j++) {
			Elf64_Rela *r = (Elf64_Rela *)(buf + s->sh_offset) + j;

			if (ELF64_R_TYPE(r->r_info) != t)
				continue;
			printf("%s: entry %zu (offset 0x%lx in %s, type %lu): addend %lld -> %lld\n",
			       secname(i), j, (unsigned long)r->r_offset,
			       secname(s->sh_info), t, (long long)r->r_addend,
			       (long long)r->r_addend + a);
			r->r_addend += a;
			save();
			return 0;
		}
	}
	die("no relocation of that type for an allocated section");
	return 1;
}

int main(int argc, char **argv)
{
	if (argc < 3)
		goto usage;
	path = argv[2];
	load();
	ehdr();
	if (!strcmp(argv[1], "versions") && argc == 3)
		return cmd_versions(0);
	if (!strcmp(argv[1], "crc") && argc == 3)
		return cmd_versions(1);
	if (!strcmp(argv[1], "vermagic") && argc == 3)
		return cmd_vermagic();
	if (!strcmp(argv[1], "rela") && argc == 4)
		return cmd_rela(argv[3]);
	if (!strcmp(argv[1], "addend") && argc == 5)
		return cmd_addend(argv[3], argv[4]);
usage:
	fprintf(stderr, "usage: kotool versions|crc|vermagic FILE | kotool rela FILE TYPE | kotool addend FILE TYPE ADDEND\n");
	return 2;
}
