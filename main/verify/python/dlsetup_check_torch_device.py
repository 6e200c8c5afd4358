"""Where the PyTorch checks run: the GPU through CUDA (or ROCm), or the CPU standing in for it (--simulate-gpu)."""
import time


class TorchCuda:
    """The device side of the PyTorch checks: CUDA (or ROCm) events, memory queries, caches."""
    simulated = False
    device_args = ("cuda", 0)
    autocast_device = "cuda"
    timing = "cuda-events"
    matmul_device = "gpu"

    def __init__(self, torch):
        self.torch = torch
        self.device = torch.device(*self.device_args)

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
    device_args = ("cpu",)
    autocast_device = "cpu"
    timing = "wall-clock (simulated GPU on CPU)"
    matmul_device = "cpu"

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
