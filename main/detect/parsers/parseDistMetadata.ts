import { parsePep440 } from '../../../shared/versions/pep440.js';

export interface DistMetadata {
  name: string;
  version: string;
}

/** PEP 503 name normalisation: "Nvidia_CUDNN.cu12" → "nvidia-cudnn-cu12". */
export function normalizePackageName(name: string): string {
  return name.trim().toLowerCase().replace(/[-_.]+/g, '-');
}

/** A PEP 508 project name, at most 100 characters: nothing else reaches a verdict, a plan or a terminal. */
const NAME_SHAPE = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/;
/** Longer than any real release ("2.5.1+cu124", "1.13.0a0+gitunknown"); also keeps parsePep440's work small. */
const VERSION_MAX = 64;

/** A name and version as read from disk pass when they have the shape of a project name and a PEP 440 version. */
export function wellFormedDist(name: string, version: string): DistMetadata | null {
  if (!NAME_SHAPE.test(name) || version.length > VERSION_MAX || version !== version.trim() || !parsePep440(version)) return null;
  return { name, version };
}

/**
 * Reads Name and Version from a dist-info METADATA / egg-info PKG-INFO header block. A field with escapes, spaces or
 * anything but a PEP 440 version makes the whole header unreadable (null), never a version a verdict could call "works".
 */
export function parseDistMetadata(text: string): DistMetadata | null {
  if (typeof text !== 'string') return null;
  const header = text.split(/\r?\n\r?\n/)[0] ?? '';
  const name = /^Name:[ \t]*(.+)$/m.exec(header)?.[1]?.replace(/[ \t\r]+$/, '');
  const version = /^Version:[ \t]*(.+)$/m.exec(header)?.[1]?.replace(/[ \t\r]+$/, '');
  if (!name || !version) return null;
  return wellFormedDist(name, version);
}

/** "torch-2.5.1+cu124.dist-info" → {name: "torch", version: "2.5.1+cu124"}; also .egg-info directories. */
export function parseDistInfoDirName(dirName: string): DistMetadata | null {
  const match = /^([A-Za-z0-9][A-Za-z0-9._]*?)-(\d[^-]*?)(?:-py\d[\d.]*)?\.(?:dist|egg)-info$/.exec(dirName);
  if (!match) return null;
  return wellFormedDist(match[1] as string, match[2] as string);
}

export { localVersionTag } from '../../../shared/frameworks/environmentEvidence.js';
