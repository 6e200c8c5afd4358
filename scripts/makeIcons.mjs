#!/usr/bin/env node
// Renders build/icons/icon.svg into the PNG set (Linux), icon.ico (Windows) and icon.icns (macOS) at package time.
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from '@playwright/test';

const iconsDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', 'build', 'icons');
const svg = readFileSync(path.join(iconsDir, 'icon.svg'), 'utf8');
const SIZES = [16, 32, 48, 64, 128, 256, 512, 1024];

/** Debian's Chromium where present (our machines cannot download browsers), else Playwright's own. */
function chromiumPath() {
  if (process.env.DLSETUP_CHROMIUM) return process.env.DLSETUP_CHROMIUM;
  return existsSync('/usr/bin/chromium') ? '/usr/bin/chromium' : undefined;
}

/** ICO and ICNS both accept embedded PNG images, so each is a small header plus the PNGs. */
function ico(pngs) {
  const entries = pngs.filter(({ size }) => size <= 256);
  const header = Buffer.alloc(6 + 16 * entries.length);
  header.writeUInt16LE(0, 0);
  header.writeUInt16LE(1, 2);
  header.writeUInt16LE(entries.length, 4);
  let offset = header.length;
  entries.forEach(({ size, png }, index) => {
    const at = 6 + 16 * index;
    header.writeUInt8(size === 256 ? 0 : size, at);
    header.writeUInt8(size === 256 ? 0 : size, at + 1);
    header.writeUInt16LE(1, at + 4);
    header.writeUInt16LE(32, at + 6);
    header.writeUInt32LE(png.length, at + 8);
    header.writeUInt32LE(offset, at + 12);
    offset += png.length;
  });
  return Buffer.concat([header, ...entries.map(({ png }) => png)]);
}

function icns(pngs) {
  const types = { 16: 'icp4', 32: 'icp5', 64: 'icp6', 128: 'ic07', 256: 'ic08', 512: 'ic09', 1024: 'ic10' };
  const chunks = pngs
    .filter(({ size }) => types[size])
    .map(({ size, png }) => {
      const head = Buffer.alloc(8);
      head.write(types[size], 0, 'ascii');
      head.writeUInt32BE(png.length + 8, 4);
      return Buffer.concat([head, png]);
    });
  const body = Buffer.concat(chunks);
  const head = Buffer.alloc(8);
  head.write('icns', 0, 'ascii');
  head.writeUInt32BE(body.length + 8, 4);
  return Buffer.concat([head, body]);
}

const browser = await chromium.launch({ executablePath: chromiumPath(), args: ['--no-sandbox', '--disable-gpu'] });
const pngs = [];
try {
  for (const size of SIZES) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    await page.setContent(`<html><body style="margin:0;background:transparent">${svg.replace('width="1024" height="1024"', `width="${size}" height="${size}"`)}</body></html>`);
    pngs.push({ size, png: await page.screenshot({ omitBackground: true }) });
    await page.close();
  }
} finally {
  await browser.close();
}
mkdirSync(iconsDir, { recursive: true });
for (const { size, png } of pngs) writeFileSync(path.join(iconsDir, `${size}x${size}.png`), png);
writeFileSync(path.join(iconsDir, 'icon.png'), pngs.find(({ size }) => size === 1024).png);
writeFileSync(path.join(iconsDir, 'icon.ico'), ico(pngs));
writeFileSync(path.join(iconsDir, 'icon.icns'), icns(pngs));
process.stdout.write(`icons: ${SIZES.length} PNGs, icon.ico, icon.icns in ${path.relative(process.cwd(), iconsDir)}\n`);
