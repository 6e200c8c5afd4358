import { readFile, realpath, stat } from 'node:fs/promises';
import path from 'node:path';

const CONTENT_TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
};

export interface StaticFile {
  body: Buffer;
  contentType: string;
}

type Lookup = StaticFile | 'missing' | 'refused';

/** Reads `file` only when its real path (every symlink followed) is a regular file inside the real `root`. */
async function readInside(root: string, file: string): Promise<Lookup> {
  let real: string;
  try {
    real = await realpath(file);
  } catch {
    return 'missing';
  }
  if (!real.startsWith(root + path.sep)) return 'refused';
  try {
    if (!(await stat(real)).isFile()) return 'missing';
    return { body: await readFile(real), contentType: CONTENT_TYPES[path.extname(real)] ?? 'application/octet-stream' };
  } catch {
    return 'missing';
  }
}

/**
 * Reads a file of the built renderer for a URL path (escapes decoded here, once). Never a dotfile or a `..` segment,
 * never a file that a symlink puts outside the folder; other unknown paths get index.html (one-page app).
 */
export async function readStaticFile(rootDir: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const segments = decoded.split('/').filter(Boolean);
  // The built renderer has no dotfiles; refusing every `.x` segment also refuses `.` and `..`.
  if (segments.some((segment) => segment.startsWith('.') || /[\\\0]/.test(segment))) return null;
  let root: string;
  try {
    root = await realpath(rootDir);
  } catch {
    return null;
  }
  const wanted = segments.length ? path.join(root, ...segments) : path.join(root, 'index.html');
  const found = await readInside(root, wanted);
  if (typeof found === 'object') return found;
  const ext = path.extname(wanted);
  if (found === 'refused' || (ext && ext !== '.html')) return null;
  const index = await readInside(root, path.join(root, 'index.html'));
  return typeof index === 'object' ? index : null;
}
