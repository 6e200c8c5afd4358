// Prints the CUDA runtime's own table of errors: number, name and sentence, as cudaGetErrorName/cudaGetErrorString
// answer them. Needs no GPU and no driver (both are lookups inside libcudart). Built and run by
// scripts/generateCudaErrors.mjs --capture.
#include <cstdio>
#include <cstring>
#include <cuda_runtime.h>

int main() {
  for (int number = 0; number < 1000; ++number) {
    const char *name = cudaGetErrorName(static_cast<cudaError_t>(number));
    if (name == nullptr || std::strcmp(name, "unrecognized error code") == 0) continue;
    std::printf("%d\t%s\t%s\n", number, name, cudaGetErrorString(static_cast<cudaError_t>(number)));
  }
  return 0;
}
