#!/usr/bin/env bash
# Opt-in GPU lane (issue 6): the full verification on a real GPU, plus the raw outputs our parsers and the report
# renderer need as fixtures. Exits 0 with "skipped: no GPU" where nvidia-smi does not work.
#   DLSETUP_GPU_PYTHON  interpreter with a framework (default: DL Setup's own choice)
#   DLSETUP_GPU_OUT     where to write (default: e2e/artifacts/gpu-lane/<time>)
#   DLSETUP_GPU_QUICK=1 quick mode only
set -uo pipefail
cd "$(dirname "$0")/../.."

if ! command -v nvidia-smi >/dev/null 2>&1 || ! nvidia-smi -L >/dev/null 2>&1; then
  echo "skipped: no GPU (nvidia-smi is missing or cannot talk to a driver)"
  exit 0
fi

out="${DLSETUP_GPU_OUT:-e2e/artifacts/gpu-lane/$(date -u +%Y%m%dT%H%M%SZ)}"
mkdir -p "$out"
echo "GPU lane: writing to $out"

# Raw nvidia-smi captures: the table, XML, and the exact queries main/verify and main/detect send.
nvidia-smi >"$out/nvidia-smi.txt" 2>&1
nvidia-smi -L >"$out/nvidia-smi_-L.txt" 2>&1
nvidia-smi -q -x >"$out/nvidia-smi_-q_-x.xml" 2>&1
nvidia-smi --query-gpu=name,pci.device_id,driver_version,memory.total --format=csv,noheader,nounits >"$out/query_fingerprint.csv" 2>&1
nvidia-smi --query-gpu=index,name,pci.bus_id,memory.total,compute_cap,driver_version --format=csv >"$out/query_detect.csv" 2>&1
health=temperature.gpu,power.limit,power.default_limit,clocks.sm,clocks.max.sm,pcie.link.gen.current,pcie.link.gen.max,pcie.link.width.current,pcie.link.width.max,clocks_throttle_reasons.active
nvidia-smi --query-gpu=$health --format=csv,noheader,nounits --id=0 >"$out/query_health_before.csv" 2>&1
cat /proc/driver/nvidia/version >"$out/proc_driver_nvidia_version.txt" 2>&1 || true
nvcc="${CUDA_HOME:-/usr/local/cuda}/bin/nvcc"
command -v "$nvcc" >/dev/null 2>&1 || nvcc="$(command -v nvcc || true)"
[ -n "$nvcc" ] && "$nvcc" --version >"$out/nvcc_--version.txt" 2>&1

if [ ! -f dist/main/verify/verify.js ]; then
  echo "GPU lane: building dist/ (tsc -p main)"
  node_modules/.bin/tsc -p main/tsconfig.json || true
fi

# The check script's raw JSON lines, the parser's real input on a GPU.
python="${DLSETUP_GPU_PYTHON:-}"
if [ -n "$python" ]; then
  quick=(); [ "${DLSETUP_GPU_QUICK:-}" = 1 ] && quick=(--quick)
  timeout 900 "$python" main/verify/python/dlsetup_check.py "${quick[@]}" >"$out/check-lines.jsonl" 2>"$out/check-stderr.txt"
  echo "GPU lane: check script exit $? ($(wc -l <"$out/check-lines.jsonl") lines)"
fi

node e2e/gpu/runVerify.mjs "$out" ${nvcc:+--nvcc "$nvcc"}
status=$?
nvidia-smi --query-gpu=$health --format=csv,noheader,nounits --id=0 >"$out/query_health_after.csv" 2>&1
echo "GPU lane: done (exit $status); files in $out"
ls -la "$out"
exit $status
