import type { ErrorResemblanceTable } from '../shared/data/errorResemblanceSchema.js';

export const ERROR_RESEMBLANCE_FILE: string;
export const HELD_OUT: string[];
export const TRAINED_ON: string[];
export function errorResemblanceTable(
  root: string,
  count: (reports: { code: string; text: string }[]) => Pick<ErrorResemblanceTable, 'families' | 'words'>,
  reviewedAt: string,
): ErrorResemblanceTable;
export function familyReports(errorsTable: { entries: { code: string; patterns: string[]; inWords?: string[]; title: Record<string, string>; explanation: Record<string, string> }[] }): { code: string; text: string }[];
export function formatErrorResemblance(table: ErrorResemblanceTable): string;
