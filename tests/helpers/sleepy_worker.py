"""A verifier that never answers: it starts a grandchild (so that killing the whole process group can be
checked), records the grandchild's pid in the file named by EE_TEST_PIDFILE (if set) and, if
EE_TEST_PIDDIR is set, writes a file there named after its own pid holding ``pid ppid grandchild``
(its parent is its zygote), then sleeps."""
import os
import subprocess
import sys
import time

if __name__ == "__main__":
    child = subprocess.Popen([sys.executable, "-c", "import time; time.sleep(600)"],
                             stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    pidfile = os.environ.get("EE_TEST_PIDFILE")
    if pidfile:
        with open(pidfile, "w") as fh:
            fh.write(str(child.pid))
    piddir = os.environ.get("EE_TEST_PIDDIR")
    if piddir:
        tmp = os.path.join(piddir, f".{os.getpid()}.tmp")
        with open(tmp, "w") as fh:
            fh.write(f"{os.getpid()} {os.getppid()} {child.pid}\n")
        os.replace(tmp, os.path.join(piddir, str(os.getpid())))
    time.sleep(600)
