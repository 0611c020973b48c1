/* fortify_scan.h - the format checks of fortify.c, included once for
 * char formats and once for wchar_t ones (glibc's wide *_chk functions
 * make the same checks; the read-only test covers the whole wide string).
 * The includer defines XP_CHAR, XP_NAME(n), XP_FIND (strchr / wcschr),
 * XP_PARSE (the parser's instance) and XP_LEN (strlen / wcslen). */

/* Walk the directives as glibc numbers them in positional mode.  want >= 0
 * asks only whether that number gets a type (*want_found). */
static void XP_NAME(scan)(const XP_CHAR *fmt, struct format_facts *f, unsigned char *typed, long want,
		 int *want_found)
{
	int next_seq = 0, overflow = 0;
	for (const XP_CHAR *p = fmt; (p = XP_FIND(p, '%')) != NULL;) {
		struct xp_spec sp;
		const XP_CHAR *after = XP_PARSE(p + 1, &sp, &overflow);
		if (overflow || !sp.conv)
			return; /* glibc fails with EOVERFLOW / EINVAL or stops here */
		xp_args_number(&sp, &next_seq);
		/* glibc leaves its sequential loop at the first n$ directive or
		 * unknown conversion, and checks the numbers from there. */
		if (sp.positional || !xp_conv_known(sp.conv))
			f->positional = 1;
		if (sp.conv == 'n') {
			f->has_n = 1;
			if (!f->positional)
				f->has_n_first = 1;
		}
		int nums[3] = { sp.width_argno, sp.prec_argno, sp.argno };
		for (int i = 0; i < 3; i++) {
			if (nums[i] < 0)
				continue;
			if (nums[i] > f->max_index)
				f->max_index = nums[i];
			/* A positional %m, %% or unknown conversion names a number
			 * but gives it no type (glibc: ndata_args == 0). */
			int gives_type = i < 2 || sp.type != XP_A_NONE;
			if (!gives_type)
				continue;
			if (typed && nums[i] < TRACKED)
				typed[nums[i] / 8] |= (unsigned char)(1u << (nums[i] % 8));
			if (nums[i] == want)
				*want_found = 1;
		}
		p = after;
	}
}

/* The common case, cheaply: no directive has a '$' or ends in 'n', so
 * there is nothing to check.  May say yes too often (%fn), never too
 * rarely: it skips every byte the parser allows before a conversion. */
static int XP_NAME(may_need_checks)(const XP_CHAR *p)
{
	static const char inside[] = "0123456789.*-+ #'IhlLqjzZtwf";
	while ((p = XP_FIND(p, '%')) != NULL) {
		p++;
		for (; *p && (*p == '$' || ((unsigned)*p < 0x80u && strchr(inside, (char)*p))); p++)
			if (*p == '$')
				return 1;
		if (*p == 'n')
			return 1;
		if (*p)
			p++; /* the conversion, '%' of "%%" included */
	}
	return 0;
}

const char *XP_NAME(xp_fortify_format_fault)(int flag, const XP_CHAR *fmt)
{
	if (flag <= 0 || !fmt)
		return NULL;
	if (!XP_NAME(may_need_checks)(fmt))
		return NULL;
	/* %m prints errno as the call received it; open/read must not leak. */
	int saved_errno = errno;

	struct format_facts f = { .max_index = -1 };
	unsigned char typed[TRACKED / 8];
	memset(typed, 0, sizeof typed);
	int unused = 0;
	XP_NAME(scan)(fmt, &f, typed, -1, &unused);

	const char *fault = NULL;
	int readonly = 0; /* 0: not asked yet */
	if (f.has_n_first) {
		readonly = xp_readonly_area(fmt, (XP_LEN(fmt) + 1) * sizeof *fmt);
		if (readonly < 0)
			fault = "*** %n in writable segment detected ***\n";
	}
	if (!fault && f.positional) {
		for (long i = 0; i <= f.max_index; i++) {
			int ok;
			if (i < TRACKED) {
				ok = typed[i / 8] >> (i % 8) & 1;
			} else {
				struct format_facts again = { .max_index = -1 };
				ok = 0;
				XP_NAME(scan)(fmt, &again, NULL, i, &ok);
			}
			if (!ok) {
				fault = "*** invalid %N$ use detected ***\n";
				break;
			}
		}
	}
	if (!fault && f.has_n && !readonly) {
		readonly = xp_readonly_area(fmt, (XP_LEN(fmt) + 1) * sizeof *fmt);
		if (readonly < 0)
			fault = "*** %n in writable segment detected ***\n";
	}
	errno = saved_errno;
	return fault;
}

void XP_NAME(xp_fortify_check_format)(int flag, const XP_CHAR *fmt)
{
	const char *fault = XP_NAME(xp_fortify_format_fault)(flag, fmt);
	if (fault)
		xp_fortify_fatal(fault);
}
