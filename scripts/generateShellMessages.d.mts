export const SHELL_MESSAGES_FILE: string;
export const SHELL_MESSAGES_CAPTURE: string;
export function moTranslation(buffer: Buffer, msgid: string): string | null;
export function shellMessagesTable(captureText: string): { reviewedAt: string; note: string; commandNotFound: { lang: string; message: string; source: string }[] };
