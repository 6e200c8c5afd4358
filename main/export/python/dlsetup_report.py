#!/usr/bin/env python3
"""DL Setup verification for exported installs (shell, Ansible, Docker).

Runs the shipped framework check (dlsetup_check.py) in the environment's interpreter, adds what the
machine says about itself (host name, nvidia-smi's GPUs and driver) and writes one JSON report in the
shape of `dlsetup verify --json`, so `dlsetup fleet report DIR` can read reports from hosts where
DL Setup itself is not installed. Standard library only; Python 3.8+.
Exit status: 0 all checks passed, 2 some check failed, 1 the report could not be made.
"""
import argparse
import datetime
import json
import os
import re
import socket
import subprocess
import sys

CHECK_TYPES = {"hello", "framework", "device", "check", "matmul", "tuning", "done"}

# The check script sends sentences as catalog keys with values; these are their English templates
# (main/verify/verifyText.en.ts), which the export writes into this line (main/verify/exportedScripts.ts).
SCRIPT_SENTENCES = {}


def word(sentence):
    """A {"key", "params"} sentence in English; text stays as it is, an unknown key is shown as the key."""
    if not isinstance(sentence, dict):
        return sentence
    params = sentence.get("params") or {}
    template = str(SCRIPT_SENTENCES.get(sentence.get("key"), sentence.get("key")))
    return re.sub(r"\{\{(\w+)\}\}", lambda m: str(params[m.group(1)]) if m.group(1) in params else m.group(0), template)


def parse_lines(text):
    """Folds the check script's JSON lines into report fields; anything else is counted, never fatal."""
    out = {"framework": None, "devices": [], "checks": [], "matmul": [], "tuning": [], "python": None, "ignored": 0}
    for raw in text.splitlines():
        line = raw.strip()
        if not line:
            continue
        try:
            item = json.loads(line)
        except ValueError:
            out["ignored"] += 1
            continue
        if not isinstance(item, dict) or item.get("type") not in CHECK_TYPES:
            out["ignored"] += 1
            continue
        kind = item.pop("type")
        if kind == "hello":
            out["python"] = item.get("python")
        elif kind == "framework":
            name = item.get("name")
            build = {k: (None if v is None else str(v)) for k, v in (item.get("build") or {}).items()}
            out["framework"] = {"name": name, "version": item.get("version") or "unknown", "build": build} if name else None
        elif kind == "device":
            out["devices"].append(item)
        elif kind == "check":
            if "reason" in item:
                item["reason"] = word(item["reason"])
            item["source"] = "framework"
            out["checks"].append(item)
        elif kind == "matmul":
            out["matmul"].append(item)
        elif kind == "tuning":
            for field in ("label", "skipped"):
                if field in item:
                    item[field] = word(item[field])
            out["tuning"].append(item)
    return out


def nvidia_smi():
    """GPU names and the driver version, or ([], None) where nvidia-smi is missing or fails."""
    try:
        result = subprocess.run(
            ["nvidia-smi", "--query-gpu=name,driver_version", "--format=csv,noheader"],
            capture_output=True, text=True, timeout=60, check=False)
    except (OSError, subprocess.SubprocessError):
        return [], None
    if result.returncode != 0:
        return [], None
    rows = [[part.strip() for part in line.split(",")] for line in result.stdout.splitlines() if "," in line]
    return [row[0] for row in rows], (rows[0][1] if rows else None)


def main(argv=None):
    parser = argparse.ArgumentParser(description="DL Setup verification report")
    parser.add_argument("--python", required=True, help="interpreter of the environment to verify")
    parser.add_argument("--check", required=True, help="path of dlsetup_check.py")
    parser.add_argument("--out", required=True, help="report file to write (JSON)")
    parser.add_argument("--framework", default="auto")
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--timeout", type=int, default=900)
    opts = parser.parse_args(argv)

    started = datetime.datetime.now(datetime.timezone.utc)
    argv_check = [opts.python, opts.check, "--framework", opts.framework] + (["--quick"] if opts.quick else [])
    warnings = []
    try:
        result = subprocess.run(argv_check, capture_output=True, text=True, timeout=opts.timeout, check=False)
        stdout = result.stdout
    except subprocess.TimeoutExpired as exc:
        stdout = exc.stdout.decode() if isinstance(exc.stdout, bytes) else (exc.stdout or "")
        warnings.append("The framework check did not finish within %d s." % opts.timeout)
    except OSError as exc:
        stdout = ""
        warnings.append("Could not run %s: %s" % (opts.python, exc))
    parsed = parse_lines(stdout)
    if parsed["ignored"]:
        warnings.append("Ignored %d line(s) of unexpected output from the check script." % parsed["ignored"])
    checks = parsed["checks"]
    if not checks:
        checks.append({"id": "framework-check", "status": "fail", "source": "verify",
                       "reason": warnings[-1] if warnings else "The framework check printed no results."})
    gpus, driver = nvidia_smi()
    framework = parsed["framework"]
    build = (framework or {}).get("build") or {}
    summary = {s: sum(1 for c in checks if c.get("status") == k) for s, k in
               (("passed", "pass"), ("failed", "fail"), ("skipped", "skip"))}
    report = {
        "schemaVersion": 1,
        "createdAt": started.isoformat().replace("+00:00", "Z"),
        "host": socket.gethostname(),
        "framework": framework,
        "devices": parsed["devices"],
        "checks": checks,
        "matmul": parsed["matmul"],
        "summary": summary,
        "fingerprint": {
            "gpus": ", ".join(gpus) if gpus else (", ".join(d.get("name", "") for d in parsed["devices"]) or None),
            "driver": driver,
            "framework": (framework or {}).get("name"),
            "frameworkVersion": (framework or {}).get("version"),
            "frameworkCuda": build.get("cuda") or build.get("rocm"),
            "frameworkCudnn": build.get("cudnn"),
            "python": parsed["python"],
            "toolkit": None,
        },
        "python": {"path": opts.python, "version": parsed["python"]},
        "tuning": parsed["tuning"],
        "warnings": warnings,
        "quick": opts.quick,
        "producer": "dlsetup-export",
    }
    directory = os.path.dirname(os.path.abspath(opts.out))
    os.makedirs(directory, exist_ok=True)
    with open(opts.out, "w", encoding="utf-8") as handle:
        json.dump(report, handle, indent=2)
        handle.write("\n")
    print("DL Setup verification: %(passed)d passed, %(failed)d failed, %(skipped)d skipped" % summary
          + " -> " + opts.out)
    return 2 if summary["failed"] else 0


if __name__ == "__main__":
    sys.exit(main())
