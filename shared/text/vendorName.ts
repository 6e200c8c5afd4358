/** GPU vendors as people write them; reports and plans keep lower-case ids ("nvidia", "amd"). */
const VENDOR_NAMES: Readonly<Record<string, string>> = { nvidia: 'NVIDIA', amd: 'AMD', intel: 'Intel', apple: 'Apple' };

/** The vendor's name for a sentence or table cell; an id no list names stays as it is. */
export function vendorName(vendor: string): string {
  return VENDOR_NAMES[vendor] ?? vendor;
}
