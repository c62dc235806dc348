#!/usr/bin/env python3
"""Run a command and print its wall time and the CPU of every process it starts, browsers included.

    python3 tools/cpu_of.py NAME -- COMMAND [ARGS...]     (as root)

`/usr/bin/time` counts only the processes a command waited for: a browser's processes, reaped by
its own launcher, are mostly left out (docs/benchmarks.md, "The test suite's time"). This runs the
command in a control group of its own (cgroup v1 `cpuacct` or cgroup v2, as root), which counts
every process in it, then prints one line: wall, CPU user and system, the load average before and
after. Standard library only.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

V1 = Path("/sys/fs/cgroup/cpuacct")
V2 = Path("/sys/fs/cgroup/unified") if Path("/sys/fs/cgroup/unified/cgroup.procs").exists() else Path("/sys/fs/cgroup")


def group(name: str) -> tuple[Path, bool]:
    """A new control group for the command, and whether it is cgroup v1's cpuacct."""
    if (V1 / "cpuacct.stat").exists():
        path = V1 / f"cpu_of-{name}-{os.getpid()}"
        path.mkdir()
        return path, True
    path = V2 / f"cpu_of-{name}-{os.getpid()}"
    path.mkdir()
    return path, False


def cpu_seconds(path: Path, v1: bool) -> tuple[float, float]:
    """User and system CPU seconds of every process that has been in the group."""
    if v1:
        ticks = dict(line.split() for line in (path / "cpuacct.stat").read_text().splitlines())
        hz = os.sysconf("SC_CLK_TCK")
        return int(ticks["user"]) / hz, int(ticks["system"]) / hz
    usec = dict(line.split() for line in (path / "cpu.stat").read_text().splitlines())
    return int(usec["user_usec"]) / 1e6, int(usec["system_usec"]) / 1e6


def main(argv: list[str]) -> int:
    if len(argv) < 3 or argv[1] != "--":
        sys.exit(__doc__)
    name, command = argv[0], argv[2:]
    path, v1 = group(name)
    load = Path("/proc/loadavg").read_text().split()[:3]
    start = time.monotonic()
    # the child joins the group before it runs the command: everything it starts is counted
    status = subprocess.run(command, preexec_fn=lambda: (path / "cgroup.procs").write_text(str(os.getpid()))
                            ).returncode
    wall = time.monotonic() - start
    user, system = cpu_seconds(path, v1)
    print(f"[cpu_of] {name}: status {status}, wall {wall:.1f} s, CPU {user:.1f} s user + {system:.1f} s system, "
          f"load {' '.join(load)} -> {' '.join(Path('/proc/loadavg').read_text().split()[:3])}", flush=True)
    try:
        path.rmdir()
    except OSError:
        pass  # a process of the command still in it (a daemon it left): the group stays
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
