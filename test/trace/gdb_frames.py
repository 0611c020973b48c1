# gdb_frames.py - the oracle's frames: run by test/trace's tests as
#   gdb -batch -nx -ex run -ex 'python XP_STOP="main"; XP_MAX=0' -x gdb_frames.py --args PROG ARGS
# once gdb has stopped the program at its fatal signal (or a breakpoint).
#
# One line per frame, innermost first, inlined levels as gdb unfolds them:
#   XPFRAME <inlined 0/1> <name> <file> <line> <offset> <other>
# tab-separated.  offset: pc minus the function's entry for a frame that
# is not inlined (-1 if unknown).  other: a second line DWARF gives for
# the address, where gdb's differs (below), as file:line, or empty.
#
# gdb drops a line-table row that is not is_stmt when an is_stmt row has
# the same address.  Where an inlined call ends right before a call (the
# caller's statement continues at the inlined function's last row, as a
# later view at that address), gdb thus shows the inlined function's last
# line (libioP.h:947 in new_do_write) while DWARF's meaning, which
# llvm-symbolizer, addr2line and xprintf follow, is the caller's line.
# For a frame not inlined whose line gdb puts in another file than the
# function's own, other is the call site of the inlined call that ends
# there (gdb keeps DW_AT_call_file/line as the inlined instance's symbol
# file and line): the caller's statement.
#
# Frames gdb synthesises from call-site information (TAILCALL_FRAME) are
# not on the stack and are skipped.  The walk ends after the frame named
# XP_STOP, or after XP_MAX frames (0: no bound).
import gdb

def _entry(frame):
    fn = frame.function()
    if fn is None:
        return None
    try:
        return int(fn.value().address)
    except (gdb.error, RuntimeError, TypeError):
        return None


def _offset(frame):
    if frame.type() == gdb.INLINE_FRAME:
        return -1
    entry = _entry(frame)
    return -1 if entry is None else frame.pc() - entry


def _own_line(frame, sal):
    """The call site of the inlined call ending at sal.pc (see above)."""
    fn = frame.function()
    if frame.type() != gdb.NORMAL_FRAME or fn is None or fn.symtab is None or not sal.pc:
        return ""
    if fn.symtab.fullname() == sal.symtab.fullname():
        return ""
    try:
        own = frame.block()
        block = gdb.block_for_pc(sal.pc - 1)
    except RuntimeError:
        return ""
    while own is not None and own.function is None:
        own = own.superblock
    if own is None:
        return ""
    outermost = None
    while block is not None and (block.start, block.end) != (own.start, own.end):
        if block.function is not None:
            outermost = block.function
        block = block.superblock
    if block is None or outermost is None or outermost.symtab is None:
        return ""
    return "%s:%d" % (outermost.symtab.filename, outermost.line)


def _line(frame):
    sal = frame.find_sal()
    if sal.symtab is None:
        return "", 0, ""
    return sal.symtab.filename, sal.line, _own_line(frame, sal)


def xp_frames(stop, limit):
    f = gdb.newest_frame()
    n = 0
    while f is not None:
        if f.type() != gdb.TAILCALL_FRAME:
            name = f.name() or "??"
            path, line, rows = _line(f)
            inlined = 1 if f.type() == gdb.INLINE_FRAME else 0
            print("XPFRAME\t%d\t%s\t%s\t%d\t%d\t%s" % (inlined, name, path, line, _offset(f), rows))
            n += 1
            if (stop and name == stop and not inlined) or (limit and n >= limit):
                break
        f = f.older()
    print("XPEND\t%d" % n)


xp_frames(globals().get("XP_STOP", "main"), globals().get("XP_MAX", 0))
