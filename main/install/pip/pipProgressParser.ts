import type { ByteProgress } from '../../../shared/types/install.js';
import { installText, type InstallSay } from '../../system/installText.js';
import { SpeedMeter } from '../../download/speedMeter.js';

export interface PipProgressUpdate {
  /** Step fraction: downloads fill 0–0.9, installing the last 0.1; null while pip is still resolving. */
  fraction: number | null;
  detail: string;
  bytes?: ByteProgress;
}

const SIZE_UNITS: Record<string, number> = { B: 1, kB: 1e3, KB: 1e3, MB: 1e6, GB: 1e9, KiB: 1024, MiB: 1024 ** 2, GiB: 1024 ** 3 };

/** "906.4 MB" → bytes, as pip prints sizes (decimal units). */
export function parsePipSize(text: string): number | null {
  const match = /^([\d.]+)\s*(B|kB|KB|MB|GB|KiB|MiB|GiB)$/.exec(text.trim());
  return match ? Math.round(Number(match[1]) * SIZE_UNITS[match[2]!]!) : null;
}

/** pip ≥ 24.1 has `--progress-bar raw` (machine-readable "Progress N of M" lines on stdout). */
export function pipSupportsRawProgress(version: string): boolean {
  const [major = 0, minor = 0] = version.split('.').map((part) => Number.parseInt(part, 10));
  return major > 24 || (major === 24 && minor >= 1);
}

/** Reads `pip --version` output: "pip 24.2 from /x/site-packages/pip (python 3.13)". */
export function parsePipVersion(output: string): string | null {
  return /^pip (\d+(?:\.\d+)*)/m.exec(output)?.[1] ?? null;
}

/**
 * Turns pip's output into progress: `Progress N of M` lines (raw bar) give bytes, speed and ETA;
 * with older pips the Collecting / Downloading / Installing lines still move the bar.
 */
export class PipProgressParser {
  private filesSeen = 0;
  private filesDone = 0;
  private currentName = '';
  private currentTotal: number | null = null;
  private meter = new SpeedMeter();
  private installing = false;
  /** Total bytes pip downloaded, from the raw bar or announced sizes. */
  bytesDownloaded = 0;
  private currentDone = 0;
  /** Distributions pip reports as installed, "name-version". */
  readonly installed: string[] = [];

  constructor(
    private readonly expectedPackages: number,
    private readonly say: InstallSay = installText(),
  ) {}

  private fraction(currentFraction: number): number {
    const denominator = Math.max(this.filesSeen, this.expectedPackages, 1);
    return Math.min(0.9, (0.9 * (this.filesDone + currentFraction)) / denominator);
  }

  private finishCurrent(): void {
    if (this.currentName) {
      this.filesDone += 1;
      this.bytesDownloaded += this.currentTotal ?? this.currentDone;
    }
    this.currentName = '';
    this.currentTotal = null;
    this.currentDone = 0;
  }

  line(text: string): PipProgressUpdate | null {
    const line = text.trim();
    let match: RegExpExecArray | null;
    if ((match = /^Progress (\d+) of (\d+)$/.exec(line))) {
      const done = Number(match[1]);
      const total = Number(match[2]) || this.currentTotal;
      if (done === 0) this.meter = new SpeedMeter();
      this.currentDone = done;
      const perSecond = this.meter.sample(done);
      const bytes: ByteProgress = {
        done,
        total: total ?? null,
        perSecond,
        etaSeconds: total && perSecond ? Math.round((total - done) / perSecond) : null,
      };
      const file = this.currentName;
      const detail = total ? this.say('pip.downloadingPercent', { file, percent: Math.floor((done / total) * 100) }) : this.say('pip.downloading', { file });
      return { fraction: this.fraction(total ? done / total : 0), detail, bytes };
    }
    if ((match = /^Collecting (\S+)/.exec(line))) {
      this.finishCurrent();
      return { fraction: this.filesSeen ? this.fraction(0) : null, detail: this.say('pip.resolving', { requirement: match[1]! }) };
    }
    if ((match = /^Downloading (\S+)(?: \(([\d.]+ [kMG]?i?B)\))?/.exec(line))) {
      this.finishCurrent();
      this.filesSeen += 1;
      this.currentName = decodeURIComponent(match[1]!.split('/').pop() ?? match[1]!);
      this.currentTotal = match[2] ? parsePipSize(match[2]) : null;
      const bytes: ByteProgress | undefined = this.currentTotal !== null ? { done: 0, total: this.currentTotal, perSecond: null, etaSeconds: null } : undefined;
      return { fraction: this.fraction(0), detail: this.say('pip.downloading', { file: this.currentName }), bytes };
    }
    if ((match = /^Using cached (\S+)/.exec(line))) {
      this.finishCurrent();
      this.filesSeen += 1;
      this.filesDone += 1;
      return { fraction: this.fraction(0), detail: this.say('pip.usingCached', { file: match[1]! }) };
    }
    if ((match = /^Installing collected packages: (.+)$/.exec(line))) {
      this.finishCurrent();
      this.installing = true;
      return { fraction: 0.92, detail: this.say('pip.installing', { packages: match[1]! }) };
    }
    if ((match = /^Successfully installed (.+)$/.exec(line))) {
      this.installed.push(...match[1]!.split(/\s+/).filter(Boolean));
      return { fraction: 1, detail: this.say('pip.installed') };
    }
    return null;
  }

  get isInstalling(): boolean {
    return this.installing;
  }
}
