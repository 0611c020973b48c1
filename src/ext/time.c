/* time.c - %ptT (a time_t *, shown in UTC) and %ptR (a struct tm *):
 * 2019-01-04T15:32:23.  After T or R: d date only or t time only, then
 * any of r (raw: year - 1900, month from 0) and s (' ' instead of 'T');
 * letters after the first other one are ignored.  %pt with anything else
 * prints "(%pt?)", whatever the pointer (the kernel looks at the letter
 * first); T and R check it, as every extension that reads through its
 * pointer does.  Calendar arithmetic is done here because gmtime_r
 * takes glibc's time zone lock. */
#include "../ext.h"

#include <time.h>

/* Days since 1970-01-01 to a proleptic Gregorian date. */
static void civil_from_days(long long days, long long *year, int *month, int *day)
{
	days += 719468; /* from 0000-03-01 */
	long long era = (days >= 0 ? days : days - 146096) / 146097;
	long long doe = days - era * 146097;                          /* [0, 146096] */
	long long yoe = (doe - doe / 1460 + doe / 36524 - doe / 146096) / 365; /* [0, 399] */
	long long doy = doe - (365 * yoe + yoe / 4 - yoe / 100);      /* [0, 365] */
	long long mp = (5 * doy + 2) / 153;                           /* March = 0 */
	*day = (int)(doy - (153 * mp + 2) / 5 + 1);
	*month = (int)(mp < 10 ? mp + 3 : mp - 9);
	*year = yoe + era * 400 + (*month <= 2);
}

struct civil {
	long long year; /* full year */
	long long mon;  /* 1..12 (from a struct tm: anything, tm_mon + 1 may pass INT_MAX) */
	int mday, hour, min, sec;
};

static struct civil from_time(time_t t)
{
	long long secs = (long long)t;
	long long days = secs / 86400, rem = secs % 86400;
	if (rem < 0) {
		rem += 86400;
		days--;
	}
	struct civil c;
	int mon;
	civil_from_days(days, &c.year, &mon, &c.mday);
	c.mon = mon;
	c.hour = (int)(rem / 3600);
	c.min = (int)(rem / 60 % 60);
	c.sec = (int)(rem % 60);
	return c;
}

static struct civil from_tm(const struct tm *tm)
{
	struct civil c = { (long long)tm->tm_year + 1900, (long long)tm->tm_mon + 1, tm->tm_mday,
			   tm->tm_hour, tm->tm_min, tm->tm_sec };
	return c;
}

int xp_ext_time(struct xp_sink *s, const struct xp_ext_call *c)
{
	char form = xp_ext_letter(c, 0);
	if (form != 'T' && form != 'R') {
		xp_ext_puts(s, "(%pt?)");
		return 0;
	}
	const char *bad = xp_ext_bad_pointer(c->ptr);
	if (bad) {
		xp_ext_puts(s, bad);
		return 0;
	}
	struct civil t = form == 'T' ? from_time(*(const time_t *)c->ptr) : from_tm(c->ptr);
	int date = 1, clock = 1, raw = 0, sep = 'T';
	size_t i = 1;
	switch (xp_ext_letter(c, i)) {
	case 'd': clock = 0; i++; break;
	case 't': date = 0; i++; break;
	}
	for (;; i++) {
		char l = xp_ext_letter(c, i);
		if (l == 'r')
			raw = 1;
		else if (l == 's')
			sep = ' ';
		else
			break;
	}
	if (date) {
		xp_ext_put_dec_padded(s, raw ? t.year - 1900 : t.year, 4);
		xp_putc(s, '-');
		xp_ext_put_dec_padded(s, raw ? t.mon - 1 : t.mon, 2);
		xp_putc(s, '-');
		xp_ext_put_dec_padded(s, t.mday, 2);
	}
	if (date && clock)
		xp_putc(s, (char)sep);
	if (clock) {
		xp_ext_put_dec_padded(s, t.hour, 2);
		xp_putc(s, ':');
		xp_ext_put_dec_padded(s, t.min, 2);
		xp_putc(s, ':');
		xp_ext_put_dec_padded(s, t.sec, 2);
	}
	return 0;
}
