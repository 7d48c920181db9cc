"""A verifier that writes its pid and its parent's (its zygote's) to the file named by
EE_TEST_PIDFILE, then sleeps: the test kills it, or its zygote, from outside."""
import os
import sys
import time

if __name__ == "__main__":
    sys.stdin.buffer.read()
    path = os.environ["EE_TEST_PIDFILE"]
    with open(path + ".tmp", "w") as fh:
        fh.write(f"{os.getpid()} {os.getppid()}")
    os.replace(path + ".tmp", path)
    time.sleep(600)
