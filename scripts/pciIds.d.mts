export function pciIdsDevices(text: string, vendor: string): { id: string; name: string }[];
export function fileSha256(file: string): string;
