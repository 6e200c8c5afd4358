// DL Setup toolkit check (issue 6): device query, one kernel, and cudnnGetVersion when built with DLSETUP_WITH_CUDNN.
// Prints one JSON object per line; the caller maps CUDA error names to diagnosis codes.
#include <cstdio>
#include <cuda_runtime.h>
#ifdef DLSETUP_WITH_CUDNN
#include <cudnn.h>
#endif

static void printError(const char* step, cudaError_t err) {
  printf("{\"type\":\"error\",\"step\":\"%s\",\"code\":%d,\"name\":\"%s\",\"message\":\"%s\"}\n", step, (int)err,
         cudaGetErrorName(err), cudaGetErrorString(err));
}

__global__ void axpy(const float* x, float* y, float a, int n) {
  int i = blockIdx.x * blockDim.x + threadIdx.x;
  if (i < n) y[i] = a * x[i] + y[i];
}

int main() {
  int driverVersion = 0, runtimeVersion = 0;
  cudaDriverGetVersion(&driverVersion);
  cudaRuntimeGetVersion(&runtimeVersion);
  printf("{\"type\":\"versions\",\"driver\":%d,\"runtime\":%d}\n", driverVersion, runtimeVersion);
#ifdef DLSETUP_WITH_CUDNN
  printf("{\"type\":\"cudnn\",\"version\":%zu,\"headerVersion\":%d}\n", (size_t)cudnnGetVersion(), (int)CUDNN_VERSION);
#endif
  int count = 0;
  cudaError_t err = cudaGetDeviceCount(&count);
  if (err != cudaSuccess) {
    printError("cudaGetDeviceCount", err);
    return 2;
  }
  printf("{\"type\":\"count\",\"devices\":%d}\n", count);
  for (int i = 0; i < count; ++i) {
    cudaDeviceProp prop;
    if (cudaGetDeviceProperties(&prop, i) != cudaSuccess) continue;
    for (char* c = prop.name; *c; ++c)
      if (*c == '"' || *c == '\\') *c = ' ';
    printf("{\"type\":\"device\",\"index\":%d,\"name\":\"%s\",\"cc\":\"%d.%d\",\"memoryMiB\":%zu}\n", i, prop.name,
           prop.major, prop.minor, (size_t)(prop.totalGlobalMem >> 20));
  }
  if (count == 0) return 3;
  const int n = 1 << 20;
  float *x = nullptr, *y = nullptr;
  if ((err = cudaMalloc(&x, n * sizeof(float))) != cudaSuccess || (err = cudaMalloc(&y, n * sizeof(float))) != cudaSuccess) {
    printError("cudaMalloc", err);
    return 4;
  }
  float* host = new float[n];
  for (int i = 0; i < n; ++i) host[i] = 1.0f;
  cudaMemcpy(x, host, n * sizeof(float), cudaMemcpyHostToDevice);
  cudaMemcpy(y, host, n * sizeof(float), cudaMemcpyHostToDevice);
  axpy<<<(n + 255) / 256, 256>>>(x, y, 2.0f, n);
  err = cudaGetLastError();
  if (err == cudaSuccess) err = cudaDeviceSynchronize();
  if (err != cudaSuccess) {
    printError("kernel", err);
    return 5;
  }
  cudaMemcpy(host, y, n * sizeof(float), cudaMemcpyDeviceToHost);
  int wrong = 0;
  for (int i = 0; i < n; ++i) wrong += host[i] != 3.0f;
  printf("{\"type\":\"kernel\",\"ok\":%s,\"wrong\":%d}\n", wrong ? "false" : "true", wrong);
  delete[] host;
  cudaFree(x);
  cudaFree(y);
  return wrong ? 6 : 0;
}
