import { describe, expect, it } from 'vitest';
import { classifyFailure } from './failureClassifier.js';

const failed = (stderr: string, stdout = '') => ({ argv: ['/env/bin/python', '-m', 'pip'], exitCode: 1, stdout, stderr, durationMs: 5 });

describe('classifyFailure', () => {
  it("quotes pip's own error line instead of an exit code", () => {
    const error = classifyFailure(
      failed('Looking in indexes: https://mirror.example/simple\nERROR: Could not find a version that satisfies the requirement torch==2.14.0 (from versions: none)\nERROR: No matching distribution found for torch==2.14.0\n'),
      'installing torch',
    );
    expect(error.code).toBe('COMMAND_FAILED');
    expect(error.message).toBe('Installing torch failed: ERROR: No matching distribution found for torch==2.14.0');
  });

  it("quotes apt's E: line", () => {
    expect(classifyFailure(failed('E: Unable to locate package cuda-toolkit-12-6\n'), 'installing the CUDA Toolkit').message).toBe(
      'Installing the CUDA Toolkit failed: E: Unable to locate package cuda-toolkit-12-6',
    );
  });

  it('falls back to the exit code, and gives disk-full and network their own codes', () => {
    expect(classifyFailure(failed('Traceback …\n'), 'creating the environment').message).toBe('Creating the environment failed (/env/bin/python exited with 1).');
    expect(classifyFailure(failed('OSError: [Errno 28] No space left on device'), 'installing torch').code).toBe('DISK_FULL');
    expect(classifyFailure(failed("Failed to establish a new connection: [Errno 111] Connection refused"), 'installing torch').code).toBe('NETWORK');
  });
});
