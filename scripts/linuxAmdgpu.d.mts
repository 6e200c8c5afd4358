export function kernelChipsById(text: string): Map<string, string>;
export function chipKey(name: string): string;
export function gfxOfTargetVersion(version: number): string;
export function kfdGfxByChip(text: string): Map<string, string>;
