import { readFile } from 'node:fs/promises';
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

/** Reads a file of the built renderer; refuses anything that would escape its folder. Unknown paths get index.html (one-page app). */
export async function readStaticFile(rootDir: string, urlPath: string): Promise<StaticFile | null> {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  const relative = path.normalize(decoded).replace(/^([/\\])+/, '');
  const file = path.resolve(rootDir, relative || 'index.html');
  if (file !== rootDir && !file.startsWith(rootDir + path.sep)) return null;
  const ext = path.extname(file);
  try {
    return { body: await readFile(file), contentType: CONTENT_TYPES[ext] ?? 'application/octet-stream' };
  } catch {
    if (ext && ext !== '.html') return null;
    try {
      return { body: await readFile(path.join(rootDir, 'index.html')), contentType: CONTENT_TYPES['.html']! };
    } catch {
      return null;
    }
  }
}
