#!/usr/bin/env python3
"""DL Setup framework check (issue 6).

Runs inside the interpreter of the environment being verified and prints one JSON object per line on stdout:
  {"type": "hello" | "framework" | "device" | "check" | "matmul" | "tuning" | "done", ...}
Sentences travel as catalog keys with their values, {"key": "script.…", "params": {…}}: DL Setup words them in the
user's language (main/verify/verifyText.*.ts), so the script writes no prose. One check sequence
(dlsetup_check_sequence.py) drives one adapter per framework (dlsetup_check_torch, _tensorflow, _jax, _paddle.py).
Python 3.8+, standard library only besides the framework under test. Every check is isolated: an exception becomes a
failed check with a diagnosis code, never a crash of the script. Exports ship these modules joined into one file
(main/verify/exportedScripts.ts), so a module imports its siblings' names with `from dlsetup_check_… import …` only.
"""
import argparse
import json
import os
import platform
import sys
import time
import traceback

from dlsetup_check_diagnosis import Classifier, error_entries
from dlsetup_check_jax import JaxAdapter
from dlsetup_check_measure import find_spec
from dlsetup_check_output import check, diagnose, emit, first_line, said, start_output
from dlsetup_check_paddle import PaddleAdapter
from dlsetup_check_sequence import run_framework
from dlsetup_check_tensorflow import TensorFlowAdapter
from dlsetup_check_torch import TorchAdapter

PROTOCOL = 2
ADAPTERS = [TorchAdapter, TensorFlowAdapter, JaxAdapter, PaddleAdapter]


def main(argv=None):
    parser = argparse.ArgumentParser(description="DL Setup framework check")
    parser.add_argument("--framework", default="auto", choices=["auto"] + [adapter.name for adapter in ADAPTERS])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--classify", action="store_true", help="read error text on stdin, print its diagnosis code")
    parser.add_argument("--simulate-gpu", action="store_true", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    classifier = Classifier(error_entries())
    if opts.classify:
        print(json.dumps({"code": classifier(sys.stdin.read())}))
        return 0
    # Our JSON goes to a private copy of stdout; anything a framework prints lands on stderr instead.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    start_output(out, classifier)
    started = time.time()
    emit({"type": "hello", "protocol": PROTOCOL, "python": platform.python_version(), "executable": sys.executable})
    wanted = [adapter for adapter in ADAPTERS if opts.framework in ("auto", adapter.name)]
    chosen = next((adapter for adapter in wanted if find_spec(adapter.package)), None)
    try:
        if chosen is None:
            names = [adapter.name for adapter in wanted]
            emit({"type": "framework", "name": None, "searched": names})
            check("framework-present", "fail", said("script.frameworkMissing", frameworks=" / ".join(names),
                                                    python=sys.executable), "FRAMEWORK_MISSING")
        else:
            check("framework-present", "pass", said("script.frameworkInstalled", framework=chosen.name))
            run_framework(chosen(), opts.simulate_gpu, opts.quick)
    except Exception as exc:
        check("script-error", "fail", said("script.unexpectedError", error=first_line(repr(exc))),
              diagnose(traceback.format_exc()))
        traceback.print_exc()
    emit({"type": "done", "elapsedS": round(time.time() - started, 3)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
