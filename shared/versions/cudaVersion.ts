import { compareDottedText, parseDotted, satisfiesDotted, type DottedVersion } from './dottedVersion.js';
import type { VersionScheme } from './versionScheme.js';

/** CUDA versions: "12.4", "12.4.1"; a bare "12.4" range clause such as "==12.4" matches every 12.4.x. */
export const cudaVersion: VersionScheme<DottedVersion> = {
  name: 'CUDA',
  parse: parseDotted,
  compare: (a, b) => compareDottedText(a, b, 'CUDA'),
  satisfies: (version, range) => satisfiesDotted(version, range.replace(/==(\d+(?:\.\d+)?)$/, '==$1.*'), 'CUDA'),
};

/** "12.4.1" -> "12.4"; "cu126" -> "12.6"; "cu118" -> "11.8"; "cu80" -> "8.0". */
const seriesCache = new Map<string, string>();

export function cudaSeries(text: string): string {
  let series = seriesCache.get(text);
  if (series === undefined) {
    const variant = /^cu(\d+)(\d)$/.exec(text.trim());
    const [major = '0', minor = '0'] = text.trim().split('.');
    series = variant ? `${variant[1]}.${variant[2]}` : `${major}.${minor}`;
    seriesCache.set(text, series);
  }
  return series;
}

export function cudaMajor(text: string): number {
  return Number(cudaSeries(text).split('.')[0]);
}
