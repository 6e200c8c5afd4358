"""JAX's way through the check sequence (XLA on the GPU; cuDNN is exercised by its convolutions)."""
import platform
import re
import time

from dlsetup_check_measure import (NativeStderr, bandwidth_verdict, find_spec, fmt_cuda, fmt_cudnn, gib,
                                   package_version, rel_error, wall_clock_ms)
from dlsetup_check_output import NoGpu, Verdict, first_line, said
from dlsetup_check_sequence import Adapter


class JaxAdapter(Adapter):
    name, display, package, modules = "jax", "JAX", "jax", ("jax", "jax.numpy")
    # JAX grabs 75 % of GPU memory at start by default; the memory check needs it free.
    environment = {"XLA_PYTHON_CLIENT_PREALLOCATE": "false"}
    timing = "block_until_ready"
    tf32_setting = "jax.config.update('jax_default_matmul_precision', 'tensorfloat32')"
    conv_keys = ("script.convForwardXla", "script.convBackwardXla")

    def bind(self, jax, jnp):
        self.jax, self.jnp = jax, jnp

    def build_info(self):
        build = {"jaxlib": package_version("jaxlib"), "cuda": None, "cudnn": None, "python": platform.python_version()}
        self.plugin = None
        for name in ("jax_cuda13_plugin", "jax_cuda12_plugin", "jax_rocm60_plugin", "jax_rocm7_plugin"):
            if find_spec(name):
                self.plugin = name
                build["plugin"] = name
                break
        try:
            from jax._src.lib import cuda_versions  # noqa: private, absent on CPU-only jaxlib
            if cuda_versions is not None:
                build["cuda"] = fmt_cuda(cuda_versions.cuda_runtime_get_version())
                build["cudnn"] = fmt_cudnn(cuda_versions.cudnn_get_version())
        except Exception:
            pass
        return self.jax.__version__, build

    def find_gpus(self, version, build):
        with NativeStderr() as cap:
            try:
                self.gpus = self.jax.devices("gpu")
                gpu_error = None
            except Exception as exc:
                self.gpus, gpu_error = [], exc
        devices = []
        for i, d in enumerate(self.gpus):
            dev = {"index": i, "name": getattr(d, "device_kind", str(d))}
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
        if devices:
            return devices, None
        text = "%s: %s\n%s" % (type(gpu_error).__name__, gpu_error, cap.text)
        if not self.plugin and not re.search(r"Unable to initialize backend '(cuda|rocm|gpu)'", text):
            return devices, NoGpu(said("script.jaxCpuOnly", version=version), code="CPU_ONLY_BUILD")
        return devices, NoGpu(said("script.jaxNoGpu", version=version, error=first_line(text)), text)

    def cpu_matmul(self, n, target_s):
        jax, jnp = self.jax, self.jnp
        cpu = jax.devices("cpu")[0]
        a = jax.device_put(jax.random.normal(jax.random.PRNGKey(0), (n, n), dtype=jnp.float32), cpu)
        b = jax.device_put(jax.random.normal(jax.random.PRNGKey(1), (n, n), dtype=jnp.float32), cpu)
        f = jax.jit(jnp.dot)
        f(a, b).block_until_ready()
        return wall_clock_ms(lambda: f(a, b).block_until_ready(), target_s), None

    def cpu_matmul_sentence(self):
        return "script.cpuMatmul", {"label": "JAX/XLA"}

    def use_gpu(self, dev):
        import numpy as np
        self.np = np
        self.gpu = self.gpus[0]
        self.rng = np.random.default_rng(0)

    def elapsed_ms(self, fn, iters):
        t0 = time.perf_counter()
        out = None
        for _ in range(iters):
            out = fn()
        out.block_until_ready()
        return (time.perf_counter() - t0) * 1000.0

    def elementwise_sum(self):
        jax, jnp = self.jax, self.jnp
        return jax.jit(lambda v: jnp.sum(v * 2 + 1))(jax.device_put(jnp.arange(1024, dtype=jnp.float32), self.gpu))

    def correctness_error(self, n):
        jax, jnp, np = self.jax, self.jnp, self.np
        a = self.rng.standard_normal((n, n)).astype(np.float32)
        b = self.rng.standard_normal((n, n)).astype(np.float32)
        ref = a.astype(np.float64) @ b.astype(np.float64)
        f = jax.jit(lambda p, q: jnp.dot(p, q, precision=jax.lax.Precision.HIGHEST))
        got = np.asarray(f(jax.device_put(a, self.gpu), jax.device_put(b, self.gpu))).astype(np.float64)
        return rel_error(np.linalg.norm(got - ref), np.linalg.norm(ref))

    def free_bytes(self):
        try:
            stats = self.gpu.memory_stats() or {}
            return stats.get("bytes_limit", 0) - stats.get("bytes_in_use", 0)
        except Exception:
            return None

    def time_matmul(self, name, n, target_ms):
        jax, jnp = self.jax, self.jnp
        lax = jax.lax
        dtype, prec = {"fp32": (jnp.float32, lax.Precision.HIGHEST), "tf32": (jnp.float32, lax.Precision.DEFAULT),
                       "fp16": (jnp.float16, lax.Precision.DEFAULT), "bf16": (jnp.bfloat16, lax.Precision.DEFAULT)}[name]
        a = jax.device_put(jnp.asarray(self.rng.standard_normal((n, n)), dtype=dtype), self.gpu)
        b = jax.device_put(jnp.asarray(self.rng.standard_normal((n, n)), dtype=dtype), self.gpu)
        f = jax.jit(lambda p, q: jnp.dot(p, q, precision=prec))
        return self.timed(lambda: f(a, b), target_ms)

    def cudnn(self):
        return Verdict("pass", said("script.xlaCudnn"))

    def conv_errors(self):
        jax, jnp, np = self.jax, self.jnp, self.np
        lax = jax.lax
        x = self.rng.standard_normal((4, 8, 32, 32))
        w = self.rng.standard_normal((16, 8, 3, 3))
        g = self.rng.standard_normal((4, 16, 32, 32))

        def conv(xx, ww):
            return lax.conv_general_dilated(xx, ww, (1, 1), "SAME", precision=lax.Precision.HIGHEST)

        def loss(xx, ww, gg):
            return jnp.sum(conv(xx, ww) * gg)
        grad = jax.grad(loss, argnums=(0, 1))

        def run(device):
            xd, wd, gd = (jax.device_put(jnp.asarray(v, dtype=jnp.float32), device) for v in (x, w, g))
            y = np.asarray(jax.jit(conv)(xd, wd)).astype(np.float64)
            dx, dw = (np.asarray(v).astype(np.float64) for v in jax.jit(grad)(xd, wd, gd))
            return y, dx, dw

        cpu = jax.devices("cpu")[0]
        with jax.default_device(cpu):
            yr, dxr, dwr = run(cpu)
        yg, dxg, dwg = run(self.gpu)

        def rel(a, b):
            return rel_error(np.linalg.norm(a - b), np.linalg.norm(b))
        return rel(yg, yr), max(rel(dxg, dxr), rel(dwg, dwr))

    def memory_alloc(self):
        jax, jnp = self.jax, self.jnp
        stats = self.gpu.memory_stats() or {}
        free = stats.get("bytes_limit", 0) - stats.get("bytes_in_use", 0)
        if free <= 0:
            return Verdict("skip", said("script.jaxNoFreeMemory"))
        nbytes = int(free * 0.8) // (1 << 20) * (1 << 20)
        block = jax.device_put(jnp.ones((nbytes,), dtype=jnp.uint8), self.gpu)
        block.block_until_ready()
        block.delete()
        return Verdict("pass", said("script.memoryAllocatedJax", gib="%.1f" % gib(nbytes)),
                       {"allocatedGiB": round(gib(nbytes), 2), "freeGiB": round(gib(free), 2)})

    def bandwidth(self, quick, target_ms):
        jax, jnp = self.jax, self.jnp
        nbytes = (256 << 20) if quick else (1 << 30)
        src = jax.device_put(jnp.zeros((nbytes,), dtype=jnp.uint8), self.gpu)
        add_one = jax.jit(lambda v: v + 1)
        ms = self.timed(lambda: add_one(src), target_ms)
        src.delete()
        return bandwidth_verdict("script.readWriteBandwidth", nbytes, ms)
