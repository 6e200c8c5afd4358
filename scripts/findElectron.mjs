// Finds the Electron binary the way the `electron` package does, but never starts its download (blocked on our machines).
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const packageDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'node_modules', 'electron');

/** @returns {{ path: string } | { skip: string }} */
export function findElectron() {
  const pathFile = path.join(packageDir, 'path.txt');
  if (!existsSync(path.join(packageDir, 'package.json'))) return { skip: 'the electron package is not installed (run npm install)' };
  const relative = existsSync(pathFile) ? readFileSync(pathFile, 'utf8').trim() : null;
  const distDir = process.env.ELECTRON_OVERRIDE_DIST_PATH ?? path.join(packageDir, 'dist');
  const binary = relative ? path.join(distDir, relative) : null;
  if (binary && existsSync(binary)) return { path: binary };
  return { skip: 'the Electron binary was not downloaded (ELECTRON_SKIP_BINARY_DOWNLOAD, blocked install scripts, or no access to its release host)' };
}
