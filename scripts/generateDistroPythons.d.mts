export const DISTRO_PYTHONS_FILE: string;
export const DISTRO_PYTHONS_SOURCES_DIR: string;
export function aptStanzas(text: string): Record<string, string>[];
export interface DistroPythonRow {
  distro: string;
  name: string;
  defaultPython: string;
  pythons: { python: string; component: string; version: string; venvVersion?: string; source?: string }[];
  confidence: string;
  source: string;
}
export function debianRow(fileName: string, text: string): DistroPythonRow;
export function debianRows(root: string): DistroPythonRow[];
export function withDebianRows<T extends { releases: DistroPythonRow[] }>(table: T, rows: DistroPythonRow[]): T;
