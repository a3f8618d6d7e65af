// SPDX-License-Identifier: GPL-2.0-only
/*
 * The vDSO's getrandom() (__kernel_getrandom, lib/vdso/getrandom.c over
 * the architecture's ChaCha20) against a ChaCha20 written here:
 *  - asked how (a null buffer, opaque_len ~0), it describes a state of
 *    the size of the kernel's struct vgetrandom_state, to be mapped
 *    read-write with MAP_DROPPABLE;
 *  - the bytes it returns for whole blocks are ChaCha20 (RFC 8439, zero
 *    nonce, 64-bit block counter from 0) under the key the state held
 *    before the call, and the next batch and key it leaves in the state
 *    are the blocks after those, exactly: each byte of the
 *    architecture's block function is checked, its counter included,
 *    for calls of 1 to 6 blocks;
 *  - the reference itself is checked against RFC 7539's all-zero test
 *    vector (A.1, #1) first;
 *  - a call with a state the vDSO does not accept (the wrong size) is
 *    still served, by the system call.
 * The state's layout (batch, key, generation, pos) is the kernel's
 * include/vdso/getrandom.h, not an ABI: the test says so if the size
 * it is told differs.  A reseed of the kernel's RNG between two calls
 * changes the state's key; such a round is retried.
 */
#define _GNU_SOURCE
#include <elf.h>
#include <stdbool.h>
#include <stdint.h>
#include <sys/auxv.h>
#include <sys/mman.h>
#include "wb.h"

#ifndef MAP_DROPPABLE
#define MAP_DROPPABLE	0x08
#endif

/* include/vdso/getrandom.h, struct vgetrandom_state */
struct vstate {
	union {
		struct {
			uint8_t batch[96];
			uint32_t key[8];
		};
		uint8_t batch_key[128];
	};
	uint64_t generation;
	uint8_t pos;
	bool in_use;
};

struct vparams {
	uint32_t size_of_opaque_state, mmap_prot, mmap_flags, reserved[13];
};

typedef long (*vgetrandom_fn)(void *buf, size_t len, unsigned int flags,
			      void *state, size_t state_len);

static void *vdso_lookup(const char *name)
{
	const Elf64_Ehdr *eh = (const void *)getauxval(AT_SYSINFO_EHDR);
	const Elf64_Dyn *dyn = NULL;
	const Elf64_Sym *sym = NULL;
	const Elf32_Word *hash = NULL;
	const char *str = NULL;
	uintptr_t load = 0;
	bool have_load = false;
	unsigned int i;

	wb_check(eh && !memcmp(eh->e_ident, ELFMAG, SELFMAG), "no vDSO");
	for (i = 0; i < eh->e_phnum; i++) {
		const Elf64_Phdr *ph = (const Elf64_Phdr *)((const char *)eh +
							     eh->e_phoff) + i;

		if (ph->p_type == PT_LOAD && !have_load) {
			load = (uintptr_t)eh + ph->p_offset - ph->p_vaddr;
			have_load = true;
		} else if (ph->p_type == PT_DYNAMIC) {
			dyn = (const void *)((const char *)eh + ph->p_offset);
		}
	}
	wb_check(have_load && dyn, "the vDSO has no PT_LOAD or PT_DYNAMIC");
	for (; dyn->d_tag != DT_NULL; dyn++) {
		if (dyn->d_tag == DT_SYMTAB)
			sym = (const void *)(load + dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_STRTAB)
			str = (const void *)(load + dyn->d_un.d_ptr);
		else if (dyn->d_tag == DT_HASH)
			hash = (const void *)(load + dyn->d_un.d_ptr);
	}
	wb_check(sym && str && hash, "the vDSO lacks a symbol, string or hash table");
	for (i = 0; i < hash[1]; i++)
		if (sym[i].st_shndx != SHN_UNDEF &&
		    !strcmp(str + sym[i].st_name, name))
			return (void *)(load + sym[i].st_value);
	wb_fail("the vDSO does not export %s", name);
	return NULL;
}

#define ROTL(v, n)	(((v) << (n)) | ((v) >> (32 - (n))))
#define QR(a, b, c, d) do {						\
	a += b; d ^= a; d = ROTL(d, 16);				\
	c += d; b ^= c; b = ROTL(b, 12);				\
	a += b; d ^= a; d = ROTL(d, 8);					\
	c += d; b ^= c; b = ROTL(b, 7);					\
} while (0)

/* Block @ctr of the key stream of @key, nonce 0, into @out (64 bytes). */
static void chacha20_block(uint8_t *out, const uint32_t *key, uint64_t ctr)
{
	uint32_t in[16] = { 0x61707865, 0x3320646e, 0x79622d32, 0x6b206574 };
	uint32_t x[16];
	int i;

	memcpy(in + 4, key, 32);
	in[12] = (uint32_t)ctr;
	in[13] = ctr >> 32;
	memcpy(x, in, sizeof(x));
	for (i = 0; i < 10; i++) {
		QR(x[0], x[4], x[8], x[12]);
		QR(x[1], x[5], x[9], x[13]);
		QR(x[2], x[6], x[10], x[14]);
		QR(x[3], x[7], x[11], x[15]);
		QR(x[0], x[5], x[10], x[15]);
		QR(x[1], x[6], x[11], x[12]);
		QR(x[2], x[7], x[8], x[13]);
		QR(x[3], x[4], x[9], x[14]);
	}
	for (i = 0; i < 16; i++)
		x[i] += in[i];
	memcpy(out, x, 64);	/* little-endian words */
}

static void check_reference(void)
{
	static const uint8_t want[16] = {
		0x76, 0xb8, 0xe0, 0xad, 0xa0, 0xf1, 0x3d, 0x90,
		0x40, 0x5d, 0x6a, 0xe5, 0x53, 0x86, 0xbd, 0x28,
	};
	uint32_t key[8] = { 0 };
	uint8_t out[64];

	chacha20_block(out, key, 0);
	wb_check(!memcmp(out, want, sizeof(want)),
		 "the test's ChaCha20 does not give RFC 7539's A.1 #1 vector");
}

static void expect_blocks(const uint8_t *got, const uint32_t *key,
			  uint64_t ctr, int nblocks, const char *what)
{
	uint8_t want[64];
	int b, i;

	for (b = 0; b < nblocks; b++) {
		chacha20_block(want, key, ctr + b);
		for (i = 0; i < 64; i++)
			if (got[64 * b + i] != want[i])
				wb_fail("%s: block %llu, byte %d is %02x, ChaCha20 gives %02x",
					what, (unsigned long long)(ctr + b), i,
					got[64 * b + i], want[i]);
	}
}

/*
 * One round: empty the batch, then ask for @nblocks whole blocks.  The
 * vDSO makes them from the key it held, counter 0, and the next batch
 * and key from the same key, counters nblocks and nblocks + 1.  Returns
 * false if the RNG reseeded meanwhile (a fresh key came in).
 */
static bool round_of(vgetrandom_fn vgr, struct vstate *st, int nblocks)
{
	uint8_t buf[96 + 64 * 6];
	uint32_t key[8];
	uint64_t gen;
	size_t rest;

	wb_eq(vgr(buf, 1, 0, st, sizeof(*st)), 1);
	gen = st->generation;
	rest = sizeof(st->batch) - st->pos;
	memcpy(key, st->key, sizeof(key));
	wb_eq(vgr(buf, rest + 64 * nblocks, 0, st, sizeof(*st)),
	      rest + 64 * nblocks);
	if (st->generation != gen)
		return false;
	expect_blocks(buf + rest, key, 0, nblocks, "returned bytes");
	expect_blocks(st->batch_key, key, nblocks, 2, "the state's next batch and key");
	wb_eq(st->pos, 0);
	return true;
}

int main(void)
{
	vgetrandom_fn vgr = (vgetrandom_fn)vdso_lookup("__kernel_getrandom");
	struct vparams p;
	struct vstate *st;
	uint8_t buf[32];
	int n, tries;

	check_reference();
	memset(&p, 0xff, sizeof(p));
	wb_eq(vgr(NULL, 0, 0, &p, ~0UL), 0);
	if (p.size_of_opaque_state != sizeof(struct vstate))
		wb_fail("the vDSO's state is %u bytes, this test knows the %zu-byte layout of include/vdso/getrandom.h",
			p.size_of_opaque_state, sizeof(struct vstate));
	wb_eq(p.mmap_prot, PROT_READ | PROT_WRITE);
	wb_eq(p.mmap_flags, MAP_DROPPABLE | MAP_ANONYMOUS);
	for (n = 0; n < 13; n++)
		wb_eq(p.reserved[n], 0);
	st = mmap(NULL, 4096, p.mmap_prot, p.mmap_flags, -1, 0);
	wb_check(st != MAP_FAILED, "mmap of the state as the vDSO asks");

	for (n = 1; n <= 6; n++) {
		for (tries = 0; !round_of(vgr, st, n); tries++)
			wb_check(tries < 5, "the RNG reseeded during 5 rounds of %d blocks", n);
	}
	wb_pass("whole blocks, next batch and key are ChaCha20 of the state's key, 1 to 6 blocks");

	/* A state of the wrong size: served by the system call. */
	memset(buf, 0, sizeof(buf));
	wb_eq(vgr(buf, sizeof(buf), 0, st, sizeof(*st) + 1), sizeof(buf));
	for (n = 0; n < (int)sizeof(buf) && !buf[n]; n++)
		;
	wb_check(n < (int)sizeof(buf), "32 bytes from the fallback are all zero");
	wb_pass("a state of the wrong size falls back to the system call");
	return 0;
}
