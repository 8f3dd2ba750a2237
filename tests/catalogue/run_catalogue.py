#!/usr/bin/env python3
"""Runs the bad-input catalogue (bad_inputs.tsv) against a built `nimkit` binary.

Usage: run_catalogue.py NIMKIT [CATALOGUE]

Each row names how the bad input reaches nimkit (kind), what it is, and what must come back:

  section  id  kind  args  data  expect  fragment  max_secs

  section   "normal" cases must pass; "pending" cases (known defects being fixed) run too and are
            reported separately, never failing the run. A pending case that passes is reported so
            that it can be moved to "normal".
  kind      cli:  args are the command line (shell words), data is what is typed on stdin.
            file: args contain @FILE, replaced by a file holding data; stdin is empty.
            http: args are "METHOD /path", data is the body, sent to `nimkit serve` on a free
                  loopback port started for the run.
  args      "@PORT" becomes a free loopback port (for cases that start their own server);
            {{TEXT*N}} is TEXT repeated N times, as in data (a long argument).
  data      "-" for nothing; otherwise UTF-8 text with the escapes \\n \\t \\r \\0 \\xHH \\\\, in
            which {{TEXT*N}} is TEXT repeated N times (large inputs, no large files).
  expect    exit status (cli, file) or HTTP status (http); alternatives separated by "|".
  fragment  text (escaped as data) that must appear in stderr+stdout (cli, file) or in the
            "error" string (http);
            "-" for none; alternatives separated by "||".
  max_secs  the case fails when it takes longer; "-" for the default (20 s). Multiplied by the
            environment variable NIMKIT_CATALOGUE_TIME_SCALE (default 1; sanitizer builds are
            several times slower).

Contracts checked on every case: a command-line exit status >= 128 or a death by signal is a
crash and always fails; exit status 2 must come with stderr of exactly one line starting
"error: "; an HTTP refusal (4xx) must be a JSON object with a string "error". A message is at
most MAX_MESSAGE characters, however long the input it names (user text is quoted cut short).
"""

import http.client
import json
import os
import re
import shlex
import signal
import socket
import subprocess
import sys
import tempfile
import time

DEFAULT_SECS = 20.0
MAX_MESSAGE = 1000
TIME_SCALE = float(os.environ.get("NIMKIT_CATALOGUE_TIME_SCALE", "1"))


def repeat(text):
    """{{TEXT*N}} -> TEXT repeated N times."""
    return re.sub(r"\{\{(.*?)\*(\d+)\}\}", lambda m: m.group(1) * int(m.group(2)), text)


def decode(data):
    if data == "-":
        return b""
    text = repeat(data)
    # Escapes become bytes; every other character is written as UTF-8.
    simple = {"n": b"\n", "t": b"\t", "r": b"\r", "0": b"\0", "\\": b"\\"}
    out = bytearray()
    for piece in re.split(r"(\\x[0-9a-fA-F]{2}|\\[ntr0\\])", text):
        if piece.startswith("\\x") and len(piece) == 4:
            out.append(int(piece[2:], 16))
        elif piece.startswith("\\") and len(piece) == 2:
            out += simple[piece[1]]
        else:
            out += piece.encode("utf-8")
    return bytes(out)


def has_fragment(case, text):
    return case["fragment"] == "-" or any(f in text for f in case["fragment"].split("||"))


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def load(path):
    cases = []
    with open(path, encoding="utf-8") as f:
        for number, line in enumerate(f, 1):
            line = line.rstrip("\n")
            if not line.strip() or line.startswith("#"):
                continue
            fields = line.split("\t")
            if len(fields) != 8:
                sys.exit(f"{path}:{number}: expected 8 tab-separated fields, got {len(fields)}")
            section, name, kind, args, data, expect, fragment, secs = fields
            if section == "section":
                continue  # the header
            if section not in ("normal", "pending") or kind not in ("cli", "file", "http"):
                sys.exit(f"{path}:{number}: bad section or kind")
            cases.append(
                dict(line=number, section=section, id=name, kind=kind, args=args, data=data,
                     expect=[int(x) for x in expect.split("|")],
                     fragment=fragment if fragment == "-" else decode(fragment).decode("utf-8"),
                     secs=TIME_SCALE * (DEFAULT_SECS if secs == "-" else float(secs))))
    return cases


def run_cli(nimkit, case, work):
    stdin = b""
    args = repeat(case["args"]).replace("@PORT", str(free_port()))
    if case["kind"] == "file":
        path = os.path.join(work, f"case-{case['line']}.txt")
        with open(path, "wb") as f:
            f.write(decode(case["data"]))
        args = args.replace("@FILE", shlex.quote(path))
    else:
        stdin = decode(case["data"])
    with tempfile.TemporaryFile() as out, tempfile.TemporaryFile() as err:
        start = time.monotonic()
        proc = subprocess.Popen([nimkit] + shlex.split(args), stdin=subprocess.PIPE, stdout=out,
                                stderr=err, cwd=work, start_new_session=True)
        try:
            proc.communicate(stdin, timeout=case["secs"])
        except (subprocess.TimeoutExpired, BrokenPipeError):
            pass
        if proc.poll() is None:
            os.killpg(proc.pid, signal.SIGKILL)
            proc.wait()
            return f"still running after {case['secs']:g} s (killed)"
        elapsed = time.monotonic() - start
        out.seek(0)
        err.seek(0)
        stdout = out.read().decode("utf-8", "replace")
        stderr = err.read().decode("utf-8", "replace")
    status = proc.returncode
    if status < 0 or status >= 128:
        return f"CRASH: exit {status}; stderr: {stderr[-300:]!r}"
    if status not in case["expect"]:
        return f"exit {status}, expected {case['expect']}; stderr: {stderr[:300]!r}"
    if status == 2:
        lines = stderr.splitlines()
        if len(lines) != 1 or not lines[0].startswith("error: "):
            return f"exit 2 without one 'error: ' line on stderr: {stderr[:300]!r}"
        if len(lines[0]) > MAX_MESSAGE:
            return f"a message of {len(lines[0])} characters: {stderr[:300]!r}"
    if not has_fragment(case, stderr + stdout):
        return f"{case['fragment']!r} not in output {(stderr + stdout)[:300]!r}"
    if elapsed > case["secs"]:
        return f"took {elapsed:.1f} s"
    return None


class Server:
    def __init__(self, nimkit, work):
        self.port = free_port()
        self.log = open(os.path.join(work, "server.log"), "wb")
        self.proc = subprocess.Popen(
            [nimkit, "serve", "--host", "127.0.0.1", "--port", str(self.port)],
            stdout=self.log, stderr=subprocess.STDOUT, start_new_session=True)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", self.port), timeout=0.2).close()
                return
            except OSError:
                if self.proc.poll() is not None:
                    break
                time.sleep(0.05)
        self.stop()
        sys.exit("catalogue: nimkit serve did not start")

    def alive(self):
        return self.proc.poll() is None

    def stop(self):
        if self.proc.poll() is None:
            self.proc.terminate()
            try:
                self.proc.wait(timeout=5)
            except subprocess.TimeoutExpired:
                os.killpg(self.proc.pid, signal.SIGKILL)
                self.proc.wait()
        self.log.close()


def run_http(server, case):
    method, path = case["args"].split(" ", 1)
    body = decode(case["data"])
    conn = http.client.HTTPConnection("127.0.0.1", server.port, timeout=case["secs"])
    start = time.monotonic()
    try:
        conn.request(method, path, body=body if method != "GET" else None,
                     headers={"Content-Type": "application/json"})
        response = conn.getresponse()
        status, text = response.status, response.read()
    except (OSError, http.client.HTTPException) as e:
        return f"no answer: {e!r}" + ("" if server.alive() else " (the server died: CRASH)")
    finally:
        conn.close()
    elapsed = time.monotonic() - start
    if status not in case["expect"]:
        return f"HTTP {status}, expected {case['expect']}: {text[:300]!r}"
    if status >= 400:
        try:
            answer = json.loads(text)
        except ValueError:
            return f"HTTP {status} body is not JSON: {text[:300]!r}"
        if not isinstance(answer, dict) or not isinstance(answer.get("error"), str):
            return f"HTTP {status} body has no string \"error\": {text[:300]!r}"
        if len(answer["error"]) > MAX_MESSAGE:
            return f"an error of {len(answer['error'])} characters: {text[:300]!r}"
        if not has_fragment(case, answer["error"]):
            return f"{case['fragment']!r} not in error {answer['error']!r}"
    if elapsed > case["secs"]:
        return f"took {elapsed:.1f} s"
    return None


def main():
    if len(sys.argv) < 2:
        sys.exit(__doc__)
    nimkit = os.path.realpath(sys.argv[1])
    catalogue = sys.argv[2] if len(sys.argv) > 2 else os.path.join(
        os.path.dirname(os.path.abspath(__file__)), "bad_inputs.tsv")
    cases = load(catalogue)
    results = {"normal": [0, []], "pending": [0, []]}
    with tempfile.TemporaryDirectory() as work:
        server = Server(nimkit, work)
        try:
            for case in cases:
                if case["kind"] == "http":
                    if not server.alive():
                        server.stop()
                        server = Server(nimkit, work)
                    problem = run_http(server, case)
                else:
                    problem = run_cli(nimkit, case, work)
                tally = results[case["section"]]
                if problem is None:
                    tally[0] += 1
                else:
                    tally[1].append((case, problem))
        finally:
            server.stop()
    passed, failures = results["normal"]
    for case, problem in failures:
        print(f"FAIL {case['id']} (line {case['line']}): {problem}")
    pending_passed, pending_failures = results["pending"]
    for case, problem in pending_failures:
        print(f"pending {case['id']} (line {case['line']}): {problem}")
    if pending_passed:
        fixed = [c["id"] for c in cases if c["section"] == "pending"
                 and all(c is not f[0] for f in pending_failures)]
        print("pending cases now passing (move them to normal): " + ", ".join(fixed))
    print(f"catalogue: {passed} passed, {len(failures)} failed; pending: {pending_passed} passing, "
          f"{len(pending_failures)} still failing")
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
