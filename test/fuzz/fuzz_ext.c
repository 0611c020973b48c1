/* fuzz_ext.c - each %p extension with arbitrary letters, flags, width,
 * precision and buffer contents.
 *
 * The extensions are the built-in table's rows (src/ext/table.c), one
 * registered and one unknown name.  The buffer is a malloc of exactly the
 * bytes the extension is documented to read (4 for I4, 16 for I6 and U, the sockaddr of the chosen family
 * for IS, the field width's worth for %*ph / %*pE / %*pb, ...), so ASan
 * reports any read past what doc/contract.md §4 allows.  Symbol extensions and
 * %px get arbitrary addresses (they never read through them); %pV gets a
 * format whose directives read exactly the arguments passed with it.
 *
 * Checks beyond "no crash": the bounded output is the prefix of the
 * unbounded one, xasprintf agrees with both, and the return values match.
 */
#define _GNU_SOURCE
#include <errno.h>
#include <limits.h>
#include <locale.h>
#include <netinet/in.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/socket.h>
#include <time.h>

#include <xprintf.h>

#include "ext.h"
#include "fuzz_input.h"

enum read_kind { R_NONE, R_FIXED, R_SOCKADDR, R_HEX, R_ESCAPE, R_BITMAP, R_TIME, R_VA };
struct ext {
	const char *name;
	enum read_kind kind;
	size_t size; /* R_FIXED */
};
/* What the rows that read through their pointer read (XP_EXT_DEREF); the
 * other rows get arbitrary addresses. */
static const struct ext reads[] = {
	{ "I4", R_FIXED, 4 },    { "i4", R_FIXED, 4 },    { "I6", R_FIXED, 16 }, { "i6", R_FIXED, 16 },
	{ "M", R_FIXED, 6 },     { "m", R_FIXED, 6 },     { "U", R_FIXED, 16 },  { "4c", R_FIXED, 4 },
	{ "IS", R_SOCKADDR, 0 }, { "iS", R_SOCKADDR, 0 }, { "h", R_HEX, 0 },     { "E", R_ESCAPE, 0 },
	{ "b", R_BITMAP, 0 },    { "t", R_TIME, 0 },      { "V", R_VA, 0 },
};
/* Besides the built-in table's rows: a registered extension, and a name
 * no row has (a plain %p followed by a letter). */
static const struct ext extras[] = { { "Reg", R_NONE, 0 }, { "Q", R_NONE, 0 } };
static struct ext exts[64];
static const char *ext_letters[64]; /* each row's own letters, from the table */
static unsigned next; /* rows in exts */

/* exts: the built-in table's rows in its order, then the extras. */
static void list_extensions(void)
{
	if (xp_ext_builtin_count + sizeof extras / sizeof extras[0] > sizeof exts / sizeof exts[0]) {
		fprintf(stderr, "fuzz_ext: more rows than exts[] holds\n");
		abort();
	}
	for (size_t i = 0; i < xp_ext_builtin_count; i++) {
		const struct xp_ext *row = &xp_ext_builtin[i];
		struct ext e = { row->name, R_NONE, 0 };
		if (row->flags & XP_EXT_DEREF) {
			size_t k = 0;
			while (k < sizeof reads / sizeof reads[0] && strcmp(reads[k].name, row->name))
				k++;
			if (k == sizeof reads / sizeof reads[0]) {
				fprintf(stderr, "fuzz_ext: %%p%s reads through its pointer: "
					"add what it reads to reads[] in fuzz_ext.c\n", row->name);
				abort();
			}
			e = reads[k];
		}
		ext_letters[next] = row->letters;
		exts[next++] = e;
	}
	for (size_t i = 0; i < sizeof extras / sizeof extras[0]; i++)
		exts[next++] = extras[i];
}

static int print_reg(struct xprintf_sink *sink, const void *ptr,
		     const struct xprintf_pointer_spec *spec, void *ctx)
{
	(void)ctx;
	return xprintf_sink_printf(sink, "<%zx|%.*s|%d|%d|%u>", (size_t)(uintptr_t)ptr,
				   (int)spec->nletters, spec->letters, spec->width,
				   spec->precision, spec->flags) < 0 ? -1 : 0;
}

/* One call with the optional '*' width and precision in front. */
static int call(char *out, size_t n, const char *fmt, int has_w, int w, int has_p, int p,
		const void *ptr)
{
	if (has_w && has_p)
		return xsnprintf(out, n, fmt, w, p, ptr);
	if (has_w)
		return xsnprintf(out, n, fmt, w, ptr);
	if (has_p)
		return xsnprintf(out, n, fmt, p, ptr);
	return xsnprintf(out, n, fmt, ptr);
}

static int call_as(char **out, const char *fmt, int has_w, int w, int has_p, int p,
		   const void *ptr)
{
	if (has_w && has_p)
		return xasprintf(out, fmt, w, p, ptr);
	if (has_w)
		return xasprintf(out, fmt, w, ptr);
	if (has_p)
		return xasprintf(out, fmt, p, ptr);
	return xasprintf(out, fmt, ptr);
}

struct shape {
	const char *fmt;
	int has_w, w, has_p, p;
	const void *ptr;
	size_t outsz;
};

static char big[1 << 17];

/* Run the three entry points and compare them. */
static void check(const struct shape *sh)
{
	char *out = sh->outsz ? malloc(sh->outsz) : NULL;
	if (sh->outsz && !out)
		return;
	int r = call(out, sh->outsz, sh->fmt, sh->has_w, sh->w, sh->has_p, sh->p, sh->ptr);
	int e = errno;
	int rb = call(big, sizeof big, sh->fmt, sh->has_w, sh->w, sh->has_p, sh->p, sh->ptr);
	char *as = NULL;
	int ra = call_as(&as, sh->fmt, sh->has_w, sh->w, sh->has_p, sh->p, sh->ptr);
	if (r != rb || r != ra || (r < 0 && as) || (r >= 0 && !as)) {
		fprintf(stderr, "fuzz_ext: \"%s\": xsnprintf %d/%d (errno %d), xasprintf %d\n",
			sh->fmt, r, rb, e, ra);
		abort();
	}
	if (r >= 0 && (size_t)r < sizeof big) {
		size_t kept = sh->outsz ? ((size_t)r < sh->outsz - 1 ? (size_t)r : sh->outsz - 1) : 0;
		if ((sh->outsz && (memcmp(out, big, kept) != 0 || out[kept])) ||
		    memcmp(as, big, (size_t)r + 1) != 0) {
			fprintf(stderr, "fuzz_ext: \"%s\": outputs disagree\n", sh->fmt);
			abort();
		}
	}
	free(as);
	free(out);
}

/* %pV: the inner format reads (int, double, const char *) in that order,
 * the first k of them. */
static void call_va_inner(struct shape *sh, const char *inner, ...)
{
	va_list ap;
	va_start(ap, inner);
	struct xprintf_va_format vf = { inner, &ap };
	sh->ptr = &vf;
	check(sh);
	va_end(ap);
}

static void inner_format(struct fuzz_in *in, char *buf, size_t cap)
{
	static const char conv[] = "dgs";
	static const char fl[] = "-+ #0";
	size_t len = 0;
	unsigned k = fuzz_pick(in, 4);
	for (unsigned i = 0; i < k && len + 24 < cap; i++) {
		buf[len++] = (char)('A' + i);
		buf[len++] = '%';
		unsigned f = fuzz_u8(in);
		for (unsigned b = 0; b < 5; b++)
			if (f >> b & 1)
				buf[len++] = fl[b];
		if (f & 0x20)
			len += (size_t)snprintf(buf + len, cap - len, "%u", 1 + fuzz_pick(in, 30));
		if (f & 0x40)
			len += (size_t)snprintf(buf + len, cap - len, ".%u", fuzz_pick(in, 30));
		buf[len++] = conv[i % 3];
		if (fuzz_u8(in) % 4 == 0) {
			memcpy(buf + len, "%%", 2);
			len += 2;
		}
	}
	buf[len] = 0;
}

static void init_once(void)
{
	static int done;
	if (!done) {
		done = 1;
		setlocale(LC_ALL, "C.UTF-8");
		list_extensions();
		xprintf_register_pointer("Reg", print_reg, NULL);
	}
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);
int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	init_once();
	struct fuzz_in in = { data, size };
	const struct ext *x = &exts[fuzz_pick(&in, next)];
	static const size_t sizes[] = { 0, 1, 3, 8, 17, 64, 300 };
	struct shape sh = { .outsz = sizes[fuzz_pick(&in, 7)] };

	/* The directive: flags, width, precision, name, letters, tail. */
	char fmt[128];
	size_t len = 0;
	fmt[len++] = '[';
	fmt[len++] = '%';
	static const char fl[] = "-+ #0'";
	unsigned f = fuzz_u8(&in);
	for (unsigned b = 0; b < 6; b++)
		if (f >> b & 1)
			fmt[len++] = fl[b];
	long long wabs = -1; /* the length an own-width extension reads */
	switch (fuzz_pick(&in, 4)) {
	case 1: {
		unsigned w = 1 + (fuzz_u8(&in) | fuzz_u8(&in) << 8) % 1500;
		len += (size_t)snprintf(fmt + len, sizeof fmt - len, "%u", w);
		wabs = w;
		break;
	}
	case 2: case 3:
		fmt[len++] = '*';
		sh.has_w = 1;
		sh.w = (int)((fuzz_u8(&in) | fuzz_u8(&in) << 8) % 1501);
		if (fuzz_u8(&in) & 1)
			sh.w = -sh.w;
		wabs = sh.w < 0 ? -(long long)sh.w : sh.w;
		break;
	}
	switch (fuzz_pick(&in, 4)) {
	case 1:
		len += (size_t)snprintf(fmt + len, sizeof fmt - len, ".%u", fuzz_pick(&in, 200));
		break;
	case 2:
		memcpy(fmt + len, ".*", 2);
		len += 2;
		sh.has_p = 1;
		sh.p = (int)fuzz_pick(&in, 200) - 20;
		break;
	}
	fmt[len++] = 'p';
	len += (size_t)snprintf(fmt + len, sizeof fmt - len, "%s", x->name);
	static const char alnum[] =
		"abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789";
	char first_letter = 0;
	for (unsigned n = fuzz_pick(&in, 9); n; n--) {
		unsigned c = fuzz_u8(&in);
		/* Mostly the letters this row reads (its table entry), sometimes
		 * any. */
		const char *own = ext_letters[x - exts];
		size_t known = own ? strlen(own) : 0;
		char l = c & 1 && known ? own[(c >> 1) % known] : alnum[(c >> 1) % 62];
		if (!first_letter)
			first_letter = l;
		fmt[len++] = l;
	}
	memcpy(fmt + len, "]", 2);
	sh.fmt = fmt;

	/* What it reads, exactly. */
	size_t need = 0;
	switch (x->kind) {
	case R_NONE: break;
	case R_FIXED: need = x->size; break;
	case R_SOCKADDR: {
		static const sa_family_t fam[] = { AF_INET, AF_INET6, AF_UNIX, 0 };
		sa_family_t family = fam[fuzz_pick(&in, 4)];
		need = family == AF_INET6 ? sizeof(struct sockaddr_in6) : family == AF_INET ? sizeof(struct sockaddr_in) : sizeof(struct sockaddr);
		unsigned char *b = malloc(need);
		if (!b)
			return 0;
		fuzz_bytes(&in, b, need);
		memcpy(b + offsetof(struct sockaddr, sa_family), &family, sizeof family);
		sh.ptr = b;
		break;
	}
	case R_HEX: need = wabs < 0 ? 1 : wabs < 64 ? (size_t)wabs : 64; break;
	case R_ESCAPE: need = wabs < 0 ? 1 : (size_t)wabs; break;
	case R_BITMAP: need = wabs < 0 ? 0 : ((size_t)wabs + 63) / 64 * sizeof(unsigned long); break;
	case R_TIME: need = first_letter == 'T' ? sizeof(time_t) : first_letter == 'R' ? sizeof(struct tm) : 0; break;
	case R_VA: break;
	}
	unsigned char *buf = NULL; /* what sh.ptr points at, owned here */
	if (x->kind == R_SOCKADDR) {
		buf = (unsigned char *)(uintptr_t)sh.ptr;
	} else if (x->kind != R_NONE && x->kind != R_VA) {
		buf = malloc(need ? need : 1);
		if (!buf)
			return 0;
		fuzz_bytes(&in, buf, need);
		sh.ptr = buf;
	}
	unsigned how = fuzz_u8(&in);
	if (x->kind == R_NONE) {
		switch (how % 4) {
		case 0: sh.ptr = (void *)(uintptr_t)fuzz_u64(&in); break;
		case 1: sh.ptr = (void *)((uintptr_t)&xsnprintf + fuzz_pick(&in, 200)); break;
		case 2: sh.ptr = (void *)((uintptr_t)&LLVMFuzzerTestOneInput + fuzz_pick(&in, 200)); break;
		default: sh.ptr = NULL;
		}
		check(&sh);
	} else if (how % 16 == 0) {
		/* NULL and error pointers are caught before any read. */
		static const uintptr_t bad[] = { 0, 1, 4095, (uintptr_t)-1, (uintptr_t)-4095 };
		sh.ptr = (void *)bad[fuzz_pick(&in, 5)];
		check(&sh);
	} else if (x->kind == R_VA) {
		char inner[128];
		inner_format(&in, inner, sizeof inner);
		char s[16];
		size_t sl = fuzz_pick(&in, sizeof s);
		fuzz_bytes(&in, s, sl);
		for (size_t i = 0; i < sl; i++)
			s[i] = s[i] ? s[i] : 'z';
		s[sl] = 0;
		double d;
		uint64_t bits = fuzz_u64(&in);
		memcpy(&d, &bits, sizeof d);
		call_va_inner(&sh, inner, (int)fuzz_u64(&in), d, s);
	} else {
		check(&sh);
	}
	free(buf);
	return 0;
}
