/* fixture_needs.c - makes libxpfix_nodelete need libxpfix_keptdep (a
 * call into it, so that no --as-needed drops the DT_NEEDED entry). */
int keptdep_global(int x);

__attribute__((noinline, used)) int nodelete_calls_its_dependency(int x)
{
	return keptdep_global(x) + 1;
}
