"""The PyTorch tips, each measured here: the same work timed with the setting off (baseline) and on (tuned)."""
from dlsetup_check_output import Skip, said

AUTOCAST_SETTING = "with torch.autocast('cuda', dtype=torch.%s): ..."
PINNED_SETTING = "DataLoader(..., pin_memory=True); batch.to('cuda', non_blocking=True)"
# Each tip's id and the catalog key of its name, in the order they run.
TORCH_TIPS = [("cudnn-benchmark", "script.tuningCudnnBenchmark"), ("bf16-autocast", "script.tuningBf16Autocast"),
              ("fp16-autocast", "script.tuningFp16Autocast"), ("pinned-copy", "script.tuningPinnedCopy")]


def torch_tuning_steps(fw, cudnn_ok, cc, quick, target_ms):
    """(id, label key, measure) per tip; measure() returns (baseline ms, tuned ms, the line that turns it on)."""
    torch = fw.torch

    def cudnn_benchmark():
        # The same conv layer timed with and without autotuning.
        if not cudnn_ok:
            raise Skip(said("script.tuningNoCudnn"))
        batch = 16 if quick else 64
        conv = torch.nn.Conv2d(64, 64, 3, padding=1).to(fw.device)
        x = torch.randn(batch, 64, 56, 56, device=fw.device)
        saved_bench = torch.backends.cudnn.benchmark
        try:
            with torch.no_grad():
                torch.backends.cudnn.benchmark = False
                off = fw.timed(lambda: conv(x), target_ms / 2)
                torch.backends.cudnn.benchmark = True
                on = fw.timed(lambda: conv(x), target_ms / 2)
        finally:
            torch.backends.cudnn.benchmark = saved_bench
        return off, on, "torch.backends.cudnn.benchmark = True"

    def autocast(dtype_name, min_cc):
        # Forward+backward of a small MLP in fp32 (TF32 off) vs the same step under autocast.
        def measure():
            try:
                if cc < min_cc and not fw.hip:
                    raise Skip(said("script.tuningAutocastNeedsCc", dtype=dtype_name, cc="%d.%d" % min_cc))
                if fw.simulated and dtype_name == "fp16":
                    # CPU autocast runs bf16 only.
                    raise Skip(said("script.tuningNeedsRealGpu"))
                dtype = getattr(torch, {"bf16": "bfloat16", "fp16": "float16"}[dtype_name])
                width = 128 if fw.simulated else 2048 if quick else 4096
                model = torch.nn.Sequential(torch.nn.Linear(width, width), torch.nn.ReLU(),
                                            torch.nn.Linear(width, width)).to(fw.device)
                x = torch.randn(width, width, device=fw.device)

                def step():
                    model.zero_grad(set_to_none=True)
                    model(x).float().sum().backward()

                def step_autocast():
                    with torch.autocast(fw.accel.autocast_device, dtype=dtype):
                        out = model(x)
                    model.zero_grad(set_to_none=True)
                    out.float().sum().backward()

                fw.set_tf32(False)
                base = fw.timed(step, target_ms / 2)
                tuned = fw.timed(step_autocast, target_ms / 2)
                return base, tuned, AUTOCAST_SETTING % {"bf16": "bfloat16", "fp16": "float16"}[dtype_name]
            finally:
                if fw.saved_tf32 is not None:
                    fw.matmul_tf32.allow_tf32 = fw.saved_tf32
                fw.accel.empty_cache()
        return measure

    def pinned_copy():
        # Host-to-device copy of the same bytes from ordinary (pageable) memory and from pinned memory.
        if fw.simulated:
            raise Skip(said("script.tuningNeedsRealGpu"))
        nbytes = (64 if quick else 256) << 20
        pageable = torch.empty(nbytes, dtype=torch.uint8).fill_(1)
        pinned = torch.empty(nbytes, dtype=torch.uint8, pin_memory=True).fill_(1)
        dst = torch.empty(nbytes, dtype=torch.uint8, device=fw.device)
        try:
            base = fw.timed(lambda: dst.copy_(pageable), target_ms / 2)
            tuned = fw.timed(lambda: dst.copy_(pinned, non_blocking=True), target_ms / 2)
        finally:
            pageable = pinned = dst = None
            fw.accel.empty_cache()
        return base, tuned, PINNED_SETTING

    measures = [cudnn_benchmark, autocast("bf16", (8, 0)), autocast("fp16", (7, 0)), pinned_copy]
    return [(tip_id, label_key, measure) for (tip_id, label_key), measure in zip(TORCH_TIPS, measures)]
