export function isTestCodePath(file: string): boolean;
