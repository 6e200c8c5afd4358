"""PyTorch's way through the check sequence (CUDA or ROCm builds; the CPU stands in with --simulate-gpu)."""
import platform

from dlsetup_check_measure import bandwidth_verdict, fmt_cudnn, gib, rel_error, wall_clock_ms
from dlsetup_check_output import NoGpu, Skip, Verdict, first_line, said
from dlsetup_check_sequence import Adapter
from dlsetup_check_torch_device import CpuStandIn, TorchCuda
from dlsetup_check_torch_tuning import TORCH_TIPS, torch_tuning_steps


class TorchAdapter(Adapter):
    name, display, package, modules = "pytorch", "PyTorch", "torch", ("torch",)
    # PyTorch's import failure has always named the exception type.
    import_error_names_type = True
    tf32_setting = "torch.backends.cuda.matmul.allow_tf32 = True"
    reports_unmeasured_tf32 = True

    def bind(self, torch):
        self.torch = torch
        self.accel = None

    def build_info(self):
        torch = self.torch
        self.cuda = getattr(torch.version, "cuda", None)
        self.hip = getattr(torch.version, "hip", None)
        build = {"cuda": self.cuda, "rocm": self.hip, "cudnn": None, "python": platform.python_version()}
        if self.cuda or self.hip:
            try:
                build["cudnn"] = fmt_cudnn(torch.backends.cudnn.version())
            except Exception:
                pass
        try:
            build["archList"] = " ".join(torch.cuda.get_arch_list()) or None
        except Exception:
            build["archList"] = None
        return getattr(torch, "__version__", "?"), build

    def find_gpus(self, version, build):
        torch = self.torch
        if not self.cuda and not self.hip:
            return [], NoGpu(said("script.pytorchCpuOnly", version=version), code="CPU_ONLY_BUILD")
        devices = []
        try:
            torch.cuda.init()
            count = torch.cuda.device_count()
            if count == 0:
                raise RuntimeError("No CUDA GPUs are available")
            for i in range(count):
                props = torch.cuda.get_device_properties(i)
                dev = {"index": i, "name": props.name, "computeCapability": "%d.%d" % (props.major, props.minor),
                       "memoryMiB": int(props.total_memory // (1024 * 1024))}
                try:
                    dev["freeMiB"] = int(torch.cuda.mem_get_info(i)[0] // (1024 * 1024))
                except Exception:
                    pass
                devices.append(dev)
        except Exception as exc:
            text = "%s: %s" % (type(exc).__name__, exc)
            return devices, NoGpu(said("script.pytorchNoGpu", version=version, cuda=self.cuda or self.hip,
                                       error=first_line(text)), text)
        return devices, None

    def cpu_matmul(self, n, target_s):
        torch = self.torch
        torch.manual_seed(0)
        a = torch.randn(n, n)
        b = torch.randn(n, n)
        c = torch.matmul(a, b)
        ref = torch.matmul(a.double(), b.double())
        rel = rel_error(torch.linalg.norm(c.double() - ref), torch.linalg.norm(ref)) if hasattr(torch, "linalg") \
            else None
        return wall_clock_ms(lambda: torch.matmul(a, b, out=c), target_s), rel

    def cpu_matmul_sentence(self):
        return "script.cpuMatmulPytorch", {"threads": self.torch.get_num_threads()}

    def stand_in(self):
        self.accel = CpuStandIn(self.torch)
        return {"index": 0, "name": "CPU stand-in (simulated GPU)", "computeCapability": "8.0", "simulated": True}

    def use_gpu(self, dev):
        torch = self.torch
        self.accel = self.accel or TorchCuda(torch)
        self.dev = dev
        self.device = self.accel.device
        self.simulated = self.accel.simulated
        self.matmul_device = self.accel.matmul_device
        self.timing = self.accel.timing
        self.matmul_tf32 = getattr(torch.backends.cuda, "matmul", None)
        self.saved_tf32 = getattr(self.matmul_tf32, "allow_tf32", None)
        self.saved_cudnn_tf32 = getattr(torch.backends.cudnn, "allow_tf32", None)

    def set_tf32(self, on):
        if self.matmul_tf32 is not None and self.saved_tf32 is not None:
            self.matmul_tf32.allow_tf32 = on

    def elapsed_ms(self, fn, iters):
        return self.accel.elapsed_ms(fn, iters)

    def elementwise_sum(self):
        torch = self.torch
        return (torch.arange(1024, device=self.device, dtype=torch.float32) * 2 + 1).sum().item()

    def correctness_error(self, n):
        torch = self.torch
        self.set_tf32(False)
        torch.manual_seed(0)
        a = torch.randn(n, n)
        b = torch.randn(n, n)
        ref = torch.matmul(a.double(), b.double())
        got = torch.matmul(a.to(self.device), b.to(self.device)).cpu().double()
        return rel_error(torch.norm(got - ref), torch.norm(ref))

    def free_bytes(self):
        try:
            return self.accel.mem_get_info()[0]
        except Exception:
            return None

    def matmul_cap(self, quick):
        return 256 if self.simulated else 8192

    def matmul_skip(self, name, cc):
        if name == "tf32" and (cc < (8, 0) or self.hip or self.saved_tf32 is None):
            return said("script.tf32NeedsAmpere")
        if name == "bf16" and (cc < (8, 0) and not self.hip):
            return said("script.tensorCoresNeedAmpere", dtype=name)
        return None

    def time_matmul(self, name, n, target_ms):
        torch = self.torch
        dtype = {"fp32": torch.float32, "tf32": torch.float32, "fp16": torch.float16, "bf16": torch.bfloat16}[name]
        try:
            self.set_tf32(name == "tf32")
            a = torch.randn(n, n, device=self.device, dtype=torch.float32).to(dtype)
            b = torch.randn(n, n, device=self.device, dtype=torch.float32).to(dtype)
            c = torch.empty(n, n, device=self.device, dtype=dtype)
            return self.timed(lambda: torch.matmul(a, b, out=c), target_ms)
        finally:
            self.set_tf32(False)

    def after_matmuls(self):
        self.accel.empty_cache()

    def cudnn(self):
        torch = self.torch
        if not torch.backends.cudnn.is_available():
            return Verdict("fail", said("script.pytorchNoCudnn"), code="CUDNN_LIB_MISSING")
        ver = fmt_cudnn(torch.backends.cudnn.version())
        return Verdict("pass", said("script.pytorchCudnn", library="MIOpen" if self.hip else "cuDNN", version=ver),
                       {"version": ver or "?"})

    def conv_errors(self):
        torch = self.torch
        import torch.nn.functional as F
        try:
            if self.saved_cudnn_tf32 is not None:
                torch.backends.cudnn.allow_tf32 = False
            torch.manual_seed(0)
            x = torch.randn(4, 8, 32, 32)
            w = torch.randn(16, 8, 3, 3)
            g = torch.randn(4, 16, 32, 32)
            xr = x.double().requires_grad_()
            wr = w.double().requires_grad_()
            yr = F.conv2d(xr, wr, padding=1)
            yr.backward(g.double())
            xg = x.to(self.device).requires_grad_()
            wg = w.to(self.device).requires_grad_()
            yg = F.conv2d(xg, wg, padding=1)
            yg.backward(g.to(self.device))
            forward = rel_error(torch.norm(yg.detach().cpu().double() - yr.detach()), torch.norm(yr.detach()))
            backward = max(rel_error(torch.norm(xg.grad.cpu().double() - xr.grad), torch.norm(xr.grad)),
                           rel_error(torch.norm(wg.grad.cpu().double() - wr.grad), torch.norm(wr.grad)))
            return forward, backward
        finally:
            if self.saved_cudnn_tf32 is not None:
                torch.backends.cudnn.allow_tf32 = self.saved_cudnn_tf32

    def tuning_tips(self):
        return TORCH_TIPS

    def tuning_steps(self, cudnn_ok, cc, quick, target_ms):
        return torch_tuning_steps(self, cudnn_ok, cc, quick, target_ms)

    def memory_alloc(self):
        torch = self.torch
        try:
            info = self.accel.mem_get_info()
            if info is None:
                return Verdict("skip", said("script.pytorchNoMemInfo", version=torch.__version__))
            free, total = info
            share = 0.8
            nbytes = int(free * share) // (1 << 20) * (1 << 20)
            block = torch.empty(nbytes, dtype=torch.uint8, device=self.device)
            block.fill_(1)
            self.accel.synchronize()
            del block
            self.accel.empty_cache()
            free_after = self.accel.mem_get_info()[0]
        except Exception:
            self.accel.empty_cache()
            raise
        return Verdict("pass", said("script.memoryAllocated", gib="%.1f" % gib(nbytes), percent="%.0f" % (share * 100),
                                    freeGib="%.1f" % gib(free)),
                       {"allocatedGiB": round(gib(nbytes), 2), "freeGiB": round(gib(free), 2),
                        "totalGiB": round(gib(total), 2), "freeAfterGiB": round(gib(free_after), 2)})

    def bandwidth(self, quick, target_ms):
        torch = self.torch
        info = self.accel.mem_get_info()
        free = info[0] if info else self.dev["memoryMiB"] << 19
        nbytes = min(256 << 20 if quick else 1 << 30, int(free * 0.1)) // 4096 * 4096
        src = torch.empty(nbytes, dtype=torch.uint8, device=self.device).fill_(3)
        dst = torch.empty_like(src)
        ms = self.timed(lambda: dst.copy_(src), target_ms / 2)
        src = dst = None  # back to the cache, then to the driver
        self.accel.empty_cache()
        return bandwidth_verdict("script.copyBandwidth", nbytes, ms)
