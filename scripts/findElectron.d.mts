export function findElectron(): { path: string } | { skip: string };
