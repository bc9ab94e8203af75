#!/usr/bin/env python3
"""speed_report.py WORK HEADER COMMAND: the Markdown tables of bench/speed.sh.

Reads WORK/rows.tsv (tree, tool, round, wall s, user s, sys s, max RSS KB,
status), WORK/trees.tsv (tree, .md files, memory dirs) and the hyperfine
exports of the hooks, and prints medians and ratios. Ratios are taken round
by round (the tools of one round ran back to back) and reported as the median
with the range over the rounds.
"""
import json
import os
import statistics
import sys

work, header, command = sys.argv[1], sys.argv[2], sys.argv[3]
rows = {}  # (tree, tool) -> {round: (wall, cpu, rss_mb, status)}
for line in open(os.path.join(work, "rows.tsv")):
    f = line.rstrip("\n").split("\t")
    if len(f) < 8:
        continue
    tree, tool, rnd, wall, user, sys_, rss, status = f[:8]
    rows.setdefault((tree, tool), {})[rnd] = (float(wall), float(user) + float(sys_), int(rss) / 1024, status)
trees = {}
for line in open(os.path.join(work, "trees.tsv")):
    t, files, dirs = line.split()
    trees[t] = (int(files), int(dirs))


def med(tree, tool, i):
    r = [v[i] for v in rows.get((tree, tool), {}).values() if v[3] == "ok"]
    return statistics.median(r) if r else None


def timed_out(tree, tool):
    return any(v[3] == "timeout" for v in rows.get((tree, tool), {}).values())


def ratio(tree, a, b, i):
    """Median and range over the rounds of a's time over b's (i: 0 wall, 1 CPU).

    When a was killed at the timeout in every round, the ratio of what it had
    spent by then is a lower bound, returned with a fourth element True."""
    ra, rb = rows.get((tree, a), {}), rows.get((tree, b), {})
    rs = [ra[k][i] / rb[k][i] for k in ra if k in rb and ra[k][3] == rb[k][3] == "ok" and rb[k][i] > 0]
    if rs:
        return statistics.median(rs), min(rs), max(rs)
    rs = [ra[k][i] / rb[k][i] for k in ra if k in rb and ra[k][3] == "timeout" and rb[k][3] == "ok" and rb[k][i] > 0]
    if rs:
        return min(rs), min(rs), min(rs), True
    return None


def killed_cpu(tree, tool):
    """CPU seconds a tool had spent when the timeout killed it, or None."""
    r = [v[1] for v in rows.get((tree, tool), {}).values() if v[3] == "timeout"]
    return min(r) if r else None


def fr(r, goal=None, more_is_worse=True):
    if r is None:
        return "n/a"
    m, lo, hi = r[:3]
    s = f"{m:.2f}" if lo == hi else f"{m:.2f} ({lo:.2f}–{hi:.2f})"
    if len(r) > 3:
        s = "> " + s
    if goal is not None:
        ok = m <= goal if more_is_worse else m >= goal
        s = f"**{s}**" if ok else s + " ✗"
    return s


def ms(v):
    return "n/a" if v is None else f"{v * 1000:,.0f}"


def peer(tree, tool):
    if (tree, tool) not in rows:
        return "—", "—"
    if timed_out(tree, tool) and med(tree, tool, 1) is None:
        return f"killed at the timeout (> {killed_cpu(tree, tool) * 1000:,.0f})", "—"
    return ms(med(tree, tool, 1)), fr(ratio(tree, "memlint", tool, 1), 1.0)


out = [f"Measured with `{command}`; {header}. Medians over the rounds; "
       "a ratio is taken within each round and shown as median (range). "
       "Bold is a goal met, ✗ one missed. CPU is user + system.", ""]

full = [t for t in trees if not t.startswith("idx-") and (t, "memlint") in rows]
out += ["| tree | .md files | dirs | floor wall (ms) | memlint wall (ms) | memlint ÷ floor, wall (goal ≤ 4) "
        "| memlint ÷ floor, CPU | memlint CPU per file (µs) | memlint peak RSS (MB) "
        "| claude-memory-lint CPU (ms) | memlint ÷ it, CPU (goal ≤ 1) | frankbesch/memlint CPU (ms) | memlint ÷ it, CPU (goal ≤ 1) |",
        "|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|"]
for t in full:
    files, dirs = trees[t]
    cpu = med(t, "memlint", 1)
    wall = ms(med(t, "memlint", 0))
    per = "n/a" if cpu is None else f"{cpu / files * 1e6:.0f}"
    rss = med(t, "memlint", 2)
    if cpu is None and timed_out(t, "memlint"):
        k = killed_cpu(t, "memlint")
        wall = f"killed at the timeout, {k * 1000:,.0f} ms CPU by then"
        per = f"> {k / files * 1e6:.0f}"
        rss = max(v[2] for v in rows[(t, "memlint")].values())
    rss_s = "n/a" if rss is None else f"{rss:.0f}"
    if files >= 90000 and rss is not None:
        rss_s = f"**{rss_s}**" if rss <= 150 else rss_s + " ✗"
    c1, c2 = peer(t, "cml")
    f1, f2 = peer(t, "fb")
    out.append(f"| {t} | {files:,} | {dirs:,} | {ms(med(t, 'floor', 0))} | {wall} | {fr(ratio(t, 'memlint', 'floor', 0), 4)} "
               f"| {fr(ratio(t, 'memlint', 'floor', 1))} | {per} | {rss_s} | {c1} | {c2} | {f1} | {f2} |")
out.append("")

# Like for like: memlint with a peer's checks alone (bench/speed.sh's
# CML_RULES and FB_RULES, every other rule off) against that peer.
like = [t for t in full if (t, "mlcml") in rows or (t, "mlfb") in rows]
if like:
    out += ["Like for like: memlint with only the rules that check what each peer checks (every other rule off; "
            "the rules are listed under \"What is compared\"), CPU against that peer's:", "",
            "| tree | claude-memory-lint CPU (ms) | memlint, its checks, CPU (ms) | ÷ it (goal ≤ 1) "
            "| frankbesch/memlint CPU (ms) | memlint, its checks, CPU (ms) | ÷ it (goal ≤ 1) |",
            "|---|---:|---:|---:|---:|---:|---:|"]
    for t in like:
        cells = []
        for p, m in (("cml", "mlcml"), ("fb", "mlfb")):
            if (t, p) in rows and (t, m) in rows:
                cells += [ms(med(t, p, 1)), ms(med(t, m, 1)), fr(ratio(t, m, p, 1), 1.0)]
            else:
                cells += ["—", "—", "—"]
        out.append(f"| {t} | " + " | ".join(cells) + " |")
    out.append("")


def scaling(title, names, unit_of, unit_name):
    """Cost per unit relative to the first tree: 1.00 everywhere is linear."""
    names = [n for n in names if n in trees and med(n, "memlint", 1) is not None]
    if len(names) < 2:
        return []
    base = med(names[0], "memlint", 1) / unit_of(names[0])
    lines = [title, "", f"| tree | {unit_name} | memlint CPU (ms) | CPU per {unit_name} ÷ {names[0]}'s (goal ≈ 1) | peak RSS (MB) |",
             "|---|---:|---:|---:|---:|"]
    for n in names:
        c = med(n, "memlint", 1)
        lines.append(f"| {n} | {unit_of(n):,g} | {ms(c)} | {c / unit_of(n) / base:.2f} | {med(n, 'memlint', 2):.0f} |")
    return lines + [""]


gen = sorted((t for t in trees if t.startswith("gen-d")), key=lambda t: int(t[5:]))
out += scaling("Linear in files and dirs (generated dirs of 200 topic files; CPU per file against the smallest tree):",
               gen, lambda t: trees[t][0], "file")
idx = sorted((t for t in trees if t.startswith("idx-")), key=lambda t: float(t[4:]))
out += scaling("Linear in index entries (one dir of 200 files, MEMORY.md of N MB; CPU per MB against the smallest):",
               idx, lambda t: float(t[4:]), "MB")


def hyper(name):
    p = os.path.join(work, name)
    if not os.path.exists(p):
        return None
    return [(statistics.median(r["times"]), r["user"] + r["system"]) for r in json.load(open(p))["results"]]


out += ["| hook | floor command | floor wall (ms) | hook wall (ms) | hook ÷ floor, wall (goal ≤ 3) | hook ÷ floor, CPU |",
        "|---|---|---:|---:|---:|---:|"]
h = hyper("hook.json")
if h:
    (vw, vc), (hw, hc) = h
    out.append(f"| `memlint hooks run claude`, write into a 200-file dir | `memlint version` | {vw * 1000:.1f} | {hw * 1000:.1f} "
               f"| {fr((hw / vw,) * 3, 3)} | {hc / vc:.2f} |")
p = hyper("precommit.json")
if p:
    (gw, gc), (pw, pc) = p
    out.append(f"| `memlint hooks run pre-commit`, 10 staged memory files | `git diff --cached --name-only` | {gw * 1000:.1f} | {pw * 1000:.1f} "
               f"| {fr((pw / gw,) * 3, 3)} | {pc / gc:.2f} |")
out.append("")
print("\n".join(out))
