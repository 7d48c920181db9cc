"""A verifier that writes its pid and its parent's (its zygote's) to the file named by
EE_TEST_PIDFILE, then sleeps: the test kills it, or its zygote, from outside."""
import time

from tests.helpers.stopped_worker import report_pid

if __name__ == "__main__":
    report_pid()
    time.sleep(600)
