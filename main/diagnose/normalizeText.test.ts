import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { fixturePath } from '../../testkit/fixturePath.js';
import { diagnoseText } from './diagnoseText.js';
import { normalizeText, stripPrompt } from './normalizeText.js';

const read = (...parts: string[]) => readFileSync(fixturePath(...parts), 'utf8');

/** Ways people paste the same output: each must give the same kind, facts and codes as the plain capture. */
const VARIANTS: Record<string, (text: string) => string> = {
  'Windows line endings': (text) => text.replace(/\n/g, '\r\n'),
  'ANSI colours': (text) =>
    text
      .split('\n')
      .map((line, index) => (index % 2 === 0 ? `\x1b[1;31m${line}\x1b[0m` : `\x1b[32m${line}\x1b[39m`))
      .join('\n'),
  'a shell prompt before the command': (text) => `user@gpu-box:~/project$ some-command --flag\n${text}`,
  'markdown quote': (text) => text.split('\n').map((line) => `> ${line}`).join('\n'),
  'markdown code fence': (text) => `\`\`\`text\n${text}\n\`\`\``,
  'indented code block': (text) => text.split('\n').map((line) => `    ${line}`).join('\n'),
  'quoted fence with CRLF and colours': (text) =>
    ['```', ...text.split('\n').map((line) => `\x1b[0m${line}`), '```'].map((line) => `> ${line}`).join('\r\n'),
};

const CAPTURES = [
  ['nvidia-smi-table', 'rtx3090_driver535.161.07_empty-process-list.txt'],
  ['nvidia-smi-table', 'v100s-pcie-32gb_x8_driver535.171.04.txt'],
  ['nvidia-smi-errors', 'nvml_driver_library_mismatch_570.124.txt'],
  ['error-logs', 'tf_dso_loader_libcudart.so.11.0_not_found.txt'],
  ['error-logs', 'torch_sm86_rtx3090_not_compatible_no_kernel_image.txt'],
  ['nvcc', 'nvcc_11.0.221.txt'],
  ['windows', 'nvidia-smi_-q_-i_0_windows_gtx1080ti_driver442.92_partial.txt'],
] as const;

describe('normalizeText', () => {
  it('strips the prompts people paste', () => {
    expect(stripPrompt('$ nvidia-smi')).toBe('nvidia-smi');
    expect(stripPrompt('PS C:\\Users\\me> nvidia-smi -q')).toBe('nvidia-smi -q');
    expect(stripPrompt('C:\\Users\\me>nvcc --version')).toBe('nvcc --version');
    expect(stripPrompt('>>> import torch')).toBe('import torch');
    expect(stripPrompt('[root@bh174 chenyang]# nvidia-smi')).toBe('nvidia-smi');
    expect(stripPrompt('root@098b49afe624:/# nvidia-smi')).toBe('nvidia-smi');
    expect(stripPrompt('root@truenas[/]# cat /proc/driver/nvidia/version')).toBe('cat /proc/driver/nvidia/version');
    expect(stripPrompt('(CUDA113+CUDNN82) han@han:~/build$ sudo ./trt_infer')).toBe('sudo ./trt_infer');
    expect(stripPrompt('| NVIDIA-SMI 535.161.07   Driver Version: 535.161.07 |')).toBe('| NVIDIA-SMI 535.161.07   Driver Version: 535.161.07 |');
  });

  it('keeps the content: colours, CR and fences go, the table stays', () => {
    const text = '```\r\n\x1b[1m| NVIDIA-SMI 535.161.07 |\x1b[0m\r\n```\r\n';
    expect(normalizeText(text)).toBe('| NVIDIA-SMI 535.161.07 |');
  });

  for (const [folder, file] of CAPTURES) {
    const plain = diagnoseText(read(folder, file));
    for (const [name, transform] of Object.entries(VARIANTS)) {
      it(`${file} with ${name} reads the same`, () => {
        const result = diagnoseText(transform(read(folder, file)));
        expect(result.kind).toBe(plain.kind);
        expect(result.facts).toEqual(plain.facts);
        expect(result.diagnoses.map((diagnosis) => [diagnosis.code, diagnosis.title])).toEqual(plain.diagnoses.map((diagnosis) => [diagnosis.code, diagnosis.title]));
      });
    }
  }
});
