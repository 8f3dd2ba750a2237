#!/usr/bin/env python3
"""Re-runs every example request of docs/api.md against a running server and rewrites the answers
shown below it, so the examples stay real. Usage:
    nimkit serve --port 8080 &  scripts/update_api_examples.py [docs/api.md] [http://127.0.0.1:8080]
An example is a ```console block holding `$ curl -s -XMETHOD URL [-d 'BODY']`, followed by
"HTTP STATUS:" and a ```json block; the rulesets listing keeps its first three entries, and an
answer cut by hand (one holding "…") is left as it is."""
import json
import re
import sys
import urllib.error
import urllib.request

path = sys.argv[1] if len(sys.argv) > 1 else "docs/api.md"
base = sys.argv[2] if len(sys.argv) > 2 else "http://127.0.0.1:8080"
text = open(path, encoding="utf-8").read()
pattern = re.compile(
    r"(```console\n\$ curl -s -X(GET|POST) http://127\.0\.0\.1:8080(\S+)(?: -d '([^\n]*)')?\n```\n"
    r"(?:\(.*\)\n\n)?)HTTP (\d+):\n```json\n.*?\n```", re.S)


def answer(match):
    if "…" in match.group(0):
        return match.group(0)
    method, url, body = match.group(2), match.group(3), match.group(4)
    request = urllib.request.Request(base + url, method=method,
                                     data=body.encode() if body is not None else None)
    try:
        with urllib.request.urlopen(request) as reply:
            status, data = reply.status, json.load(reply)
    except urllib.error.HTTPError as error:
        status, data = error.code, json.load(error)
    if url == "/api/rulesets":
        data["rulesets"] = data["rulesets"][:3]
    shown = json.dumps(data, indent=2, ensure_ascii=False, sort_keys=True)
    return f"{match.group(1)}HTTP {status}:\n```json\n{shown}\n```"


updated, count = pattern.subn(answer, text)
open(path, "w", encoding="utf-8").write(updated)
print(f"{count} examples updated")
