import path from 'node:path';
import { appVersion } from '../../appPaths.js';
import { EXPORT_FORMATS, exportPlan, type ExportFormat } from '../../export/exportPlan.js';
import { writeExportFiles } from '../../export/writeExportFiles.js';
import type { CliCommand } from '../cliCommand.js';
import { commandLocale } from '../cliLocale.js';
import { cliText } from '../cliText.js';
import { usageError } from '../parseArgs.js';
import { readPlanFile } from '../readPlanFile.js';

/** `dlsetup export --plan plan.json --format shell|ansible|dockerfile [--out DIR] [--force]`. */
export const exportCommand: CliCommand = {
  flags: {
    plan: { type: 'string', valueName: 'FILE', description: 'the plan to export (from `dlsetup plan --json`)' },
    format: { type: 'string', valueName: 'FORMAT', values: EXPORT_FORMATS, description: 'shell (POSIX script), ansible (playbook + role) or dockerfile' },
    out: { type: 'string', valueName: 'DIR', description: 'write every file into DIR (created when missing); without it the main file is printed' },
    force: { type: 'boolean', description: 'overwrite files that already exist in --out DIR' },
    'pypi-mirror': { type: 'string', valueName: 'ID|URL', description: 'PyPI mirror baked into the export (tuna, aliyun, ustc or a URL)' },
    'pytorch-mirror': { type: 'string', valueName: 'ID|URL', description: 'download.pytorch.org mirror baked into the export' },
    'cuda-mirror': { type: 'string', valueName: 'URL', description: "mirror of NVIDIA's CUDA repository" },
    'cuda-keyring-sha256': { type: 'string', valueName: 'HEX', description: "sha256 of NVIDIA's cuda-keyring package, checked before it is installed" },
  },
  async run({ flags }, io) {
    if (typeof flags.plan !== 'string') throw usageError('usage.planRequired');
    if (typeof flags.format !== 'string') throw usageError('usage.formatRequired', { formats: EXPORT_FORMATS.join(', ') });
    const locale = commandLocale(flags, process.env);
    const plan = await readPlanFile(flags.plan, cliText(locale), locale);
    const text = (name: string) => (typeof flags[name] === 'string' ? (flags[name] as string) : undefined);
    const result = exportPlan(plan, flags.format as ExportFormat, {
      mirrors: { pypi: text('pypi-mirror'), pytorch: text('pytorch-mirror'), cuda: text('cuda-mirror') },
      cudaKeyringSha256: text('cuda-keyring-sha256'),
      generatedBy: `DL Setup ${appVersion}`,
    });
    if (typeof flags.out !== 'string') {
      io.out(result.files.find((file) => file.path === result.mainFile)!.content);
      const others = result.files.filter((file) => file.path !== result.mainFile).map((file) => file.path);
      io.err(`${result.mainFile} needs ${others.join(', ')} beside it; use --out DIR to write them all.\n`);
      return 0;
    }
    const written = await writeExportFiles(flags.out, result.files, { force: Boolean(flags.force), locale });
    const main = path.join(flags.out, result.mainFile);
    io.out(`Wrote ${written.length} files to ${flags.out}.\n`);
    io.out(
      result.format === 'shell'
        ? `Run on each machine: sh ${main}\n`
        : result.format === 'ansible'
          ? `Run: ansible-playbook -i inventory.ini ${main}; then: dlsetup fleet report ${path.join(flags.out, 'dlsetup-reports')}\n`
          : `Build: docker build -t dlsetup-image ${flags.out}; test: docker run --rm --gpus all dlsetup-image\n`,
    );
    return 0;
  },
};
