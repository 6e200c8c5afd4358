"""TensorFlow's way through the check sequence (memory and bandwidth are measured with PyTorch or JAX)."""
import platform
import time

from dlsetup_check_measure import NativeStderr, rel_error, wall_clock_ms
from dlsetup_check_output import NoGpu, Verdict, first_line, said
from dlsetup_check_sequence import Adapter, not_measured


class TensorFlowAdapter(Adapter):
    name, display, package, modules = "tensorflow", "TensorFlow", "tensorflow", ("tensorflow",)
    environment = {"TF_CPP_MIN_LOG_LEVEL": "1"}
    timing = "wall-clock+sync"
    tf32_setting = "tf.config.experimental.enable_tensor_float_32_execution(True)"

    def bind(self, tf):
        self.tf = tf

    def build_info(self):
        tf = self.tf
        try:
            info = dict(tf.sysconfig.get_build_info())
        except Exception:
            info = {}
        self.cuda_build = bool(info.get("is_cuda_build")) or bool(info.get("is_rocm_build"))
        self.build = {key: str(info[key + "_version"]) if info.get(key + "_version") else None
                      for key in ("cuda", "rocm", "cudnn")}
        self.build["python"] = platform.python_version()
        return tf.__version__, self.build

    def find_gpus(self, version, build):
        tf = self.tf
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
        devices = []
        for i, gpu in enumerate(gpus):
            dev = {"index": i, "name": gpu.name}
            try:
                details = tf.config.experimental.get_device_details(gpu)
                dev["name"] = details.get("device_name", gpu.name)
                if details.get("compute_capability"):
                    dev["computeCapability"] = "%d.%d" % tuple(details["compute_capability"])
            except Exception:
                pass
            devices.append(dev)
        if not self.cuda_build:
            return devices, NoGpu(said("script.tensorflowCpuOnly", version=version), code="CPU_ONLY_BUILD")
        if not devices:
            hint = first_line(lib_error_line(cap.text) or list_error or "tf.config.list_physical_devices('GPU') is empty")
            return devices, NoGpu(said("script.tensorflowNoGpu", version=version, cuda=build["cuda"], error=hint),
                                  "%s\n%s" % (list_error or "", cap.text))
        return devices, None

    def cpu_matmul(self, n, target_s):
        tf = self.tf
        with tf.device("/CPU:0"):
            a = tf.random.normal([n, n], seed=1)
            b = tf.random.normal([n, n], seed=2)
            c = tf.linalg.matmul(a, b)
            ref = tf.linalg.matmul(tf.cast(a, tf.float64), tf.cast(b, tf.float64))
            rel = rel_error(tf.norm(tf.cast(c, tf.float64) - ref).numpy(), tf.norm(ref).numpy())
            return wall_clock_ms(lambda: tf.linalg.matmul(a, b)[0, 0].numpy(), target_s), rel

    def cpu_matmul_sentence(self):
        return "script.cpuMatmul", {"label": "TensorFlow"}

    def use_gpu(self, dev):
        self.set_tf32 = getattr(self.tf.config.experimental, "enable_tensor_float_32_execution", None)

    def elapsed_ms(self, fn, iters):
        # Eager GPU ops are asynchronous; reading one element back waits for the stream.
        t0 = time.perf_counter()
        out = None
        for _ in range(iters):
            out = fn()
        _ = self.tf.reshape(out, [-1])[0].numpy()
        return (time.perf_counter() - t0) * 1000.0

    def elementwise_sum(self):
        tf = self.tf
        with tf.device("/GPU:0"):
            return tf.reduce_sum(tf.range(1024, dtype=tf.float32) * 2 + 1).numpy()

    def correctness_error(self, n):
        tf = self.tf
        if self.set_tf32:
            self.set_tf32(False)
        with tf.device("/CPU:0"):
            a = tf.random.normal([n, n], seed=1)
            b = tf.random.normal([n, n], seed=2)
            ref = tf.linalg.matmul(tf.cast(a, tf.float64), tf.cast(b, tf.float64))
        with tf.device("/GPU:0"):
            got = tf.linalg.matmul(tf.identity(a), tf.identity(b))
        got = tf.cast(tf.identity(got), tf.float64)
        return rel_error(tf.norm(got - ref).numpy(), tf.norm(ref).numpy())

    def matmul_cap(self, quick):
        return 4096 if quick else 8192

    def matmul_skip(self, name, cc):
        reason = Adapter.matmul_skip(self, name, cc)
        if reason is None and name == "tf32" and not self.set_tf32:
            return said("script.tensorflowNoTf32Switch")
        return reason

    def time_matmul(self, name, n, target_ms):
        tf = self.tf
        dtype = {"fp32": tf.float32, "tf32": tf.float32, "fp16": tf.float16, "bf16": tf.bfloat16}[name]
        try:
            if self.set_tf32:
                self.set_tf32(name == "tf32")
            with tf.device("/GPU:0"):
                a = tf.cast(tf.random.normal([n, n]), dtype)
                b = tf.cast(tf.random.normal([n, n]), dtype)
                return self.timed(lambda: tf.linalg.matmul(a, b), target_ms)
        finally:
            if self.set_tf32:
                self.set_tf32(False)

    def cudnn(self):
        if self.build.get("cudnn"):
            return Verdict("pass", said("script.tensorflowCudnn", version=self.build["cudnn"]),
                           {"version": self.build["cudnn"]})
        return Verdict("skip", said("script.tensorflowNoCudnnVersion"))

    def conv_errors(self):
        tf = self.tf
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
        return rel(yg, yr), max(rel(dxg, dxr), rel(dwg, dwr))

    def tuning_tips(self):
        return [("bf16-autocast", "script.tuningBf16MixedPrecision")]

    def tuning_steps(self, cudnn_ok, cc, quick, target_ms):
        return [("bf16-autocast", "script.tuningBf16MixedPrecision", not_measured("script.tuningKerasBf16"))]

    def memory_alloc(self):
        return Verdict("skip", said("script.tensorflowNoFreeMemory"))

    def bandwidth(self, quick, target_ms):
        return Verdict("skip", said("script.tensorflowNoBandwidth"))


def lib_error_line(text):
    for line in (text or "").splitlines():
        if "Could not load" in line or "cannot open shared object" in line or "cuInit" in line:
            return line
    return None
