"""The one check sequence every framework runs, through its adapter (the Adapter interface is at the end)."""
import importlib
import os

from dlsetup_check_measure import (ELEMENT_BYTES, NativeStderr, compute_capability, package_version, per_call_ms,
                                   pick_matmul_n, tflops_of)
from dlsetup_check_output import (Skip, check, diagnose, emit, exception_text, fail_from, first_line, no_gpu_code,
                                  said)

GPU_CHECKS = ["kernel-launch", "matmul-correctness", "matmul-fp32", "matmul-tf32", "matmul-fp16", "matmul-bf16",
              "cudnn", "conv2d-forward", "conv2d-backward", "memory-alloc", "memory-bandwidth"]
MATMUL_DTYPES = ["fp32", "tf32", "fp16", "bf16"]


def run_framework(fw, simulate_gpu, quick):
    """The whole check of one framework: import, build, GPUs, then the GPU checks or a CPU reference figure."""
    for name, value in fw.environment.items():
        os.environ.setdefault(name, value)
    modules = import_modules(fw)
    if modules is None:
        return
    fw.bind(*modules)
    version, build = fw.build_info()
    emit({"type": "framework", "name": fw.name, "version": str(version), "build": build})
    devices, problem = fw.find_gpus(version, build)
    for dev in devices:
        emit(dict({"type": "device"}, **dev))
    if problem:
        check("gpu-available", "fail", problem.reason, problem.code or no_gpu_code(problem.text))
    elif devices:
        check("gpu-available", "pass", said("script.gpusVisible", count=len(devices), framework=fw.display,
                                            name=devices[0]["name"]), None, {"count": len(devices)})
    if fw.self_test:
        # The framework's own installation check (paddle.utils.run_check()), whether or not a GPU is usable.
        run_probe("framework-self-test", fw.self_test, "script.selfTestFailed")
    if not devices:
        stand_in = fw.stand_in() if simulate_gpu else None
        if stand_in is None:
            skip_gpu_checks("script.noUsableGpu")
            skip_tuning(fw, "script.tuningNoGpu")
            cpu_reference_matmul(fw, quick)
            return
        emit(dict({"type": "device"}, **stand_in))
        devices = [stand_in]
    run_gpu_checks(fw, devices[0], quick)


def import_modules(fw):
    """Imports a framework with its native stderr captured, so a failed CUDA library load is classified, not lost."""
    with NativeStderr() as cap:
        try:
            return [importlib.import_module(module) for module in fw.modules]
        except Exception as exc:
            import_error = exc
    versions = (package_version(dist) for dist in fw.distributions or (fw.package,))
    emit({"type": "framework", "name": fw.name, "version": next((v for v in versions if v), None), "build": {}})
    text = exception_text(import_error)
    error = first_line(text if fw.import_error_names_type else str(import_error))
    check("framework-import", "fail", said("script.importFailed", module=fw.modules[0], error=error),
          diagnose("%s\n%s" % (text, cap.text)))
    return None


def skip_gpu_checks(key, ids=None):
    for check_id in ids or GPU_CHECKS:
        check(check_id, "skip", said(key))


def skip_tuning(fw, key):
    """Every tip this framework measures, as not measured: a machine without a usable GPU cannot time them."""
    tips = ([("tf32", "script.tuningTf32")] if fw.tf32_setting else []) + list(fw.tuning_tips())
    for tuning_id, label_key in tips:
        emit({"type": "tuning", "id": tuning_id, "label": said(label_key), "skipped": said(key)})


def cpu_reference_matmul(fw, quick):
    """Times an fp32 matmul on the CPU (clearly labelled CPU) so a machine without a GPU still gets a figure."""
    n = 384 if quick else 1024
    ms, rel = fw.cpu_matmul(n, 0.4 if quick else 1.5)
    gflops = tflops_of(n, ms) * 1000.0
    emit({"type": "matmul", "dtype": "fp32", "device": "cpu", "n": n, "ms": round(ms, 4),
          "tflops": round(gflops / 1000.0, 6), "gflops": round(gflops, 3), "timing": "wall-clock"})
    metrics = {"gflops": round(gflops, 3), "n": n, "device": "cpu"}
    if rel is not None:
        metrics["relError"] = float("%.3g" % rel)
    key, params = fw.cpu_matmul_sentence()
    check("matmul-cpu-reference", "pass", said(key, n=n, gflops="%.1f" % gflops, **params), None, metrics)


def run_gpu_checks(fw, dev, quick):
    """Kernel, matmuls, cuDNN and convolution, tuning, memory: the same order and rules for every framework."""
    fw.use_gpu(dev)
    cc = compute_capability(dev)
    target_ms = 20.0 if fw.simulated else 150.0 if quick else 600.0
    if not check_kernel_launch(dev, fw.elementwise_sum):
        return

    # Correctness: fp32 (TF32 off) against a float64 CPU reference.
    try:
        n = 512
        bounded("matmul-correctness", "script.correctness", fw.correctness_error(n), 1e-4, n=n)
    except Exception as exc:
        fail_from("matmul-correctness", exc, "script.correctnessFailed")

    free = fw.free_bytes()
    results = {}
    for name in MATMUL_DTYPES:
        check_id = "matmul-" + name
        skip = fw.matmul_skip(name, cc)
        if skip:
            check(check_id, "skip", skip)
            continue
        try:
            # 8192 lets tensor cores approach their peak even in quick mode; pick_matmul_n shrinks it on small cards.
            n = pick_matmul_n(free, ELEMENT_BYTES[name], fw.matmul_cap(quick))
            ms = fw.time_matmul(name, n, target_ms)
            tflops = tflops_of(n, ms)
            results[name] = ms
            emit({"type": "matmul", "dtype": name, "device": fw.matmul_device, "n": n, "ms": round(ms, 4),
                  "tflops": round(tflops, 3), "timing": fw.timing})
            check(check_id, "pass", said("script.matmulThroughput", dtype=name, n=n, tflops="%.1f" % tflops), None,
                  {"tflops": round(tflops, 3), "n": n})
        except Exception as exc:
            fail_from(check_id, exc, "script.matmulFailed", dtype=name)
    fw.after_matmuls()
    if ("fp32" in results and "tf32" in results) or fw.reports_unmeasured_tf32:
        run_tuning("tf32", "script.tuningTf32", lambda: tf32_speedup(results, fw.tf32_setting))

    # cuDNN: presence, then conv2d forward/backward against a float64 CPU reference.
    cudnn = run_probe("cudnn", fw.cudnn, "script.cudnnLoadFailed", "CUDNN_LIB_MISSING")
    forward_key, backward_key = fw.conv_keys
    try:
        forward, backward = fw.conv_errors()
        bounded("conv2d-forward", forward_key, forward, 1e-3)
        bounded("conv2d-backward", backward_key, backward, 1e-3)
    except Exception as exc:
        code = fail_from("conv2d-forward", exc, "script.convFailed", "CUDNN_LIB_MISSING" if cudnn == "fail" else None)
        check("conv2d-backward", "skip",
              said("script.convForwardFailed", code=code) if code else said("script.convForwardFailedSee"))

    for tuning_id, label_key, measure in fw.tuning_steps(cudnn == "pass", cc, quick, target_ms):
        run_tuning(tuning_id, label_key, measure)

    # Memory: claim a large share of free VRAM, touch it, give it back; then device copy bandwidth.
    run_probe("memory-alloc", fw.memory_alloc, "script.memoryAllocFailed")
    run_probe("memory-bandwidth", lambda: fw.bandwidth(quick, target_ms), "script.bandwidthFailed")


def check_kernel_launch(dev, elementwise_sum):
    """A tiny kernel first: a build without SASS/PTX for this GPU fails here with "no kernel image".
    elementwise_sum computes sum(2*x+1) for x = 0..1023 on the GPU; False means the GPU checks were skipped."""
    want = float(2 * (1023 * 1024 / 2) + 1024)
    try:
        got = float(elementwise_sum())
    except Exception as exc:
        fail_from("kernel-launch", exc, "script.kernelLaunchFailed")
        skip_gpu_checks("script.gpuCannotRunKernels", GPU_CHECKS[1:])
        return False
    if abs(got - want) > 1e-3 * want:
        check("kernel-launch", "fail", said("script.kernelWrongResult", got=repr(got), want=repr(want)))
        skip_gpu_checks("script.gpuWrongResults", GPU_CHECKS[1:])
        return False
    check("kernel-launch", "pass", said("script.kernelRan", name=dev["name"]))
    return True


def bounded(check_id, key, rel, bound, **params):
    """A result compared with a float64 reference: it passes within bound."""
    check(check_id, "pass" if rel <= bound else "fail", said(key, error="%.2e" % rel, bound="%.0e" % bound, **params),
          None, {"relError": float("%.3g" % rel), "bound": bound})


def run_probe(check_id, probe, failure_key, fallback_code=None):
    """One check from a probe that returns a Verdict; an exception is a failed check. Returns the status."""
    try:
        verdict = probe()
    except Exception as exc:
        fail_from(check_id, exc, failure_key, fallback_code)
        return "fail"
    check(check_id, verdict.status, verdict.reason, verdict.code, verdict.metrics)
    return verdict.status


def run_tuning(tuning_id, label_key, measure):
    """A setting timed off (baseline) and on (tuned); measure() returns (baseline ms, tuned ms, how to turn it on)."""
    line = {"type": "tuning", "id": tuning_id, "label": said(label_key)}
    try:
        baseline, tuned, setting = measure()
        line.update(baselineMs=round(baseline, 4), tunedMs=round(tuned, 4), speedup=round(baseline / tuned, 3),
                    setting=setting)
    except Skip as skip:
        line["skipped"] = skip.reason
    except Exception as exc:
        line["skipped"] = said("script.rawError", error=first_line(exception_text(exc)))
    emit(line)


def tf32_speedup(results, setting):
    if "fp32" not in results or "tf32" not in results:
        raise Skip(said("script.tuningNoTf32"))
    return results["fp32"], results["tf32"], setting


def not_measured(key):
    """A tuning step this framework leaves to another; its sentence says where to look."""
    def measure():
        raise Skip(said(key))
    return measure


class Adapter:
    """One framework's way to do each step of run_framework and run_gpu_checks. Subclasses provide bind, build_info,
    find_gpus, cpu_matmul, cpu_matmul_sentence, use_gpu, elapsed_ms, elementwise_sum, correctness_error, time_matmul,
    cudnn, conv_errors, memory_alloc and bandwidth; the defaults here suit a framework without the feature."""
    name = display = package = ""
    modules = ()
    # The pip distributions that install `package` when their names differ (paddlepaddle-gpu installs paddle).
    distributions = ()
    # A probe returning a Verdict: the framework's own installation self-test, where it has one.
    self_test = None
    environment = {}
    import_error_names_type = False
    simulated = False
    matmul_device = "gpu"
    timing = "wall-clock"
    tf32_setting = None
    reports_unmeasured_tf32 = False
    conv_keys = ("script.convForward", "script.convBackward")

    def stand_in(self):
        return None

    def matmul_skip(self, name, cc):
        if name in ("tf32", "bf16") and cc < (8, 0):
            return said("script.tensorCoresNeedAmpere", dtype=name)
        return None

    def matmul_cap(self, quick):
        return 8192

    def free_bytes(self):
        return None

    def after_matmuls(self):
        pass

    def tuning_tips(self):
        return []

    def tuning_steps(self, cudnn_ok, cc, quick, target_ms):
        return []

    def timed(self, fn, target_ms):
        return per_call_ms(self.elapsed_ms, fn, target_ms)
