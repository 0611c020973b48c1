/* oracle.c - expected %pS output from nm and readelf. */
#define _GNU_SOURCE
#include "oracle.h"

#include <link.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

struct section {
	char name[64];
	uintptr_t start, end;
	int alloc; /* flag A: occupies memory at run time */
};

const char *oracle_host_path(const char *path, char *buf, size_t len)
{
#ifdef XP_TEST_SYSROOT
	/* qemu-user -L: the guest's /lib64/libc.so.6 is the sysroot's. */
	struct stat st;
	if (path[0] == '/') {
		snprintf(buf, len, "%s%s", XP_TEST_SYSROOT, path);
		if (stat(buf, &st) == 0)
			return buf;
	}
#endif
	snprintf(buf, len, "%s", path);
	return buf;
}

static size_t read_sections(const char *file, struct section *sec, size_t max)
{
	char cmd[4200];
	snprintf(cmd, sizeof cmd, XP_TEST_READELF " -SW '%s' 2>/dev/null", file);
	FILE *p = popen(cmd, "r");
	if (!p)
		return 0;
	char line[1024];
	size_t n = 0;
	while (n < max && fgets(line, sizeof line, p)) {
		/*   [16] .text  PROGBITS  0000000000001040 001040 000185 00  AX  0   0 16 */
		char *lb = strchr(line, '[');
		char *rb = lb ? strchr(lb, ']') : NULL;
		if (!rb)
			continue;
		char name[64], type[64], flags[64] = "";
		unsigned long long addr, off, size, es;
		if (sscanf(rb + 1, "%63s %63s %llx %llx %llx %llx %63s", name, type, &addr, &off, &size, &es,
			   flags) >= 5) {
			snprintf(sec[n].name, sizeof sec[n].name, "%s", name);
			sec[n].start = (uintptr_t)addr;
			sec[n].end = (uintptr_t)(addr + size);
			/* an empty flags column leaves Lk there, a number */
			sec[n].alloc = flags[0] >= 'A' && strchr(flags, 'A') != NULL;
			n++;
		}
	}
	pclose(p);
	return n;
}

/* ppc64 ELFv1: a function symbol's value is the address of its descriptor
 * in .opd; the descriptor's first word (as the file holds it, link-time
 * address) is the entry.  Read from objdump's hex dump of the file. */
struct opd_dump {
	uintptr_t start;
	unsigned char *bytes;
	size_t len;
};

static void read_opd(const char *file, /* with .opd's contents */ const struct section *sec, size_t nsec, struct opd_dump *o)
{
	memset(o, 0, sizeof *o);
	const struct section *opd = NULL;
	for (size_t i = 0; i < nsec; i++)
		if (!strcmp(sec[i].name, ".opd"))
			opd = &sec[i];
	if (!opd || opd->end <= opd->start)
		return;
	char cmd[4200];
	snprintf(cmd, sizeof cmd, XP_TEST_OBJDUMP " -s -j .opd '%s' 2>/dev/null", file);
	FILE *p = popen(cmd, "r");
	if (!p)
		return;
	o->start = opd->start;
	o->len = opd->end - opd->start;
	o->bytes = calloc(1, o->len);
	char line[512];
	/*  1fe10 00000000 00000800 00000000 00027f00  ................ */
	while (o->bytes && fgets(line, sizeof line, p)) {
		char *q = line;
		unsigned long long addr = strtoull(q, &q, 16);
		if (q == line || *q != ' ' || addr < o->start)
			continue;
		for (int g = 0; g < 4; g++) {
			while (*q == ' ' && q[1] != ' ')
				q++;
			if (*q == ' ')
				break; /* two spaces: the ASCII column follows */
			for (int k = 0; k < 4; k++) {
				unsigned v;
				if (sscanf(q, "%2x", &v) != 1)
					break;
				size_t at = (size_t)(addr - o->start) + (size_t)(g * 4 + k);
				if (at < o->len)
					o->bytes[at] = (unsigned char)v;
				q += 2;
			}
		}
	}
	pclose(p);
}

/* The entry of the descriptor at link-time address value, or 0. */
static uintptr_t opd_entry(const struct opd_dump *o, uintptr_t value)
{
	if (!o->bytes || value < o->start || value - o->start + sizeof(uintptr_t) > o->len)
		return 0;
	uintptr_t e = 0;
	const unsigned char *b = o->bytes + (value - o->start);
	for (size_t i = 0; i < sizeof e; i++) {
#if __BYTE_ORDER__ == __ORDER_BIG_ENDIAN__
		e = e << 8 | b[i];
#else
		e |= (uintptr_t)b[i] << (8 * i);
#endif
	}
	return e;
}

static int by_start(const void *a, const void *b)
{
	const struct osym *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

static char *trim(char *s)
{
	while (*s == ' ')
		s++;
	size_t n = strlen(s);
	while (n && (s[n - 1] == ' ' || s[n - 1] == '\n'))
		s[--n] = 0;
	return s;
}

int oracle_load(struct omodule *m, const char *file, int dynamic, uintptr_t bias,
		const char *module_name)
{
	return oracle_load_split(m, file, file, dynamic, bias, module_name);
}

static int load_symbols(struct omodule *m, const char *file, const char *object, int dynamic,
			uintptr_t bias, const char *module_name, int data);

int oracle_load_split(struct omodule *m, const char *file, const char *object, int dynamic,
		      uintptr_t bias, const char *module_name)
{
	return load_symbols(m, file, object, dynamic, bias, module_name, 0);
}

int oracle_load_data(struct omodule *m, const char *file, int dynamic, uintptr_t bias,
		     const char *module_name)
{
	return load_symbols(m, file, file, dynamic, bias, module_name, 1);
}

/* nm's types: FUNC and IFUNC ("<OS specific>: 10"), or OBJECT and COMMON
 * (TLS is a type of its own, and left out). */
static int wanted_type(const char *type, int data)
{
	if (data)
		return !strcmp(type, "OBJECT") || !strcmp(type, "COMMON");
	return !strcmp(type, "FUNC") || !strcmp(type, "<OS specific>: 10");
}

static int load_symbols(struct omodule *m, const char *file, const char *object, int dynamic,
			uintptr_t bias, const char *module_name, int data)
{
	memset(m, 0, sizeof *m);
	char host_file[4200], host_object[4200];
	file = oracle_host_path(file, host_file, sizeof host_file);
	object = oracle_host_path(object, host_object, sizeof host_object);
	if (module_name)
		snprintf(m->suffix, sizeof m->suffix, " [%s]", module_name);
	static struct section sec[256];
	size_t nsec = read_sections(file, sec, 256);
	struct opd_dump opd;
	/* A separate debug file's .opd is SHT_NOBITS: the descriptors' contents
	 * are in the loaded object (its section table is the same). */
	read_opd(object, sec, nsec, &opd);

	char cmd[4200];
	snprintf(cmd, sizeof cmd, XP_TEST_NM " -f sysv --defined-only %s '%s' 2>/dev/null",
		 dynamic ? "-D" : "", file);
	FILE *p = popen(cmd, "r");
	if (!p)
		return -1;
	size_t cap = 1024;
	m->s = malloc(cap * sizeof *m->s);
	char line[2048];
	/* name|value|class|type|size|line|section */
	uintptr_t *sec_end = malloc(cap * sizeof *sec_end);
	while (fgets(line, sizeof line, p)) {
		char *field[7];
		int nf = 0;
		char *q = line;
		while (nf < 7) {
			field[nf++] = q;
			char *bar = strchr(q, '|');
			if (!bar)
				break;
			*bar = 0;
			q = bar + 1;
		}
		if (nf < 7)
			continue;
		char *type = trim(field[3]);
		if (!wanted_type(type, data))
			continue;
		char *name = trim(field[0]);
		char *at = strchr(name, '@');
		if (at)
			*at = 0;
		if (!*name || strlen(name) >= sizeof m->s[0].name)
			continue;
		if (m->n == cap) {
			cap *= 2;
			m->s = realloc(m->s, cap * sizeof *m->s);
			sec_end = realloc(sec_end, cap * sizeof *sec_end);
		}
		struct osym *s = &m->s[m->n];
		snprintf(s->name, sizeof s->name, "%s", name);
		s->start = (uintptr_t)strtoull(trim(field[1]), NULL, 16);
		s->size = (uintptr_t)strtoull(trim(field[4]), NULL, 16);
		s->zero_sized = s->size == 0;
		const char *secname = trim(field[6]);
		if (data) {
			/* An object exists at run time only in a loaded section
			 * (not *ABS* version names, not .gnu.warning texts). */
			int loaded = 0;
			for (size_t i = 0; i < nsec; i++)
				if (!strcmp(sec[i].name, secname))
					loaded = sec[i].alloc;
			if (!loaded)
				continue;
		}
		sec_end[m->n] = 0;
		uintptr_t entry = data || strcmp(secname, ".opd") ? 0 : opd_entry(&opd, s->start);
		if (entry) {
			s->start = entry; /* a section end of .opd bounds nothing */
		} else {
			for (size_t i = 0; i < nsec; i++)
				if (!strcmp(sec[i].name, secname))
					sec_end[m->n] = sec[i].end + bias;
		}
		s->start += bias;
		/* keep the section end in size for now, fixed up below */
		if (s->zero_sized)
			s->size = sec_end[m->n];
		m->n++;
	}
	pclose(p);
	free(opd.bytes);
	free(sec_end);
	qsort(m->s, m->n, sizeof *m->s, by_start);
	/* A zero-sized symbol reaches the next symbol or its section's end. */
	for (size_t i = 0; i < m->n; i++) {
		struct osym *s = &m->s[i];
		if (!s->zero_sized)
			continue;
		uintptr_t end = s->size ? s->size : UINTPTR_MAX;
		for (size_t j = i + 1; j < m->n; j++)
			if (m->s[j].start > s->start) {
				if (m->s[j].start < end)
					end = m->s[j].start;
				break;
			}
		s->size = end == UINTPTR_MAX ? 0 : end - s->start;
	}
	for (size_t i = 0; i < m->n; i++)
		if (m->s[i].size > m->max_size)
			m->max_size = m->s[i].size;
	return m->n ? 0 : -1;
}

uintptr_t oracle_symbol_start(const struct omodule *m, const char *name)
{
	for (size_t i = 0; i < m->n; i++)
		if (!strcmp(m->s[i].name, name))
			return m->s[i].start;
	return 0;
}

void oracle_free(struct omodule *m)
{
	free(m->s);
	memset(m, 0, sizeof *m);
}

size_t oracle_expect(const struct omodule *m, uintptr_t addr, int backtrace,
		     char out[][256], size_t max)
{
	uintptr_t a = addr - (uintptr_t)backtrace;
	/* Sized symbols first: the innermost (latest start) covering one. */
	for (int zero = 0; zero < 2; zero++) {
		uintptr_t best = 0;
		int found = 0;
		size_t k = 0;
		for (size_t i = m->n; i-- > 0;) {
			const struct osym *s = &m->s[i];
			if (s->start > a)
				continue;
			if (a - s->start > m->max_size)
				break;
			if (s->zero_sized != zero || a - s->start >= s->size)
				continue;
			if (found && s->start != best)
				break;
			found = 1;
			best = s->start;
			if (k < max)
				snprintf(out[k++], 256, "%s+0x%lx/0x%lx%s", s->name,
					 (unsigned long)(a - s->start + (uintptr_t)backtrace),
					 (unsigned long)s->size, m->suffix);
		}
		if (found)
			return k;
	}
	return 0;
}

void oracle_system_debug_file(const char *file, char *out, size_t len)
{
	out[0] = 0;
	char cmd[4400], host_file[4200];
	file = oracle_host_path(file, host_file, sizeof host_file);
	snprintf(cmd, sizeof cmd, XP_TEST_READELF " -n '%s' 2>/dev/null", file);
	FILE *p = popen(cmd, "r");
	if (!p)
		return;
	char line[512], id[128] = "";
	while (fgets(line, sizeof line, p)) {
		char *b = strstr(line, "Build ID: ");
		if (b && sscanf(b + 10, "%127s", id) == 1)
			break;
	}
	pclose(p);
	if (strlen(id) < 3)
		return;
	snprintf(out, len, "/usr/lib/debug/.build-id/%.2s/%s.debug", id, id + 2);
	if (access(out, R_OK) != 0)
		out[0] = 0;
}

struct find {
	const char *suffix;
	uintptr_t bias;
	char *path;
	size_t len;
	int found, first;
};

static int find_one(struct dl_phdr_info *info, size_t size, void *data)
{
	(void)size;
	struct find *f = data;
	int first = f->first;
	f->first = 0;
	const char *n = info->dlpi_name ? info->dlpi_name : "";
	size_t nl = strlen(n), sl = strlen(f->suffix);
	if (!*f->suffix ? first : (nl >= sl && !strcmp(n + nl - sl, f->suffix))) {
		f->bias = info->dlpi_addr;
		if (*f->suffix) {
			snprintf(f->path, f->len, "%s", n);
		} else {
			/* not /proc/self/exe: nm would read itself */
			ssize_t k = readlink("/proc/self/exe", f->path, f->len - 1);
			f->path[k > 0 ? k : 0] = 0;
		}
		f->found = 1;
		return 1;
	}
	return 0;
}

int oracle_loaded(const char *suffix, uintptr_t *bias, char *path, size_t len)
{
	struct find f = { suffix, 0, path, len, 0, 1 };
	dl_iterate_phdr(find_one, &f);
	*bias = f.bias;
	return f.found ? 0 : -1;
}

/* llvm's path with "." components and repeated slashes dropped. */
static void clean_llvm_path(char *out, const char *in)
{
	size_t n = 0;
	if (*in == '/')
		out[n++] = '/';
	while (*in) {
		size_t len = strcspn(in, "/");
		if (len && !(len == 1 && *in == '.')) {
			if (n && out[n - 1] != '/')
				out[n++] = '/';
			memcpy(out + n, in, len);
			n += len;
		}
		in += len;
		while (*in == '/')
			in++;
	}
	out[n] = 0;
}

int oracle_same_path(const char *ours, const char *llvm)
{
	char c[1024];
	clean_llvm_path(c, llvm);
	if (!strcmp(c, ours))
		return 1;
	size_t lc = strlen(c), lo = strlen(ours);
	return ours[0] != '/' && lc > lo + 1 && c[lc - lo - 1] == '/' && !strcmp(c + lc - lo, ours);
}
