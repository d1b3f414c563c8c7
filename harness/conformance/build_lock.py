"""One `rdna4-conformance run` or `check` at a time per build directory.

Both build the C++ parts in the build directory (two ninja processes in one directory can
corrupt it) and write there: lit's exec roots (<build>/lit/...), the external programs' work
directories (<build>/external/...), the shared-compile caches. A second run or check on the
same build directory therefore waits for the first, after saying so (which process holds it
and since when) so that the wait is never silent; with another --build-dir they run side by
side.

The holder puts the directory in the environment (RDNA4_BUILD_DIR_LOCK), so that a run it
starts itself on the same directory (check's own tests call `rdna4-conformance run`) does not
wait for its parent. The lock is an flock(2) on <build>/.rdna4-conformance.lock: released when
the process ends, however it ends.
Python standard library only.
"""
import fcntl
import os
import time

ENV = "RDNA4_BUILD_DIR_LOCK"
NAME = ".rdna4-conformance.lock"


def hold(build_dir, what, log=print):
    """Take the build directory's lock for the rest of this process (or until release()).
    Returns the open lock file, or None when an ancestor process holds it already."""
    build_dir = os.path.abspath(build_dir)
    if os.environ.get(ENV) == build_dir:
        return None
    os.makedirs(build_dir, exist_ok=True)
    f = open(os.path.join(build_dir, NAME), "a+")
    try:
        fcntl.flock(f, fcntl.LOCK_EX | fcntl.LOCK_NB)
    except BlockingIOError:
        f.seek(0)
        holder = f.read().strip() or "a process that has not said which"
        log("build directory %s is in use by another rdna4-conformance run or check (%s): waiting "
            "for it to end (or give this one another --build-dir)" % (build_dir, holder))
        t0 = time.time()
        fcntl.flock(f, fcntl.LOCK_EX)
        log("build directory %s is free after %.0f s: going on" % (build_dir, time.time() - t0))
    f.seek(0)
    f.truncate()
    f.write("%s, pid %d, since %s" % (what, os.getpid(), time.strftime("%Y-%m-%d %H:%M:%S")))
    f.flush()
    os.environ[ENV] = build_dir
    return f


def release(f):
    if f is not None:
        os.environ.pop(ENV, None)
        fcntl.flock(f, fcntl.LOCK_UN)
        f.close()
