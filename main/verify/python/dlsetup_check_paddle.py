"""PaddlePaddle's way through the check sequence (CUDA builds; the CPU stands in with --simulate-gpu).
Its own self-test, paddle.utils.run_check(), runs as one check; its GPU convolutions go through cuDNN."""
import platform
import re
import time

from dlsetup_check_measure import (NativeStderr, bandwidth_verdict, fmt_cudnn, gib, package_version, rel_error,
                                   wall_clock_ms)
from dlsetup_check_output import NoGpu, Verdict, diagnose, exception_text, first_line, said
from dlsetup_check_sequence import Adapter

# What paddle.utils.run_check() prints (python/paddle/utils/install_check.py): all devices passed, or only one did.
PADDLE_RUN_CHECK_PASSED = "PaddlePaddle is installed successfully!"
PADDLE_RUN_CHECK_SINGLE_ONLY = "PaddlePaddle is installed successfully ONLY for single"
PADDLE_WORKS_ON = re.compile(r"PaddlePaddle works well on (\d+) ([A-Za-z]+?)s?\.")
# Paddle's dynamic loader logs the library it could not open (libcuda.so where no driver is loaded) and carries on.
PADDLE_LOADER_ERROR = re.compile(r"The third-party dynamic library \(.*")
# The wheels that install the `paddle` module: the CUDA build, then the CPU build.
PADDLE_DISTRIBUTIONS = ("paddlepaddle-gpu", "paddlepaddle")
PADDLE_DTYPES = {"fp32": "float32", "tf32": "float32", "fp16": "float16", "bf16": "bfloat16"}


def paddle_build_value(value):
    """paddle.version.cuda() and .cudnn(): a version string, or False (the string 'False' in the wheels) on a CPU
    build."""
    text = "" if value is None or value is False else str(value).strip()
    return None if text in ("", "False", "None") else text


def paddle_core(paddle):
    """paddle.base.core (2.6 and newer) or paddle.fluid.core (2.5): where the TF32 switches live."""
    for package in ("base", "fluid"):
        core = getattr(getattr(paddle, package, None), "core", None)
        if core is not None:
            return core
    return None


class PaddleAdapter(Adapter):
    name, display, package, modules = "paddlepaddle", "PaddlePaddle", "paddle", ("paddle",)
    distributions = PADDLE_DISTRIBUTIONS
    timing = "wall-clock+sync"
    tf32_setting = "paddle.base.core.set_cublas_switch(True)"

    def bind(self, paddle):
        self.paddle = paddle
        self.core = paddle_core(paddle)

    def build_info(self):
        paddle = self.paddle
        # True for ROCm (HIP) builds too (pybind.cc, IsCompiledWithCUDA): both drive GPUs through paddle.device.cuda.
        self.cuda_build = bool(paddle.is_compiled_with_cuda())
        self.cuda = paddle_build_value(paddle.version.cuda())
        build = {"cuda": self.cuda, "cudnn": paddle_build_value(paddle.version.cudnn()),
                 "python": platform.python_version(),
                 "package": next((dist for dist in PADDLE_DISTRIBUTIONS if package_version(dist)), None)}
        return paddle.__version__, build

    def find_gpus(self, version, build):
        if not self.cuda_build:
            return [], NoGpu(said("script.paddleCpuOnly", version=version), code="CPU_ONLY_BUILD")
        cuda = self.paddle.device.cuda
        devices = []
        with NativeStderr() as cap:
            try:
                count = cuda.device_count()
                if count == 0:
                    raise RuntimeError("paddle.device.cuda.device_count() is 0")
                for i in range(count):
                    major, minor = cuda.get_device_capability(i)
                    dev = {"index": i, "name": cuda.get_device_name(i), "computeCapability": "%d.%d" % (major, minor),
                           "memoryMiB": int(cuda.get_device_properties(i).total_memory // (1024 * 1024))}
                    info = self.mem_info(i)
                    if info:
                        dev["freeMiB"] = int(info[0] // (1024 * 1024))
                    devices.append(dev)
                gpu_error = None
            except Exception as exc:
                gpu_error = exc
        if gpu_error is None:
            return devices, None
        # Paddle logs why the CUDA driver did not load on stderr; the error alone says little.
        loader = PADDLE_LOADER_ERROR.search(cap.text)
        error = loader.group(0) if loader else exception_text(gpu_error)
        return devices, NoGpu(said("script.paddleNoGpu", version=version, cuda=self.cuda, error=first_line(error)),
                              "%s\n%s" % (exception_text(gpu_error), cap.text))

    def self_test(self):
        paddle = self.paddle
        with NativeStderr() as cap:
            try:
                paddle.utils.run_check()
                error = None
            except Exception as exc:
                error = exc
            finally:
                # run_check switches to static graphs and back; a failure midway must not leave the checks in it.
                if hasattr(paddle, "in_dynamic_mode") and not paddle.in_dynamic_mode():
                    paddle.disable_static()
        if error is not None:
            text = exception_text(error)
            return Verdict("fail", said("script.paddleRunCheckFailed", error=first_line(text)),
                           code=diagnose("%s\n%s" % (text, cap.text)))
        works = PADDLE_WORKS_ON.findall(cap.text)
        count, device = works[-1] if works else ("?", "?")
        metrics = {"devices": int(count)} if count.isdigit() else None
        if PADDLE_RUN_CHECK_PASSED in cap.text:
            return Verdict("pass", said("script.paddleRunCheckPassed", count=count, device=device), metrics)
        if PADDLE_RUN_CHECK_SINGLE_ONLY in cap.text:
            return Verdict("pass", said("script.paddleRunCheckSingleOnly", device=device), metrics)
        return Verdict("fail", said("script.paddleRunCheckSilent", output=first_line(cap.text or "(nothing)")),
                       code=diagnose(cap.text))

    def mem_info(self, index):
        """(free, total) bytes from cudaMemGetInfo where this Paddle has paddle.device.cuda.mem_get_info."""
        mem_get_info = getattr(self.paddle.device.cuda, "mem_get_info", None)
        try:
            return mem_get_info(index) if mem_get_info else None
        except Exception:
            return None

    def cpu_matmul(self, n, target_s):
        paddle = self.paddle
        import numpy as np
        paddle.set_device("cpu")
        paddle.seed(0)
        a = paddle.randn([n, n], dtype="float32")
        b = paddle.randn([n, n], dtype="float32")
        got = paddle.matmul(a, b).numpy().astype(np.float64)
        ref = a.numpy().astype(np.float64) @ b.numpy().astype(np.float64)
        rel = rel_error(np.linalg.norm(got - ref), np.linalg.norm(ref))
        return wall_clock_ms(lambda: paddle.matmul(a, b).numpy(), target_s), rel

    def cpu_matmul_sentence(self):
        return "script.cpuMatmul", {"label": "PaddlePaddle"}

    def stand_in(self):
        self.simulated = True
        return {"index": 0, "name": "CPU stand-in (simulated GPU)", "computeCapability": "8.0", "simulated": True}

    def use_gpu(self, dev):
        import numpy as np
        paddle = self.paddle
        self.np = np
        self.dev = dev
        self.rng = np.random.default_rng(0)
        self.matmul_device = "cpu" if self.simulated else "gpu"
        if self.simulated:
            self.timing = "wall-clock (simulated GPU on CPU)"
        paddle.set_device("cpu" if self.simulated else "gpu:%d" % dev.get("index", 0))
        has_switch = self.core is not None and hasattr(self.core, "get_cublas_switch")
        self.saved_tf32 = self.core.get_cublas_switch() if has_switch else None

    def set_tf32(self, on):
        if self.saved_tf32 is not None:
            self.core.set_cublas_switch(on)

    def synchronize(self):
        if not self.simulated:
            self.paddle.device.cuda.synchronize()

    def elapsed_ms(self, fn, iters):
        self.synchronize()
        t0 = time.perf_counter()
        for _ in range(iters):
            fn()
        self.synchronize()
        return (time.perf_counter() - t0) * 1000.0

    def tensor(self, array, dtype="float32", cpu=False, grad=False):
        paddle = self.paddle
        place = paddle.CPUPlace() if cpu or self.simulated else paddle.CUDAPlace(self.dev.get("index", 0))
        return paddle.to_tensor(array, dtype=dtype, place=place, stop_gradient=not grad)

    def elementwise_sum(self):
        paddle = self.paddle
        return float((paddle.arange(1024, dtype="float32") * 2 + 1).sum().numpy())

    def correctness_error(self, n):
        np = self.np
        a = self.rng.standard_normal((n, n)).astype(np.float32)
        b = self.rng.standard_normal((n, n)).astype(np.float32)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        self.set_tf32(False)
        got = self.paddle.matmul(self.tensor(a), self.tensor(b)).numpy().astype(np.float64)
        return rel_error(np.linalg.norm(got - ref), np.linalg.norm(ref))

    def free_bytes(self):
        if self.simulated:
            return 64 << 20
        info = self.mem_info(self.dev.get("index", 0))
        return info[0] if info else None

    def matmul_cap(self, quick):
        return 256 if self.simulated else 8192

    def matmul_skip(self, name, cc):
        skip = Adapter.matmul_skip(self, name, cc)
        if skip is None and name == "tf32" and self.saved_tf32 is None:
            return said("script.paddleNoTf32Switch")
        return skip

    def time_matmul(self, name, n, target_ms):
        paddle = self.paddle
        try:
            self.set_tf32(name == "tf32")
            a = paddle.randn([n, n], dtype="float32").astype(PADDLE_DTYPES[name])
            b = paddle.randn([n, n], dtype="float32").astype(PADDLE_DTYPES[name])
            return self.timed(lambda: paddle.matmul(a, b), target_ms)
        finally:
            self.set_tf32(False)

    def after_matmuls(self):
        self.set_tf32(bool(self.saved_tf32))
        self.empty_cache()

    def empty_cache(self):
        if not self.simulated:
            self.paddle.device.cuda.empty_cache()

    def cudnn(self):
        version = self.paddle.device.get_cudnn_version()
        if not version:
            return Verdict("fail", said("script.paddleNoCudnn"), code="CUDNN_LIB_MISSING")
        text = fmt_cudnn(version)
        return Verdict("pass", said("script.paddleCudnn", version=text), {"version": text})

    def conv_errors(self):
        np = self.np
        conv2d = self.paddle.nn.functional.conv2d
        has_switch = self.core is not None and hasattr(self.core, "get_cudnn_switch")
        saved = self.core.get_cudnn_switch() if has_switch else None
        x = self.rng.standard_normal((4, 8, 32, 32))
        w = self.rng.standard_normal((16, 8, 3, 3))
        g = self.rng.standard_normal((4, 16, 32, 32))

        def run(dtype, cpu):
            xt, wt = self.tensor(x, dtype, cpu, grad=True), self.tensor(w, dtype, cpu, grad=True)
            y = conv2d(xt, wt, padding=1)
            dx, dw = self.paddle.grad([y], [xt, wt], grad_outputs=[self.tensor(g, dtype, cpu)])
            return [t.numpy().astype(np.float64) for t in (y, dx, dw)]

        def rel(a, b):
            return rel_error(np.linalg.norm(a - b), np.linalg.norm(b))
        try:
            if saved is not None:
                self.core.set_cudnn_switch(False)
            yr, dxr, dwr = run("float64", True)
            yg, dxg, dwg = run("float32", False)
        finally:
            if saved is not None:
                self.core.set_cudnn_switch(saved)
        return rel(yg, yr), max(rel(dxg, dxr), rel(dwg, dwr))

    def memory_alloc(self):
        paddle = self.paddle
        free = self.free_bytes()
        # Without cudaMemGetInfo, free memory is the card's total less what Paddle holds: other processes are unseen.
        share = 0.8
        if free is None:
            held = paddle.device.cuda.memory_reserved(self.dev.get("index", 0))
            free, share = (self.dev["memoryMiB"] << 20) - held, 0.5
        nbytes = int(free * share) // (1 << 20) * (1 << 20)
        try:
            block = paddle.full([nbytes], 1, dtype="uint8")
            self.synchronize()
            del block
        finally:
            self.empty_cache()
        return Verdict("pass", said("script.memoryAllocated", gib="%.1f" % gib(nbytes), percent="%.0f" % (share * 100),
                                    freeGib="%.1f" % gib(free)),
                       {"allocatedGiB": round(gib(nbytes), 2), "freeGiB": round(gib(free), 2)})

    def bandwidth(self, quick, target_ms):
        paddle = self.paddle
        free = self.free_bytes() or (self.dev.get("memoryMiB", 1024) << 19)
        nbytes = min(256 << 20 if quick else 1 << 30, int(free * 0.1)) // 4096 * 4096
        src = paddle.full([nbytes], 3, dtype="uint8")
        dst = paddle.zeros([nbytes], dtype="uint8")
        ms = self.timed(lambda: paddle.assign(src, output=dst), target_ms / 2)
        src = dst = None  # back to Paddle's allocator, then to the driver
        self.empty_cache()
        return bandwidth_verdict("script.copyBandwidth", nbytes, ms)
