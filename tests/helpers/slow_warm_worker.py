"""A verifier whose zygote takes long to load family "labs" (``preload`` sleeps 8 s) and whose request for
any family sleeps 1 s and then answers: the harness must not warm a family while another request of the
same zygote is in flight (the zygote reports no child's exit while it imports)."""
import json
import sys
import time


def preload(families: list[str] | None = None) -> None:
    if families and "labs" in families:
        time.sleep(8)


if __name__ == "__main__":
    header = json.loads(sys.stdin.buffer.readline())
    sys.stdin.buffer.read()
    if header["family"] != "labs":
        time.sleep(1)
    print('{"verdict": {"status": "ACCEPT", "objective": "1", "message": "ok"}}')
