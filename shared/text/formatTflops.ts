/** TFLOP/s with three significant figures at most, locale-independent (the Verify screen, its verdict and the HTML report). */
export function formatTflops(value: number): string {
  return value >= 100 ? value.toFixed(0) : value >= 10 ? value.toFixed(1) : value.toFixed(2);
}
