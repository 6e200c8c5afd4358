export const AMD_DEVICES_FILE: string;
export const AMD_SOURCES_DIR: string;
export function codenameOf(chipText: string, codenames: { codename: string; gfx: string }[]): { codename: string; gfx: string } | undefined;
export function amdProductNames(bracket: string | undefined): string[];
export function amdDevicesSource(root: string): string;
