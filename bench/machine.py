"""What a benchmark prints about the machine it ran on."""

import os
import platform


def cpu_model() -> str:
    """The processor's name, as the operating system reports it."""
    try:
        with open("/proc/cpuinfo") as f:
            for line in f:
                if line.startswith("model name"):
                    return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or platform.machine()


def load_average() -> str:
    """The 1-minute load average and the number of cores, or a note that there is none."""
    try:
        return f"{os.getloadavg()[0]:.2f} on {os.cpu_count()} cores"
    except OSError:
        return "unknown"
