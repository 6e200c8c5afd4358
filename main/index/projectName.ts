/**
 * PEP 503 project names. detect/ has the same one-liner (normalizePackageName), but detect/ sits on this room's floor
 * and a room imports only lower floors, so the rule is written here again, with the shape check the index needs.
 */

/** A PEP 508 project name, at most 100 characters (the longest real ones are ~60). */
export const PROJECT_NAME = /^[A-Za-z0-9](?:[A-Za-z0-9._-]{0,98}[A-Za-z0-9])?$/;

/** "Nvidia_CUDNN.cu12" → "nvidia-cudnn-cu12": how pip compares names and builds an index page's URL. */
export function normalizeProjectName(name: string): string {
  return name.trim().toLowerCase().replace(/[-_.]+/g, '-');
}

/** A name DL Setup accepts from outside (a root, a Requires-Dist line, a file name), normalized; null when malformed. */
export function checkedProjectName(name: string): string | null {
  return PROJECT_NAME.test(name) ? normalizeProjectName(name) : null;
}
