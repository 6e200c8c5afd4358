export const NVIDIA_DEVICES_FILE: string;
export const NVIDIA_SOURCES_DIR: string;
export function chipFamily(chip: string): string | null;
export function productNames(bracket: string | undefined): string[];
export function nvidiaDevicesSource(root: string): string;
