"""Arithmetic and timing the checks share, and what the interpreter can say about installed packages."""
import math
import os
import sys
import tempfile
import time

from dlsetup_check_output import Verdict, said


def rel_error(diff_norm, ref_norm):
    return float(diff_norm) / float(ref_norm) if ref_norm else float(diff_norm)


def tflops_of(n, ms):
    return 2.0 * n * n * n / (ms / 1000.0) / 1e12 if ms > 0 else 0.0


ELEMENT_BYTES = {"fp32": 4, "tf32": 4, "fp16": 2, "bf16": 2}


def pick_matmul_n(free_bytes, elem_bytes, cap):
    """Largest multiple of 256 whose three n x n matrices fit in a fifth of free memory."""
    if not free_bytes:
        return cap
    n = int(math.sqrt(0.2 * free_bytes / (3.0 * elem_bytes)) // 256 * 256)
    return max(256, min(cap, n))


def fmt_cudnn(v):
    if v is None:
        return None
    v = int(v)
    # cuDNN 9 encodes MAJOR*10000, earlier versions MAJOR*1000 (cudnn_version.h).
    if v >= 90000:
        return "%d.%d.%d" % (v // 10000, (v % 10000) // 100, v % 100)
    return "%d.%d.%d" % (v // 1000, (v % 1000) // 100, v % 100)


def fmt_cuda(v):
    if not v:
        return None
    v = int(v)
    return "%d.%d" % (v // 1000, (v % 1000) // 10)


def compute_capability(dev):
    return tuple(int(x) for x in dev.get("computeCapability", "0.0").split("."))


def per_call_ms(elapsed_ms, fn, target_ms):
    """Warms fn up, then times enough calls to fill target_ms; elapsed_ms(fn, iters) waits for the device."""
    elapsed_ms(fn, 2)
    one = max(elapsed_ms(fn, 1), 1e-3)
    iters = int(max(3, min(2000, target_ms / one)))
    return elapsed_ms(fn, iters) / iters


def wall_clock_ms(step, target_s):
    """Runs step until target_s passed (at most 200 times); milliseconds per run."""
    t0 = time.perf_counter()
    iters = 0
    while True:
        step()
        iters += 1
        elapsed = time.perf_counter() - t0
        if elapsed >= target_s or iters >= 200:
            return elapsed * 1000.0 / iters


def gib(nbytes):
    return nbytes / float(1 << 30)


def bandwidth_verdict(key, nbytes, ms):
    """Bytes read + bytes written per second, as bandwidthTest counts them."""
    gbs = 2.0 * nbytes / (ms / 1000.0) / 1e9
    return Verdict("pass", said(key, mib=nbytes >> 20, gbs="%.0f" % gbs), {"gbs": round(gbs, 1), "bytes": nbytes})


class NativeStderr:
    """Captures what native libraries write to fd 2 (TF and XLA log loader errors there), and echoes it back."""

    def __enter__(self):
        self.text = ""
        try:
            sys.stderr.flush()
            self.saved = os.dup(2)
            self.tmp = tempfile.TemporaryFile(mode="w+b")
            os.dup2(self.tmp.fileno(), 2)
        except OSError:
            self.saved = None
        return self

    def __exit__(self, *exc):
        if self.saved is None:
            return False
        try:
            sys.stderr.flush()
        except Exception:
            pass
        os.dup2(self.saved, 2)
        os.close(self.saved)
        self.tmp.seek(0)
        self.text = self.tmp.read().decode("utf-8", "replace")
        self.tmp.close()
        if self.text:
            sys.stderr.write(self.text)
        return False


def find_spec(name):
    try:
        import importlib.util
        return importlib.util.find_spec(name) is not None
    except (ImportError, ValueError):
        return False


def package_version(dist):
    try:
        from importlib import metadata
        return metadata.version(dist)
    except Exception:
        return None
