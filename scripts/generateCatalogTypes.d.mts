export const CATALOG_TYPES_FILE: string;
export function catalogTypesSource(root: string): string;
