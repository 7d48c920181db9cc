"""A verifier that never answers: it starts a grandchild (so that killing the whole process group can be
checked), records the grandchild's pid in the file named by EE_TEST_PIDFILE (if set), and sleeps."""
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
    time.sleep(600)
