"""The check's output: one JSON object per line, sentences as catalog keys with values, failures with their code."""
import collections
import json

from dlsetup_check_diagnosis import Classifier, driver_present

_stream = None
_classifier = Classifier([])

# What one probe found: a status, its sentence, and figures.
Verdict = collections.namedtuple("Verdict", "status reason metrics code", defaults=(None, None))
# Why a framework sees no usable GPU: a sentence, and the code or the error text that names the cause.
NoGpu = collections.namedtuple("NoGpu", "reason text code", defaults=("", None))


class Skip(Exception):
    """A measurement that cannot run here; its sentence says why."""

    def __init__(self, reason):
        Exception.__init__(self, reason["key"])
        self.reason = reason


def start_output(stream, classifier):
    global _stream, _classifier
    _stream, _classifier = stream, classifier


def emit(obj):
    _stream.write(json.dumps(obj, separators=(",", ":"), default=str) + "\n")
    _stream.flush()


def diagnose(text):
    """The diagnosis code for error text met on this machine (None when nothing matches)."""
    return _classifier(text, driver_present())


def no_gpu_code(text):
    present = driver_present()
    return _classifier(text, present) or ("NO_DEVICES_FOUND" if present else "DRIVER_NOT_LOADED")


def said(key, **params):
    """A sentence as its catalog key (main/verify/verifyText.en.ts) and values; figures arrive formatted as text."""
    line = {"key": key}
    if params:
        line["params"] = {name: value if isinstance(value, int) and not isinstance(value, bool) else str(value)
                          for name, value in params.items()}
    return line


def check(check_id, status, reason=None, code=None, metrics=None):
    obj = {"type": "check", "id": check_id, "status": status}
    if reason:
        obj["reason"] = reason
    if code:
        obj["code"] = code
    if metrics:
        obj["metrics"] = metrics
    emit(obj)


def first_line(text, limit=400):
    lines = [l.strip() for l in str(text).splitlines() if l.strip()]
    line = lines[0] if lines else str(text)
    return line[:limit]


def exception_text(exc):
    return "%s: %s" % (type(exc).__name__, exc)


def fail_from(check_id, exc, key, fallback_code=None, **params):
    """A failed check from an exception: its first line in the sentence, its diagnosis as the code."""
    text = exception_text(exc)
    code = diagnose(text) or fallback_code
    check(check_id, "fail", said(key, error=first_line(text), **params), code)
    return code
