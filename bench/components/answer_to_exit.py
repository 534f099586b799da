"""Runs a command and prints, in seconds, how long it ran after writing its answer until it
exited. The answer is the first line of standard output, or with --line TEXT the first line that
contains TEXT. With --stderr, standard error is read instead (for `grundy script --stats`, whose
statistics line is written as soon as the analysis is done, before the script and its table are
dropped and the report is written).
Usage: python3 answer_to_exit.py [--stderr] [--line TEXT] COMMAND [ARG...]"""
import subprocess
import sys
import time

command = sys.argv[1:]
watch_stderr = command[:1] == ["--stderr"]
if watch_stderr:
    command = command[1:]
marker = ""
if command[:1] == ["--line"]:
    marker, command = command[1], command[2:]
process = subprocess.Popen(
    command,
    stdout=subprocess.DEVNULL if watch_stderr else subprocess.PIPE,
    stderr=subprocess.PIPE if watch_stderr else subprocess.DEVNULL,
)
stream = process.stderr if watch_stderr else process.stdout
answer = stream.readline()
while answer and marker.encode() not in answer:
    answer = stream.readline()
answered = time.perf_counter()
stream.read()
process.wait()
exited = time.perf_counter()
if process.returncode != 0 or not answer:
    sys.exit(f"answer_to_exit: {command[0]} failed")
print(f"{exited - answered:.4f}")
