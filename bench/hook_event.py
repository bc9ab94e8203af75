"""Writes a Claude Code PostToolUse event for a write into a benchmark memory dir.

Usage: python3 bench/hook_event.py REPO OUT

The first topic file of REPO/memory gets one more line (once: running again
leaves it as it is), and OUT gets the event Claude Code sends after that
Write, with the file's content before it as originalFile. bench/speed.sh
and bench/claude_hook.sh time `memlint hooks run claude` on it.
"""
import json, os, sys

repo, out = sys.argv[1], sys.argv[2]
mem = os.path.join(repo, "memory")
f = os.path.join(mem, sorted(x for x in os.listdir(mem) if x != "MEMORY.md")[0])
line = "\nOne more line, written for the benchmark.\n"
cur = open(f).read()
orig = cur[: -len(line)] if cur.endswith(line) else cur
open(f, "w").write(orig + line)
ev = {"session_id": "bench", "transcript_path": "/tmp/bench.jsonl", "cwd": repo,
      "permission_mode": "default", "hook_event_name": "PostToolUse", "tool_name": "Write",
      "tool_input": {"file_path": f, "content": orig + line},
      "tool_response": {"type": "update", "filePath": f, "content": orig + line,
                        "structuredPatch": [], "originalFile": orig}}
json.dump(ev, open(out, "w"))
