"""Which known problem an error text names: data/errors.json's patterns plus the wordings of running frameworks."""
import json
import os
import re

# The codes a failed check can carry, most specific first: the first code with a matching pattern wins.
DIAGNOSIS_ORDER = ["NO_KERNEL_IMAGE", "PTX_TOO_NEW", "OUT_OF_MEMORY", "CPU_ONLY_BUILD", "CUDNN_VERSION_MISMATCH",
                   "DRIVER_TOO_OLD", "NO_DEVICES_FOUND", "DRIVER_NOT_LOADED", "CUDNN_LIB_MISSING", "CUDA_LIB_MISSING"]

# Each code's patterns are data/errors.json's; these add the shorter wordings exceptions and native loaders use
# inside a running framework, which the pasted logs errors.json is written for do not show.
EXCEPTION_WORDINGS = {
    "NO_KERNEL_IMAGE": [r"no kernel image is available", r"invalid device function"],
    "PTX_TOO_NEW": [r"unsupported PTX version", r"PTX was compiled with an unsupported toolchain", r"CUDA_ERROR_INVALID_PTX"],
    "OUT_OF_MEMORY": [r"out of memory", r"RESOURCE_EXHAUSTED", r"OOM when allocating", r"OutOfMemoryError"],
    "CPU_ONLY_BUILD": [r"not compiled with CUDA", r"CUDA-enabled jaxlib is not installed",
                       r"no platforms that are instances of gpu", r"built without CUDA"],
    "CUDNN_VERSION_MISMATCH": [r"Loaded runtime CuDNN library: .* but source was compiled with",
                               r"cuDNN version incompatibility", r"CuDNN library needs to have matching"],
    "DRIVER_TOO_OLD": [r"driver version is insufficient", r"driver on your system is too old", r"error \(35\)",
                       r"code=35\b", r"failure 35:", r"older than the (?:PTX|CUDA)"],
    "NO_DEVICES_FOUND": [r"no CUDA-capable device", r"No CUDA GPUs are available", r"No visible GPU devices",
                         r"no supported devices found"],
    "DRIVER_NOT_LOADED": [r"Found no NVIDIA driver", r"libcuda\.so", r"failed call to cuInit", r"NVIDIA-SMI has failed",
                          r"CUDA driver initialization failed", r"CUDA_ERROR_NOT_INITIALIZED", r"libnvidia-ml\.so"],
    "CUDNN_LIB_MISSING": [r"libcudnn\w*\.so[\w.]*[:)]? cannot open", r"Could not load library libcudnn",
                          r"Failed to find dynamic library: ?libc ?udnn", r"Unable to load any of \{?libcudnn",
                          r"Could not load dynamic library 'libcudnn", r"CUDNN_STATUS_NOT_INITIALIZED"],
    "CUDA_LIB_MISSING": [r"libcu(?:dart|blas|blasLt|fft|rand|solver|sparse|pti)\w*\.so[\w.]*: cannot open",
                         r"Could not load dynamic library 'libcu(?:dart|blas|fft|rand|solver|sparse)",
                         r"libnv(?:rtc|JitLink)\w*\.so[\w.]*: cannot open"],
}

# data/errors.json's entries ({"code", "patterns"}) in an exported copy, which runs where there is no data/ folder;
# the export writes this line (main/verify/exportedScripts.ts).
EMBEDDED_ERROR_ENTRIES = None
# The app passes the entries in this variable: its data/ may sit inside an archive Python cannot read.
ERROR_ENTRIES_VARIABLE = "DLSETUP_ERROR_ENTRIES"
PACKAGE_ERRORS_FILE = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..", "..", "data", "errors.json")


def error_entries():
    """data/errors.json's entries: passed in, embedded, or the package's file; [] when none is readable."""
    try:
        if os.environ.get(ERROR_ENTRIES_VARIABLE):
            return json.loads(os.environ[ERROR_ENTRIES_VARIABLE])
        if EMBEDDED_ERROR_ENTRIES is not None:
            return EMBEDDED_ERROR_ENTRIES
        with open(PACKAGE_ERRORS_FILE, encoding="utf-8") as handle:
            return json.load(handle)["entries"]
    except (OSError, ValueError, KeyError, TypeError):
        return []


class Classifier:
    """Maps error text to a diagnosis code (None when nothing matches)."""

    def __init__(self, entries):
        patterns = {code: list(wordings) for code, wordings in EXCEPTION_WORDINGS.items()}
        for entry in entries:
            if isinstance(entry, dict) and entry.get("code") in patterns:
                # errors.json is written for JavaScript: Python spells a named group (?P<name>…); none is needed here.
                patterns[entry["code"]] += [re.sub(r"\(\?<(?=[A-Za-z_])\w+>", "(?:", p) for p in entry.get("patterns", [])]
        self.rules = [(code, [regex for regex in map(compiled, patterns[code]) if regex]) for code in DIAGNOSIS_ORDER]

    def __call__(self, text, driver_present=None):
        for code, regexes in self.rules:
            if any(regex.search(text or "") for regex in regexes):
                # "Driver too old" with no driver at all is really "no driver loaded".
                if code == "DRIVER_TOO_OLD" and driver_present is False:
                    return "DRIVER_NOT_LOADED"
                return code
        return None


def compiled(pattern):
    try:
        return re.compile(pattern, re.IGNORECASE)
    except (re.error, TypeError):
        return None


def driver_present():
    return os.path.exists("/proc/driver/nvidia/version") or os.path.exists("/dev/nvidiactl")
