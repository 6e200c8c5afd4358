export const SYSTEM_MESSAGES_FILE: string;
export const SYSTEM_MESSAGES_CAPTURE: string;
export const CATALOG_MESSAGES: { package: string; domain: string; msgids: string[] }[];
export function systemMessagesTable(captureText: string): {
  reviewedAt: string;
  note: string;
  sources: { package: string; version: string; sha256: string }[];
  messages: { domain: string; msgid: string; package: string; translations: { lang: string; text: string }[] }[];
};
