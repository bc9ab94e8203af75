"""Times shell commands interleaved, for side-by-side comparisons of short runs.

Usage: python3 bench/interleave.py N CMD...

Each CMD runs 3 times to warm up, then N times, the commands taking turns
(forward on even rounds, backward on odd ones), so that a machine that slows
down or speeds up during the measurement weighs on all of them alike; this
is what hyperfine, which runs all of one command's rounds before the next
command's, does not do. Each run goes through `sh -c`, whose start-up is
part of every time. It prints each command's median wall time in ms, its
quartiles, and the median against the first command's.
"""
import statistics, subprocess, sys, time

n, cmds = int(sys.argv[1]), sys.argv[2:]
times = {c: [] for c in cmds}


def run(c):
    subprocess.run(c, shell=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)


for c in cmds:
    for _ in range(3):
        run(c)
for i in range(n):
    for c in cmds if i % 2 == 0 else cmds[::-1]:
        t = time.perf_counter()
        run(c)
        times[c].append((time.perf_counter() - t) * 1000)
base = statistics.median(times[cmds[0]])
for c in cmds:
    q = statistics.quantiles(times[c], n=4)
    m = statistics.median(times[c])
    print(f"{m:7.2f} ms  (q1 {q[0]:.2f}, q3 {q[2]:.2f})  x{m / base:.2f}  {c}")
