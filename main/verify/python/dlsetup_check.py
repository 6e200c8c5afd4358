#!/usr/bin/env python3
"""DL Setup framework check (issue 6).

Runs inside the interpreter of the environment being verified and prints one JSON object per line on stdout:
  {"type": "framework" | "device" | "check" | "matmul" | "tuning" | "done", ...}
Python 3.8+, standard library only besides the framework under test. Every check is isolated: an exception
becomes a failed check with a diagnosis code, never a crash of the script.
"""
import argparse
import json
import math
import os
import platform
import re
import sys
import tempfile
import time
import traceback

PROTOCOL = 1

# Ordered: the first matching pattern wins, so specific error names come before generic wording.
DIAGNOSIS_PATTERNS = [
    ("NO_KERNEL_IMAGE", r"no kernel image is available|cudaErrorNoKernelImageForDevice|CUDA_ERROR_NO_BINARY_FOR_GPU"
                        r"|is not compatible with the current PyTorch installation|invalid device function"),
    ("PTX_TOO_NEW", r"unsupported PTX version|cudaErrorUnsupportedPtxVersion|CUDA_ERROR_UNSUPPORTED_PTX_VERSION"
                    r"|PTX was compiled with an unsupported toolchain|CUDA_ERROR_INVALID_PTX"),
    ("OUT_OF_MEMORY", r"out of memory|CUDA_ERROR_OUT_OF_MEMORY|cudaErrorMemoryAllocation|RESOURCE_EXHAUSTED"
                      r"|OOM when allocating|OutOfMemoryError"),
    ("CPU_ONLY_BUILD", r"not compiled with CUDA|CUDA-enabled jaxlib is not installed"
                       r"|no platforms that are instances of gpu|built without CUDA"),
    ("CUDNN_VERSION_MISMATCH", r"Loaded runtime CuDNN library: .* but source was compiled with"
                               r"|cuDNN version incompatibility|CuDNN library needs to have matching"),
    ("DRIVER_TOO_OLD", r"driver version is insufficient|driver on your system is too old|CUDA_ERROR_INSUFFICIENT_DRIVER"
                       r"|cudaErrorInsufficientDriver|error \(35\)|code=35\b|failure 35:|older than the (?:PTX|CUDA)"),
    ("NO_DEVICES_FOUND", r"no CUDA-capable device|CUDA_ERROR_NO_DEVICE|cudaErrorNoDevice|No CUDA GPUs are available"
                         r"|No devices were found|No visible GPU devices|no supported devices found"),
    ("DRIVER_NOT_LOADED", r"Found no NVIDIA driver|libcuda\.so|failed call to cuInit|NVIDIA-SMI has failed"
                          r"|couldn't communicate with the NVIDIA driver|CUDA driver initialization failed"
                          r"|CUDA_ERROR_NOT_INITIALIZED|libnvidia-ml\.so"),
    ("CUDNN_LIB_MISSING", r"libcudnn\w*\.so[\w.]*[:)]? cannot open|Could not load library libcudnn"
                          r"|Failed to find dynamic library: ?libc ?udnn|Unable to load any of \{?libcudnn"
                          r"|Could not load dynamic library 'libcudnn|CUDNN_STATUS_NOT_INITIALIZED"),
    ("CUDA_LIB_MISSING", r"libcu(?:dart|blas|blasLt|fft|rand|solver|sparse|pti)\w*\.so[\w.]*: cannot open"
                         r"|Could not load dynamic library 'libcu(?:dart|blas|fft|rand|solver|sparse)"
                         r"|libnv(?:rtc|JitLink)\w*\.so[\w.]*: cannot open"),
]


def classify(text, driver_present=None):
    """Maps error text to a diagnosis code (None when nothing matches)."""
    for code, pattern in DIAGNOSIS_PATTERNS:
        if re.search(pattern, text or "", re.IGNORECASE):
            # "Driver too old" with no driver at all is really "no driver loaded".
            if code == "DRIVER_TOO_OLD" and driver_present is False:
                return "DRIVER_NOT_LOADED"
            return code
    return None


def driver_present():
    return os.path.exists("/proc/driver/nvidia/version") or os.path.exists("/dev/nvidiactl")


class Emitter:
    def __init__(self, stream):
        self.stream = stream

    def __call__(self, obj):
        self.stream.write(json.dumps(obj, separators=(",", ":"), default=str) + "\n")
        self.stream.flush()


emit = None


def check(check_id, status, reason=None, code=None, metrics=None):
    obj = {"type": "check", "id": check_id, "status": status}
    if reason:
        obj["reason"] = reason
    if code:
        obj["code"] = code
    if metrics:
        obj["metrics"] = metrics
    emit(obj)


def fail_from(check_id, exc, prefix, fallback_code=None):
    text = "%s: %s" % (type(exc).__name__, exc)
    code = classify(text, driver_present()) or fallback_code
    check(check_id, "fail", "%s: %s" % (prefix, first_line(text)), code)
    return code


def first_line(text, limit=400):
    lines = [l.strip() for l in str(text).splitlines() if l.strip()]
    line = lines[0] if lines else str(text)
    return line[:limit]


def rel_error(diff_norm, ref_norm):
    return float(diff_norm) / float(ref_norm) if ref_norm else float(diff_norm)


def tflops_of(n, ms):
    return 2.0 * n * n * n / (ms / 1000.0) / 1e12 if ms > 0 else 0.0


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


GPU_CHECKS = ["kernel-launch", "matmul-correctness", "matmul-fp32", "matmul-tf32", "matmul-fp16", "matmul-bf16",
              "cudnn", "conv2d-forward", "conv2d-backward", "memory-alloc", "memory-bandwidth"]


def skip_gpu_checks(reason, ids=None):
    for check_id in ids or GPU_CHECKS:
        check(check_id, "skip", reason)


def cpu_reference_matmul(matmul_fn, quick, label):
    """Times an fp32 matmul on the CPU (clearly labelled CPU) so a machine without a GPU still gets a figure."""
    n = 384 if quick else 1024
    start = time.perf_counter()
    ms, rel = matmul_fn(n, 0.4 if quick else 1.5)
    gflops = tflops_of(n, ms) * 1000.0
    emit({"type": "matmul", "dtype": "fp32", "device": "cpu", "n": n, "ms": round(ms, 4),
          "tflops": round(gflops / 1000.0, 6), "gflops": round(gflops, 3), "timing": "wall-clock"})
    metrics = {"gflops": round(gflops, 3), "n": n, "device": "cpu"}
    if rel is not None:
        metrics["relError"] = float("%.3g" % rel)
    check("matmul-cpu-reference", "pass", "CPU fp32 matmul %dx%d: %.1f GFLOP/s (%s)." % (n, n, gflops, label), None,
          metrics)
    return time.perf_counter() - start


# ---------------------------------------------------------------- PyTorch

def run_pytorch(opts):
    try:
        import torch
    except Exception as exc:
        emit({"type": "framework", "name": "pytorch", "version": package_version("torch"), "build": {}})
        fail_from("framework-import", exc, "import torch failed")
        return
    version = getattr(torch, "__version__", "?")
    cuda = getattr(torch.version, "cuda", None)
    hip = getattr(torch.version, "hip", None)
    build = {"cuda": cuda, "rocm": hip, "cudnn": None, "python": platform.python_version()}
    if cuda or hip:
        try:
            build["cudnn"] = fmt_cudnn(torch.backends.cudnn.version())
        except Exception:
            pass
    try:
        build["archList"] = " ".join(torch.cuda.get_arch_list()) or None
    except Exception:
        build["archList"] = None
    emit({"type": "framework", "name": "pytorch", "version": str(version), "build": build})

    quick = opts.quick
    devices = []
    if not cuda and not hip:
        check("gpu-available", "fail",
              "This PyTorch build (%s) has no CUDA support (torch.version.cuda is None): it was built for the CPU "
              "only. Install a CUDA build of PyTorch to use the GPU." % version, "CPU_ONLY_BUILD")
    else:
        try:
            torch.cuda.init()
            count = torch.cuda.device_count()
            if count == 0:
                raise RuntimeError("No CUDA GPUs are available")
            for i in range(count):
                props = torch.cuda.get_device_properties(i)
                dev = {"type": "device", "index": i, "name": props.name,
                       "computeCapability": "%d.%d" % (props.major, props.minor),
                       "memoryMiB": int(props.total_memory // (1024 * 1024))}
                try:
                    free, _total = torch.cuda.mem_get_info(i)
                    dev["freeMiB"] = int(free // (1024 * 1024))
                except Exception:
                    pass
                devices.append(dev)
                emit(dev)
            check("gpu-available", "pass", "%d GPU(s) visible to PyTorch; using %s." % (count, devices[0]["name"]),
                  None, {"count": count})
        except Exception as exc:
            text = "%s: %s" % (type(exc).__name__, exc)
            present = driver_present()
            code = classify(text, present) or ("NO_DEVICES_FOUND" if present else "DRIVER_NOT_LOADED")
            check("gpu-available", "fail", "PyTorch %s (CUDA %s) cannot use a GPU: %s" % (version, cuda or hip,
                                                                                          first_line(text)), code)

    def cpu_mm(n, target_s):
        torch.manual_seed(0)
        a = torch.randn(n, n)
        b = torch.randn(n, n)
        c = torch.matmul(a, b)
        ref = torch.matmul(a.double(), b.double())
        rel = rel_error(torch.linalg.norm(c.double() - ref), torch.linalg.norm(ref)) if hasattr(torch, "linalg") \
            else None
        t0 = time.perf_counter()
        iters = 0
        while True:
            torch.matmul(a, b, out=c)
            iters += 1
            elapsed = time.perf_counter() - t0
            if elapsed >= target_s or iters >= 200:
                break
        return elapsed * 1000.0 / iters, rel

    if not devices and opts.simulate_gpu:
        dev = {"type": "device", "index": 0, "name": "CPU stand-in (simulated GPU)", "computeCapability": "8.0",
               "simulated": True}
        emit(dev)
        pytorch_gpu_checks(torch, dev, quick, CpuStandIn(torch))
        return
    if not devices:
        skip_gpu_checks("No usable GPU (see gpu-available).")
        cpu_reference_matmul(cpu_mm, quick, "PyTorch %d thread(s)" % torch.get_num_threads())
        return
    pytorch_gpu_checks(torch, devices[0], quick)


class TorchCuda:
    """The device side of the PyTorch checks: CUDA (or ROCm) events, memory queries, caches."""
    simulated = False
    autocast_device = "cuda"
    timing = "cuda-events"
    matmul_device = "gpu"

    def __init__(self, torch):
        self.torch = torch
        self.device = torch.device("cuda", 0)

    def synchronize(self):
        self.torch.cuda.synchronize()

    def empty_cache(self):
        self.torch.cuda.empty_cache()

    def mem_get_info(self):
        if not hasattr(self.torch.cuda, "mem_get_info"):
            return None
        return self.torch.cuda.mem_get_info(0)

    def elapsed_ms(self, fn, iters):
        start = self.torch.cuda.Event(enable_timing=True)
        end = self.torch.cuda.Event(enable_timing=True)
        start.record()
        for _ in range(iters):
            fn()
        end.record()
        end.synchronize()
        return start.elapsed_time(end)


class CpuStandIn(TorchCuda):
    """--simulate-gpu: runs the GPU check sequence on the CPU with tiny sizes, to self-test its control flow on
    machines without a GPU. Its figures are CPU figures and are labelled so; the app never passes this flag."""
    simulated = True
    autocast_device = "cpu"
    timing = "wall-clock (simulated GPU on CPU)"
    matmul_device = "cpu"

    def __init__(self, torch):
        self.torch = torch
        self.device = torch.device("cpu")

    def synchronize(self):
        pass

    def empty_cache(self):
        pass

    def mem_get_info(self):
        return (64 << 20, 1 << 30)

    def elapsed_ms(self, fn, iters):
        start = time.perf_counter()
        for _ in range(iters):
            fn()
        return (time.perf_counter() - start) * 1000.0


def pytorch_gpu_checks(torch, dev, quick, accel=None):
    import torch.nn.functional as F
    accel = accel or TorchCuda(torch)
    device = accel.device
    small = accel.simulated
    cc = tuple(int(x) for x in dev["computeCapability"].split("."))
    hip = getattr(torch.version, "hip", None)
    target_ms = 20.0 if small else 150.0 if quick else 600.0

    def timed(fn, target=target_ms):
        for _ in range(2):
            fn()
        accel.synchronize()
        one = max(accel.elapsed_ms(fn, 1), 1e-3)
        iters = int(max(3, min(2000, target / one)))
        return accel.elapsed_ms(fn, iters) / iters

    if not check_kernel_launch(dev, lambda: (torch.arange(1024, device=device, dtype=torch.float32) * 2 + 1).sum().item()):
        return

    matmul_tf32 = getattr(torch.backends.cuda, "matmul", None)
    saved_tf32 = getattr(matmul_tf32, "allow_tf32", None)
    saved_cudnn_tf32 = getattr(torch.backends.cudnn, "allow_tf32", None)

    def set_tf32(on):
        if matmul_tf32 is not None and saved_tf32 is not None:
            matmul_tf32.allow_tf32 = on

    # Correctness: fp32 (TF32 off) against a float64 CPU reference.
    try:
        set_tf32(False)
        torch.manual_seed(0)
        n = 512
        a = torch.randn(n, n)
        b = torch.randn(n, n)
        ref = torch.matmul(a.double(), b.double())
        got = torch.matmul(a.to(device), b.to(device)).cpu().double()
        rel = rel_error(torch.norm(got - ref), torch.norm(ref))
        bound = 1e-4
        status = "pass" if rel <= bound else "fail"
        check("matmul-correctness", status,
              "fp32 %dx%d matmul on the GPU vs a float64 CPU reference: relative error %.2e (bound %.0e)."
              % (n, n, rel, bound), None, {"relError": float("%.3g" % rel), "bound": bound})
    except Exception as exc:
        fail_from("matmul-correctness", exc, "The correctness matmul failed")

    try:
        free = accel.mem_get_info()[0]
    except Exception:
        free = None
    # 8192 lets tensor cores approach their peak even in quick mode; pick_matmul_n shrinks it on small cards.
    cap = 256 if small else 8192
    results = {}
    specs = [("fp32", torch.float32, False, None), ("tf32", torch.float32, True, None),
             ("fp16", torch.float16, False, None), ("bf16", torch.bfloat16, False, None)]
    for name, dtype, tf32, _ in specs:
        check_id = "matmul-" + name
        if name == "tf32" and (cc < (8, 0) or hip or saved_tf32 is None):
            check(check_id, "skip", "TF32 tensor cores need an NVIDIA GPU of compute capability 8.0 (Ampere) or newer.")
            continue
        if name == "bf16" and (cc < (8, 0) and not hip):
            check(check_id, "skip", "bf16 tensor cores need compute capability 8.0 (Ampere) or newer.")
            continue
        try:
            set_tf32(tf32)
            elem = torch.tensor([], dtype=dtype).element_size()
            n = pick_matmul_n(free, elem, cap)
            a = torch.randn(n, n, device=device, dtype=torch.float32).to(dtype)
            b = torch.randn(n, n, device=device, dtype=torch.float32).to(dtype)
            c = torch.empty(n, n, device=device, dtype=dtype)
            ms = timed(lambda: torch.matmul(a, b, out=c))
            tflops = tflops_of(n, ms)
            results[name] = ms
            emit({"type": "matmul", "dtype": name, "device": accel.matmul_device, "n": n, "ms": round(ms, 4),
                  "tflops": round(tflops, 3), "timing": accel.timing})
            check(check_id, "pass", "%s matmul %dx%d: %.1f TFLOP/s." % (name, n, n, tflops), None,
                  {"tflops": round(tflops, 3), "n": n})
            del a, b, c
        except Exception as exc:
            fail_from(check_id, exc, "%s matmul failed" % name)
        finally:
            set_tf32(False)
    accel.empty_cache()
    if "fp32" in results and "tf32" in results:
        emit({"type": "tuning", "id": "tf32", "label": "TF32 for fp32 matmuls", "baselineMs": round(results["fp32"], 4),
              "tunedMs": round(results["tf32"], 4), "speedup": round(results["fp32"] / results["tf32"], 3),
              "setting": "torch.backends.cuda.matmul.allow_tf32 = True"})
    else:
        emit({"type": "tuning", "id": "tf32", "label": "TF32 for fp32 matmuls",
              "skipped": "TF32 is not available on this GPU."})

    # cuDNN: presence, then conv2d forward/backward against a float64 CPU reference.
    cudnn_ok = False
    try:
        if torch.backends.cudnn.is_available():
            ver = fmt_cudnn(torch.backends.cudnn.version())
            check("cudnn", "pass", "%s %s is available to PyTorch." % ("MIOpen" if hip else "cuDNN", ver), None,
                  {"version": ver or "?"})
            cudnn_ok = True
        else:
            check("cudnn", "fail", "PyTorch cannot load cuDNN (torch.backends.cudnn.is_available() is False).",
                  "CUDNN_LIB_MISSING")
    except Exception as exc:
        fail_from("cudnn", exc, "Loading cuDNN failed", "CUDNN_LIB_MISSING")
    try:
        if saved_cudnn_tf32 is not None:
            torch.backends.cudnn.allow_tf32 = False
        torch.manual_seed(0)
        x = torch.randn(4, 8, 32, 32)
        w = torch.randn(16, 8, 3, 3)
        g = torch.randn(4, 16, 32, 32)
        xr = x.double().requires_grad_()
        wr = w.double().requires_grad_()
        yr = F.conv2d(xr, wr, padding=1)
        yr.backward(g.double())
        xg = x.to(device).requires_grad_()
        wg = w.to(device).requires_grad_()
        yg = F.conv2d(xg, wg, padding=1)
        yg.backward(g.to(device))
        bound = 1e-3
        fwd = rel_error(torch.norm(yg.detach().cpu().double() - yr.detach()), torch.norm(yr.detach()))
        check("conv2d-forward", "pass" if fwd <= bound else "fail",
              "conv2d forward on the GPU vs a float64 CPU reference: relative error %.2e (bound %.0e)." % (fwd, bound),
              None, {"relError": float("%.3g" % fwd), "bound": bound})
        bwd = max(rel_error(torch.norm(xg.grad.cpu().double() - xr.grad), torch.norm(xr.grad)),
                  rel_error(torch.norm(wg.grad.cpu().double() - wr.grad), torch.norm(wr.grad)))
        check("conv2d-backward", "pass" if bwd <= bound else "fail",
              "conv2d backward (input and weight gradients) vs the CPU reference: relative error %.2e (bound %.0e)."
              % (bwd, bound), None, {"relError": float("%.3g" % bwd), "bound": bound})
    except Exception as exc:
        code = fail_from("conv2d-forward", exc, "conv2d on the GPU failed", "CUDNN_LIB_MISSING" if not cudnn_ok else None)
        check("conv2d-backward", "skip", "conv2d forward failed (%s)." % (code or "see conv2d-forward"))
    finally:
        if saved_cudnn_tf32 is not None:
            torch.backends.cudnn.allow_tf32 = saved_cudnn_tf32

    # cudnn.benchmark: the same conv layer timed with and without autotuning.
    try:
        if not cudnn_ok:
            raise LookupError("cuDNN is not available")
        batch = 16 if quick else 64
        conv = torch.nn.Conv2d(64, 64, 3, padding=1).to(device)
        x = torch.randn(batch, 64, 56, 56, device=device)
        saved_bench = torch.backends.cudnn.benchmark
        with torch.no_grad():
            torch.backends.cudnn.benchmark = False
            off = timed(lambda: conv(x), target_ms / 2)
            torch.backends.cudnn.benchmark = True
            on = timed(lambda: conv(x), target_ms / 2)
        torch.backends.cudnn.benchmark = saved_bench
        emit({"type": "tuning", "id": "cudnn-benchmark", "label": "cudnn.benchmark for fixed-size convolutions",
              "baselineMs": round(off, 4), "tunedMs": round(on, 4), "speedup": round(off / on, 3),
              "setting": "torch.backends.cudnn.benchmark = True"})
    except Exception as exc:
        emit({"type": "tuning", "id": "cudnn-benchmark", "label": "cudnn.benchmark for fixed-size convolutions",
              "skipped": first_line("%s: %s" % (type(exc).__name__, exc))})

    # bf16 autocast: forward+backward of a small MLP in fp32 (TF32 off) vs under autocast.
    try:
        if cc < (8, 0) and not hip:
            raise LookupError("bf16 autocast needs compute capability 8.0 or newer")
        width = 128 if small else 2048 if quick else 4096
        model = torch.nn.Sequential(torch.nn.Linear(width, width), torch.nn.ReLU(), torch.nn.Linear(width, width))
        model = model.to(device)
        x = torch.randn(width, width, device=device)

        def step():
            model.zero_grad(set_to_none=True)
            model(x).float().sum().backward()

        def step_autocast():
            with torch.autocast(accel.autocast_device, dtype=torch.bfloat16):
                out = model(x)
            model.zero_grad(set_to_none=True)
            out.float().sum().backward()

        set_tf32(False)
        base = timed(step, target_ms / 2)
        tuned = timed(step_autocast, target_ms / 2)
        emit({"type": "tuning", "id": "bf16-autocast", "label": "bf16 autocast (mixed precision) for training",
              "baselineMs": round(base, 4), "tunedMs": round(tuned, 4), "speedup": round(base / tuned, 3),
              "setting": "with torch.autocast('cuda', dtype=torch.bfloat16): ..."})
        del model, x
    except Exception as exc:
        emit({"type": "tuning", "id": "bf16-autocast", "label": "bf16 autocast (mixed precision) for training",
              "skipped": first_line("%s: %s" % (type(exc).__name__, exc))})
    finally:
        if saved_tf32 is not None:
            matmul_tf32.allow_tf32 = saved_tf32
    accel.empty_cache()

    # Memory: claim a large share of free VRAM, touch it, give it back.
    try:
        info = accel.mem_get_info()
        if info is None:
            check("memory-alloc", "skip", "This PyTorch (%s) cannot report free GPU memory (torch.cuda.mem_get_info)."
                  % torch.__version__)
            raise LookupError("skipped")
        free, total = info
        share = 0.8
        nbytes = int(free * share) // (1 << 20) * (1 << 20)
        block = torch.empty(nbytes, dtype=torch.uint8, device=device)
        block.fill_(1)
        accel.synchronize()
        del block
        accel.empty_cache()
        free_after = accel.mem_get_info()[0]
        gib = nbytes / float(1 << 30)
        check("memory-alloc", "pass", "Allocated, wrote and freed %.1f GiB (%.0f %% of the free %.1f GiB)."
              % (gib, share * 100, free / float(1 << 30)), None,
              {"allocatedGiB": round(gib, 2), "freeGiB": round(free / float(1 << 30), 2),
               "totalGiB": round(total / float(1 << 30), 2), "freeAfterGiB": round(free_after / float(1 << 30), 2)})
    except LookupError:
        pass
    except Exception as exc:
        fail_from("memory-alloc", exc, "Allocating most of the free GPU memory failed")
        accel.empty_cache()

    # Device-to-device copy bandwidth (bytes read + bytes written per second, as bandwidthTest counts it).
    try:
        info = accel.mem_get_info()
        free = info[0] if info else dev["memoryMiB"] << 19
        nbytes = min(256 << 20 if quick else 1 << 30, int(free * 0.1)) // 4096 * 4096
        src = torch.empty(nbytes, dtype=torch.uint8, device=device).fill_(3)
        dst = torch.empty_like(src)
        ms = timed(lambda: dst.copy_(src), target_ms / 2)
        gbs = 2.0 * nbytes / (ms / 1000.0) / 1e9
        check("memory-bandwidth", "pass", "Device-to-device copy of %d MiB: %.0f GB/s." % (nbytes >> 20, gbs), None,
              {"gbs": round(gbs, 1), "bytes": nbytes})
        del src, dst
        accel.empty_cache()
    except Exception as exc:
        fail_from("memory-bandwidth", exc, "The copy bandwidth test failed")


def check_kernel_launch(dev, elementwise_sum):
    """A tiny kernel first: a build without SASS/PTX for this GPU fails here with "no kernel image".
    elementwise_sum computes sum(2*x+1) for x = 0..1023 on the GPU; False means the GPU checks were skipped."""
    want = float(2 * (1023 * 1024 / 2) + 1024)
    try:
        got = float(elementwise_sum())
    except Exception as exc:
        fail_from("kernel-launch", exc, "Launching a kernel failed")
        skip_gpu_checks("The GPU cannot run kernels (see kernel-launch).", GPU_CHECKS[1:])
        return False
    if abs(got - want) > 1e-3 * want:
        check("kernel-launch", "fail", "A small kernel returned %r instead of %r." % (got, want))
        skip_gpu_checks("The GPU returned wrong results (see kernel-launch).", GPU_CHECKS[1:])
        return False
    check("kernel-launch", "pass", "A small elementwise kernel ran on %s." % dev["name"])
    return True


def import_framework(name, package, module_names):
    """Imports a framework with its native stderr captured, so a failed CUDA library load is classified, not lost."""
    import importlib
    with NativeStderr() as cap:
        try:
            return [importlib.import_module(module) for module in module_names]
        except Exception as exc:
            import_error = exc
    emit({"type": "framework", "name": name, "version": package_version(package), "build": {}})
    code = classify("%s\n%s" % (import_error, cap.text), driver_present())
    check("framework-import", "fail", "import %s failed: %s" % (module_names[0], first_line(str(import_error))), code)
    return None


# ---------------------------------------------------------------- TensorFlow

def run_tensorflow(opts):
    os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "1")
    modules = import_framework("tensorflow", "tensorflow", ["tensorflow"])
    if modules is None:
        return
    tf = modules[0]
    try:
        info = dict(tf.sysconfig.get_build_info())
    except Exception:
        info = {}
    cuda_build = bool(info.get("is_cuda_build")) or bool(info.get("is_rocm_build"))
    build = {"cuda": str(info["cuda_version"]) if info.get("cuda_version") else None,
             "rocm": str(info["rocm_version"]) if info.get("rocm_version") else None,
             "cudnn": str(info["cudnn_version"]) if info.get("cudnn_version") else None,
             "python": platform.python_version()}
    emit({"type": "framework", "name": "tensorflow", "version": tf.__version__, "build": build})
    devices = []
    with NativeStderr() as cap:
        try:
            gpus = tf.config.list_physical_devices("GPU")
            for gpu in gpus:
                try:
                    tf.config.experimental.set_memory_growth(gpu, True)
                except Exception:
                    pass
            list_error = None
        except Exception as exc:
            gpus, list_error = [], exc
    for i, gpu in enumerate(gpus):
        dev = {"type": "device", "index": i, "name": gpu.name}
        try:
            details = tf.config.experimental.get_device_details(gpu)
            dev["name"] = details.get("device_name", gpu.name)
            if details.get("compute_capability"):
                dev["computeCapability"] = "%d.%d" % tuple(details["compute_capability"])
        except Exception:
            pass
        devices.append(dev)
        emit(dev)
    if not cuda_build:
        check("gpu-available", "fail", "This TensorFlow build (%s) has no CUDA support "
              "(tf.sysconfig.get_build_info() says is_cuda_build False): it runs on the CPU only." % tf.__version__,
              "CPU_ONLY_BUILD")
    elif not devices:
        text = "%s\n%s" % (list_error or "", cap.text)
        present = driver_present()
        code = classify(text, present) or ("NO_DEVICES_FOUND" if present else "DRIVER_NOT_LOADED")
        hint = first_line(lib_error_line(cap.text) or list_error or "tf.config.list_physical_devices('GPU') is empty")
        check("gpu-available", "fail", "TensorFlow %s (CUDA %s) sees no GPU: %s" % (tf.__version__, build["cuda"], hint),
              code)
    else:
        check("gpu-available", "pass", "%d GPU(s) visible to TensorFlow; using %s." % (len(devices), devices[0]["name"]),
              None, {"count": len(devices)})

    def cpu_mm(n, target_s):
        with tf.device("/CPU:0"):
            a = tf.random.normal([n, n], seed=1)
            b = tf.random.normal([n, n], seed=2)
            c = tf.linalg.matmul(a, b)
            ref = tf.linalg.matmul(tf.cast(a, tf.float64), tf.cast(b, tf.float64))
            rel = rel_error(tf.norm(tf.cast(c, tf.float64) - ref).numpy(), tf.norm(ref).numpy())
            t0 = time.perf_counter()
            iters = 0
            while True:
                c = tf.linalg.matmul(a, b)
                _ = c[0, 0].numpy()
                iters += 1
                elapsed = time.perf_counter() - t0
                if elapsed >= target_s or iters >= 200:
                    break
        return elapsed * 1000.0 / iters, rel

    if not devices:
        skip_gpu_checks("No usable GPU (see gpu-available).")
        cpu_reference_matmul(cpu_mm, opts.quick, "TensorFlow")
        return
    tensorflow_gpu_checks(tf, devices[0], build, opts.quick)


def lib_error_line(text):
    for line in (text or "").splitlines():
        if "Could not load" in line or "cannot open shared object" in line or "cuInit" in line:
            return line
    return None


def tensorflow_gpu_checks(tf, dev, build, quick):
    cc = tuple(int(x) for x in dev.get("computeCapability", "0.0").split("."))
    target_s = 0.15 if quick else 0.6

    def timed(fn):
        # Eager GPU ops are asynchronous; reading one element back waits for the stream.
        for _ in range(2):
            out = fn()
        _ = tf.reshape(out, [-1])[0].numpy()
        t0 = time.perf_counter()
        out = fn()
        _ = tf.reshape(out, [-1])[0].numpy()
        one = max(time.perf_counter() - t0, 1e-6)
        iters = int(max(3, min(2000, target_s / one)))
        t0 = time.perf_counter()
        for _ in range(iters):
            out = fn()
        _ = tf.reshape(out, [-1])[0].numpy()
        return (time.perf_counter() - t0) * 1000.0 / iters

    def tf_sum():
        with tf.device("/GPU:0"):
            return tf.reduce_sum(tf.range(1024, dtype=tf.float32) * 2 + 1).numpy()

    if not check_kernel_launch(dev, tf_sum):
        return

    set_tf32 = getattr(tf.config.experimental, "enable_tensor_float_32_execution", None)
    try:
        if set_tf32:
            set_tf32(False)
        n = 512
        with tf.device("/CPU:0"):
            a = tf.random.normal([n, n], seed=1)
            b = tf.random.normal([n, n], seed=2)
            ref = tf.linalg.matmul(tf.cast(a, tf.float64), tf.cast(b, tf.float64))
        with tf.device("/GPU:0"):
            got = tf.linalg.matmul(tf.identity(a), tf.identity(b))
        got = tf.cast(tf.identity(got), tf.float64)
        rel = rel_error(tf.norm(got - ref).numpy(), tf.norm(ref).numpy())
        bound = 1e-4
        check("matmul-correctness", "pass" if rel <= bound else "fail",
              "fp32 %dx%d matmul on the GPU vs a float64 CPU reference: relative error %.2e (bound %.0e)."
              % (n, n, rel, bound), None, {"relError": float("%.3g" % rel), "bound": bound})
    except Exception as exc:
        fail_from("matmul-correctness", exc, "The correctness matmul failed")

    results = {}
    n_cap = 4096 if quick else 8192
    for name, dtype, tf32 in [("fp32", tf.float32, False), ("tf32", tf.float32, True), ("fp16", tf.float16, False),
                              ("bf16", tf.bfloat16, False)]:
        check_id = "matmul-" + name
        if name in ("tf32", "bf16") and cc < (8, 0):
            check(check_id, "skip", "%s tensor cores need compute capability 8.0 (Ampere) or newer." % name)
            continue
        if name == "tf32" and not set_tf32:
            check(check_id, "skip", "This TensorFlow cannot switch TF32 on and off.")
            continue
        try:
            if set_tf32:
                set_tf32(tf32)
            n = n_cap
            with tf.device("/GPU:0"):
                a = tf.cast(tf.random.normal([n, n]), dtype)
                b = tf.cast(tf.random.normal([n, n]), dtype)
                ms = timed(lambda: tf.linalg.matmul(a, b))
            tflops = tflops_of(n, ms)
            results[name] = ms
            emit({"type": "matmul", "dtype": name, "device": "gpu", "n": n, "ms": round(ms, 4),
                  "tflops": round(tflops, 3), "timing": "wall-clock+sync"})
            check(check_id, "pass", "%s matmul %dx%d: %.1f TFLOP/s." % (name, n, n, tflops), None,
                  {"tflops": round(tflops, 3), "n": n})
        except Exception as exc:
            fail_from(check_id, exc, "%s matmul failed" % name)
        finally:
            if set_tf32:
                set_tf32(False)
    if "fp32" in results and "tf32" in results:
        emit({"type": "tuning", "id": "tf32", "label": "TF32 for fp32 matmuls", "baselineMs": round(results["fp32"], 4),
              "tunedMs": round(results["tf32"], 4), "speedup": round(results["fp32"] / results["tf32"], 3),
              "setting": "tf.config.experimental.enable_tensor_float_32_execution(True)"})

    if build.get("cudnn"):
        check("cudnn", "pass", "TensorFlow was built against cuDNN %s." % build["cudnn"], None,
              {"version": build["cudnn"]})
    else:
        check("cudnn", "skip", "TensorFlow does not report a cuDNN version; the convolution checks below exercise it.")
    try:
        with tf.device("/CPU:0"):
            x = tf.random.normal([4, 32, 32, 8], seed=3, dtype=tf.float64)
            w = tf.random.normal([3, 3, 8, 16], seed=4, dtype=tf.float64)
            g = tf.random.normal([4, 32, 32, 16], seed=5, dtype=tf.float64)

        def conv(xx, ww, gg):
            with tf.GradientTape() as tape:
                tape.watch([xx, ww])
                y = tf.nn.conv2d(xx, ww, strides=1, padding="SAME")
                loss = tf.reduce_sum(y * gg)
            dx, dw = tape.gradient(loss, [xx, ww])
            return y, dx, dw

        with tf.device("/CPU:0"):
            yr, dxr, dwr = conv(x, w, g)
        with tf.device("/GPU:0"):
            yg, dxg, dwg = conv(tf.cast(x, tf.float32), tf.cast(w, tf.float32), tf.cast(g, tf.float32))

        def rel(a, b):
            return rel_error(tf.norm(tf.cast(a, tf.float64) - b).numpy(), tf.norm(b).numpy())
        bound = 1e-3
        fwd = rel(yg, yr)
        bwd = max(rel(dxg, dxr), rel(dwg, dwr))
        check("conv2d-forward", "pass" if fwd <= bound else "fail",
              "conv2d forward on the GPU vs a float64 CPU reference: relative error %.2e (bound %.0e)." % (fwd, bound),
              None, {"relError": float("%.3g" % fwd), "bound": bound})
        check("conv2d-backward", "pass" if bwd <= bound else "fail",
              "conv2d backward (input and weight gradients) vs the CPU reference: relative error %.2e (bound %.0e)."
              % (bwd, bound), None, {"relError": float("%.3g" % bwd), "bound": bound})
    except Exception as exc:
        code = fail_from("conv2d-forward", exc, "conv2d on the GPU failed")
        check("conv2d-backward", "skip", "conv2d forward failed (%s)." % (code or "see conv2d-forward"))
    check("memory-alloc", "skip", "TensorFlow does not report free GPU memory, so this check runs with PyTorch or JAX.")
    check("memory-bandwidth", "skip", "Copy bandwidth is measured with PyTorch or JAX.")
    emit({"type": "tuning", "id": "bf16-autocast", "label": "bf16 mixed precision",
          "skipped": "Measured with PyTorch; in Keras use keras.mixed_precision.set_global_policy('mixed_bfloat16')."})


# ---------------------------------------------------------------- JAX

def run_jax(opts):
    # JAX grabs 75 % of GPU memory at start by default; the memory check needs it free.
    os.environ.setdefault("XLA_PYTHON_CLIENT_PREALLOCATE", "false")
    modules = import_framework("jax", "jax", ["jax", "jax.numpy"])
    if modules is None:
        return
    jax, jnp = modules
    build = {"jaxlib": package_version("jaxlib"), "cuda": None, "cudnn": None, "python": platform.python_version()}
    plugin = None
    for name in ("jax_cuda13_plugin", "jax_cuda12_plugin", "jax_rocm60_plugin", "jax_rocm7_plugin"):
        if find_spec(name):
            plugin = name
            build["plugin"] = name
            break
    try:
        from jax._src.lib import cuda_versions  # noqa: private, absent on CPU-only jaxlib
        if cuda_versions is not None:
            build["cuda"] = fmt_cuda(cuda_versions.cuda_runtime_get_version())
            build["cudnn"] = fmt_cudnn(cuda_versions.cudnn_get_version())
    except Exception:
        pass
    emit({"type": "framework", "name": "jax", "version": jax.__version__, "build": build})
    devices = []
    with NativeStderr() as cap:
        try:
            gpus = jax.devices("gpu")
            gpu_error = None
        except Exception as exc:
            gpus, gpu_error = [], exc
    for i, d in enumerate(gpus):
        dev = {"type": "device", "index": i, "name": getattr(d, "device_kind", str(d))}
        cc = getattr(d, "compute_capability", None)
        if cc:
            dev["computeCapability"] = str(cc)
        try:
            stats = d.memory_stats() or {}
            if stats.get("bytes_limit"):
                dev["memoryMiB"] = int(stats["bytes_limit"] // (1024 * 1024))
        except Exception:
            pass
        devices.append(dev)
        emit(dev)
    if devices:
        check("gpu-available", "pass", "%d GPU(s) visible to JAX; using %s." % (len(devices), devices[0]["name"]),
              None, {"count": len(devices)})
    else:
        text = "%s: %s\n%s" % (type(gpu_error).__name__, gpu_error, cap.text)
        init_failed = re.search(r"Unable to initialize backend '(cuda|rocm|gpu)'", text)
        if not plugin and not init_failed:
            check("gpu-available", "fail", "This JAX install (%s) has no CUDA plugin: it runs on the CPU only. "
                  "Install jax[cuda12] (or newer) to use the GPU." % jax.__version__, "CPU_ONLY_BUILD")
        else:
            present = driver_present()
            code = classify(text, present) or ("NO_DEVICES_FOUND" if present else "DRIVER_NOT_LOADED")
            check("gpu-available", "fail", "JAX %s cannot use a GPU: %s" % (jax.__version__, first_line(text)), code)

    def cpu_mm(n, target_s):
        cpu = jax.devices("cpu")[0]
        key = jax.random.PRNGKey(0)
        a = jax.device_put(jax.random.normal(key, (n, n), dtype=jnp.float32), cpu)
        b = jax.device_put(jax.random.normal(jax.random.PRNGKey(1), (n, n), dtype=jnp.float32), cpu)
        f = jax.jit(jnp.dot)
        f(a, b).block_until_ready()
        t0 = time.perf_counter()
        iters = 0
        while True:
            f(a, b).block_until_ready()
            iters += 1
            elapsed = time.perf_counter() - t0
            if elapsed >= target_s or iters >= 200:
                break
        return elapsed * 1000.0 / iters, None

    if not devices:
        skip_gpu_checks("No usable GPU (see gpu-available).")
        cpu_reference_matmul(cpu_mm, opts.quick, "JAX/XLA")
        return
    jax_gpu_checks(jax, jnp, gpus[0], devices[0], opts.quick)


def fmt_cuda(v):
    if not v:
        return None
    v = int(v)
    return "%d.%d" % (v // 1000, (v % 1000) // 10)


def jax_gpu_checks(jax, jnp, gpu, dev, quick):
    import numpy as np
    cc = tuple(int(x) for x in dev.get("computeCapability", "0.0").split("."))
    target_s = 0.15 if quick else 0.6
    lax = jax.lax

    def timed(fn, *args):
        for _ in range(2):
            fn(*args).block_until_ready()
        t0 = time.perf_counter()
        fn(*args).block_until_ready()
        one = max(time.perf_counter() - t0, 1e-6)
        iters = int(max(3, min(2000, target_s / one)))
        t0 = time.perf_counter()
        out = None
        for _ in range(iters):
            out = fn(*args)
        out.block_until_ready()
        return (time.perf_counter() - t0) * 1000.0 / iters

    if not check_kernel_launch(dev, lambda: jax.jit(lambda v: jnp.sum(v * 2 + 1))(jax.device_put(jnp.arange(1024, dtype=jnp.float32), gpu))):
        return

    rng = np.random.default_rng(0)
    try:
        n = 512
        a = rng.standard_normal((n, n)).astype(np.float32)
        b = rng.standard_normal((n, n)).astype(np.float32)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        f = jax.jit(lambda p, q: jnp.dot(p, q, precision=lax.Precision.HIGHEST))
        got = np.asarray(f(jax.device_put(a, gpu), jax.device_put(b, gpu))).astype(np.float64)
        rel = rel_error(np.linalg.norm(got - ref), np.linalg.norm(ref))
        bound = 1e-4
        check("matmul-correctness", "pass" if rel <= bound else "fail",
              "fp32 %dx%d matmul on the GPU vs a float64 CPU reference: relative error %.2e (bound %.0e)."
              % (n, n, rel, bound), None, {"relError": float("%.3g" % rel), "bound": bound})
    except Exception as exc:
        fail_from("matmul-correctness", exc, "The correctness matmul failed")

    free = None
    try:
        stats = gpu.memory_stats() or {}
        free = stats.get("bytes_limit", 0) - stats.get("bytes_in_use", 0)
    except Exception:
        pass
    results = {}
    cap = 8192
    for name, dtype, prec in [("fp32", jnp.float32, lax.Precision.HIGHEST), ("tf32", jnp.float32, lax.Precision.DEFAULT),
                              ("fp16", jnp.float16, lax.Precision.DEFAULT), ("bf16", jnp.bfloat16, lax.Precision.DEFAULT)]:
        check_id = "matmul-" + name
        if name in ("tf32", "bf16") and cc < (8, 0):
            check(check_id, "skip", "%s tensor cores need compute capability 8.0 (Ampere) or newer." % name)
            continue
        try:
            n = pick_matmul_n(free, jnp.dtype(dtype).itemsize, cap)
            a = jax.device_put(jnp.asarray(rng.standard_normal((n, n)), dtype=dtype), gpu)
            b = jax.device_put(jnp.asarray(rng.standard_normal((n, n)), dtype=dtype), gpu)
            f = jax.jit(lambda p, q, prec=prec: jnp.dot(p, q, precision=prec))
            ms = timed(f, a, b)
            tflops = tflops_of(n, ms)
            results[name] = ms
            emit({"type": "matmul", "dtype": name, "device": "gpu", "n": n, "ms": round(ms, 4),
                  "tflops": round(tflops, 3), "timing": "block_until_ready"})
            check(check_id, "pass", "%s matmul %dx%d: %.1f TFLOP/s." % (name, n, n, tflops), None,
                  {"tflops": round(tflops, 3), "n": n})
            del a, b
        except Exception as exc:
            fail_from(check_id, exc, "%s matmul failed" % name)
    if "fp32" in results and "tf32" in results:
        emit({"type": "tuning", "id": "tf32", "label": "TF32 for fp32 matmuls", "baselineMs": round(results["fp32"], 4),
              "tunedMs": round(results["tf32"], 4), "speedup": round(results["fp32"] / results["tf32"], 3),
              "setting": "jax.config.update('jax_default_matmul_precision', 'tensorfloat32')"})

    check("cudnn", "pass" if dev else "skip", "XLA uses cuDNN for convolutions; the checks below exercise it.")
    try:
        x = rng.standard_normal((4, 8, 32, 32))
        w = rng.standard_normal((16, 8, 3, 3))
        g = rng.standard_normal((4, 16, 32, 32))

        def conv(xx, ww):
            return lax.conv_general_dilated(xx, ww, (1, 1), "SAME", precision=lax.Precision.HIGHEST)

        def loss(xx, ww, gg):
            return jnp.sum(conv(xx, ww) * gg)
        grad = jax.grad(loss, argnums=(0, 1))
        cpu = jax.devices("cpu")[0]
        with jax.default_device(cpu):
            xr, wr, gr = (jax.device_put(jnp.asarray(v, dtype=jnp.float32), cpu) for v in (x, w, g))
            yr = np.asarray(jax.jit(conv)(xr, wr)).astype(np.float64)
            dxr, dwr = (np.asarray(v).astype(np.float64) for v in jax.jit(grad)(xr, wr, gr))
        xg, wg, gg = (jax.device_put(jnp.asarray(v, dtype=jnp.float32), gpu) for v in (x, w, g))
        yg = np.asarray(jax.jit(conv)(xg, wg)).astype(np.float64)
        dxg, dwg = (np.asarray(v).astype(np.float64) for v in jax.jit(grad)(xg, wg, gg))
        bound = 1e-3
        fwd = rel_error(np.linalg.norm(yg - yr), np.linalg.norm(yr))
        bwd = max(rel_error(np.linalg.norm(dxg - dxr), np.linalg.norm(dxr)),
                  rel_error(np.linalg.norm(dwg - dwr), np.linalg.norm(dwr)))
        check("conv2d-forward", "pass" if fwd <= bound else "fail",
              "conv2d forward on the GPU vs the XLA CPU result: relative error %.2e (bound %.0e)." % (fwd, bound),
              None, {"relError": float("%.3g" % fwd), "bound": bound})
        check("conv2d-backward", "pass" if bwd <= bound else "fail",
              "conv2d backward (input and weight gradients) vs the CPU result: relative error %.2e (bound %.0e)."
              % (bwd, bound), None, {"relError": float("%.3g" % bwd), "bound": bound})
    except Exception as exc:
        code = fail_from("conv2d-forward", exc, "conv2d on the GPU failed")
        check("conv2d-backward", "skip", "conv2d forward failed (%s)." % (code or "see conv2d-forward"))

    try:
        stats = gpu.memory_stats() or {}
        free = stats.get("bytes_limit", 0) - stats.get("bytes_in_use", 0)
        if free <= 0:
            raise LookupError("JAX does not report free GPU memory")
        nbytes = int(free * 0.8) // (1 << 20) * (1 << 20)
        block = jax.device_put(jnp.ones((nbytes,), dtype=jnp.uint8), gpu)
        block.block_until_ready()
        block.delete()
        gib = nbytes / float(1 << 30)
        check("memory-alloc", "pass", "Allocated, wrote and freed %.1f GiB (80 %% of the free memory)." % gib, None,
              {"allocatedGiB": round(gib, 2), "freeGiB": round(free / float(1 << 30), 2)})
    except LookupError as exc:
        check("memory-alloc", "skip", str(exc))
    except Exception as exc:
        fail_from("memory-alloc", exc, "Allocating most of the free GPU memory failed")
    try:
        nbytes = (256 << 20) if quick else (1 << 30)
        src = jax.device_put(jnp.zeros((nbytes,), dtype=jnp.uint8), gpu)
        ms = timed(jax.jit(lambda v: v + 1), src)
        gbs = 2.0 * nbytes / (ms / 1000.0) / 1e9
        check("memory-bandwidth", "pass", "Device read+write of %d MiB: %.0f GB/s." % (nbytes >> 20, gbs), None,
              {"gbs": round(gbs, 1), "bytes": nbytes})
        src.delete()
    except Exception as exc:
        fail_from("memory-bandwidth", exc, "The copy bandwidth test failed")


# ---------------------------------------------------------------- driver

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


FRAMEWORKS = [("pytorch", "torch", run_pytorch), ("tensorflow", "tensorflow", run_tensorflow), ("jax", "jax", run_jax)]


def main(argv=None):
    global emit
    parser = argparse.ArgumentParser(description="DL Setup framework check")
    parser.add_argument("--framework", default="auto", choices=["auto", "pytorch", "tensorflow", "jax"])
    parser.add_argument("--quick", action="store_true")
    parser.add_argument("--classify", action="store_true", help="read error text on stdin, print its diagnosis code")
    parser.add_argument("--simulate-gpu", action="store_true", help=argparse.SUPPRESS)
    opts = parser.parse_args(argv)
    if opts.classify:
        print(json.dumps({"code": classify(sys.stdin.read())}))
        return 0
    # Our JSON goes to a private copy of stdout; anything a framework prints lands on stderr instead.
    out = os.fdopen(os.dup(1), "w")
    os.dup2(2, 1)
    sys.stdout = sys.stderr
    emit = Emitter(out)
    started = time.time()
    emit({"type": "hello", "protocol": PROTOCOL, "python": platform.python_version(), "executable": sys.executable})
    chosen = None
    for name, module, runner in FRAMEWORKS:
        if opts.framework in ("auto", name) and find_spec(module):
            chosen = (name, runner)
            break
    try:
        if chosen is None:
            wanted = [n for n, _m, _r in FRAMEWORKS if opts.framework in ("auto", n)]
            emit({"type": "framework", "name": None, "searched": wanted})
            check("framework-present", "fail", "No %s is installed in %s." % (" / ".join(wanted), sys.executable),
                  "FRAMEWORK_MISSING")
        else:
            check("framework-present", "pass", "%s is installed." % chosen[0])
            chosen[1](opts)
    except Exception as exc:
        check("script-error", "fail", "The check script hit an unexpected error: %s" % first_line(repr(exc)),
              classify(traceback.format_exc(), driver_present()))
        traceback.print_exc()
    emit({"type": "done", "elapsedS": round(time.time() - started, 3)})
    return 0


if __name__ == "__main__":
    sys.exit(main())
