/* SPDX-License-Identifier: GPL-2.0-only */
/*
 * The function tracer's trampolines (asm/ftrace.h, kernel/ftrace.c).
 *
 * A traced function enters ftrace_caller through the BL just before its
 * entry, which the B at its entry reached after the MOV X9, X30 before
 * that (kernel/ftrace.c): x30 holds the address after the BL, the
 * function's entry itself, x9 the function's own return address, x0-x8
 * its arguments and indirect-result pointer, SP and x29 the values its
 * caller left.  The function goes on at the instruction after its
 * entry.  Nothing else is live there: x9-x17 are temporaries
 * across a call (AAPCS64), and the tracers, being C, keep x19-x29.
 *
 * The frame and the calling sequence follow arm64's trampoline for
 * DYNAMIC_FTRACE_WITH_ARGS (arch/arm64/kernel/entry-ftrace.S); the
 * call site is the port's own.
 */
#include <linux/linkage.h>
#include <asm/asm-offsets.h>
#include <asm/assembler.h>

/*
 * From SP up: the struct __arch_ftrace_regs the tracers see, then
 * ftrace_caller's own frame record {the record above, x30}, then a
 * record standing for the traced function, which has made none yet
 * {caller's x29, x9}.  A stack walk from a tracer so goes tracer ->
 * traced function -> its caller.
 */
#define FTRACE_FRAME_SIZE	(FREGS_SIZE + 32)
#define FTRACE_OWN_RECORD	FREGS_SIZE
#define FTRACE_FUNC_RECORD	(FREGS_SIZE + 16)

/* Where a traced function goes on: after the B at its entry. */
#define FUNC_BODY_OFFSET	4

/* x0-x7 (arguments on entry, results on return) to and from the frame. */
	.macro	fregs_args, op
	\op	x0, x1, [sp, #FREGS_X0]
	\op	x2, x3, [sp, #FREGS_X2]
	\op	x4, x5, [sp, #FREGS_X4]
	\op	x6, x7, [sp, #FREGS_X6]
	.endm

	.text

SYM_CODE_START(ftrace_caller)
	mov	x10, sp
	add	x11, x30, #FUNC_BODY_OFFSET
	sub	sp, sp, #FTRACE_FRAME_SIZE

	fregs_args stp
	str	x8, [sp, #FREGS_X8]
	str	x29, [sp, #FREGS_FP]
	str	x9, [sp, #FREGS_LR]
	str	x10, [sp, #FREGS_SP]
	str	x11, [sp, #FREGS_PC]

	/*
	 * Our own record returns into the function's body, not to its
	 * entry: a backtrace looks up the address before a return address,
	 * which for the entry is the previous function's padding.
	 */
	stp	x29, x9, [sp, #FTRACE_FUNC_RECORD]
	add	x29, sp, #FTRACE_FUNC_RECORD
	stp	x29, x11, [sp, #FTRACE_OWN_RECORD]
	add	x29, sp, #FTRACE_OWN_RECORD

	/* func(ip, parent_ip, op, fregs): ip is the entry, rec->ip. */
	mov	x0, x30
	mov	x1, x9
	mov	x3, sp
#ifdef CONFIG_DYNAMIC_FTRACE_WITH_CALL_OPS
	/*
	 * The call site's ops: the literal 16 bytes before the 8-byte
	 * aligned entry, before the MOV and the BL (kernel/ftrace.c).
	 */
	ldr	x2, [x30, #-16]
	ldr	x4, [x2, #FTRACE_OPS_FUNC]
	blr	x4
#else
	ldr_sym	x2, function_trace_op, x2
SYM_INNER_LABEL(ftrace_call, SYM_L_GLOBAL)
	/* Rewritten by ftrace_update_ftrace_func() to call the tracer. */
	bl	ftrace_stub
#endif

	/*
	 * Back to the traced function with what the tracers left in the
	 * frame: arguments, its return address (the graph tracer's
	 * return_to_handler) and where to go on (a live patch).
	 */
	fregs_args ldp
	ldr	x8, [sp, #FREGS_X8]
	ldr	x29, [sp, #FREGS_FP]
	ldr	x30, [sp, #FREGS_LR]
	ldr	x9, [sp, #FREGS_PC]
	add	sp, sp, #FTRACE_FRAME_SIZE
	/* RET, not BR: it pairs with the call site's BL for prediction. */
	ret	x9
SYM_CODE_END(ftrace_caller)

SYM_FUNC_START(ftrace_stub)
	ret
SYM_FUNC_END(ftrace_stub)

#ifdef CONFIG_FUNCTION_GRAPH_TRACER
/*
 * Where a function the graph tracer hooked returns to: x0-x7 hold its
 * return value (AAPCS64), x29 the frame pointer it restored, which
 * ftrace_return_to_handler() checks against the one at its entry
 * before it gives back the real return address.
 */
SYM_CODE_START(return_to_handler)
	sub	sp, sp, #FREGS_SIZE
	fregs_args stp
	str	x29, [sp, #FREGS_FP]

	mov	x0, sp
	bl	ftrace_return_to_handler
	mov	x30, x0

	fregs_args ldp
	add	sp, sp, #FREGS_SIZE
	ret
SYM_CODE_END(return_to_handler)
#endif
