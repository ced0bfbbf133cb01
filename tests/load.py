"""Run the suite while a busy loop burns one core, to prove it does not flake under load.

    python tests/load.py [--runs N] [--] [pytest arguments...]

Starts the busy loop itself (a child process that also ends on its own after --limit seconds, should
this script die), runs pytest up to N times in a row, stops the loop, and prints each run's time and
the CPU time the VM's host took meanwhile (a busy host slows a run as much as the loop does).
Exits with the first failing run's status, or 0 when every run passed.
"""

import argparse
import os
import subprocess
import sys
import time


def stolen_seconds() -> float:
    """CPU time the VM's host gave to others (the "steal" column of /proc/stat), summed over all cores;
    0 where there is no /proc/stat. A run slowed by the host is not a slower suite."""
    try:
        with open("/proc/stat") as stat:
            fields = stat.readline().split()
    except OSError:
        return 0.0
    return int(fields[8]) / os.sysconf("SC_CLK_TCK") if len(fields) > 8 else 0.0


BURN = "import time\nend = time.monotonic() + float({limit})\nwhile time.monotonic() < end:\n    pass\n"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=3, help="full runs in a row (default 3)")
    parser.add_argument("--limit", type=float, default=3600, help="the busy loop ends by itself after this")
    parser.add_argument("pytest_args", nargs="*", help="passed to pytest (after --)")
    options = parser.parse_args()

    burner = subprocess.Popen([sys.executable, "-c", BURN.format(limit=options.limit)])
    times: list[float] = []
    status = 0
    try:
        for run in range(1, options.runs + 1):
            print(f"--- run {run} of {options.runs}, one core kept busy (pid {burner.pid})", flush=True)
            started, stolen = time.monotonic(), stolen_seconds()
            status = subprocess.call([sys.executable, "-m", "pytest", "-q", *options.pytest_args])
            times.append(time.monotonic() - started)
            verdict = "passed" if status == 0 else "FAILED"
            steal = f"; the host took {stolen_seconds() - stolen:.0f} CPU-s (steal)"
            print(f"--- run {run}: {verdict} in {times[-1]:.0f} s{steal}", flush=True)
            if status != 0:
                break
    finally:
        burner.terminate()
        burner.wait(timeout=10)
    print("under load: " + ", ".join(f"{t:.0f} s" for t in times) + (" (all passed)" if status == 0 else ""))
    return status


if __name__ == "__main__":
    sys.exit(main())
