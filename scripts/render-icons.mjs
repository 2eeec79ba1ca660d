#!/usr/bin/env node
// Renders the web app manifest's PNG icons from their SVGs (public/icons/) with the
// system Chromium through Playwright, so no image tool or download is needed. The PNGs
// are committed; run this again after changing an icon's SVG:
//
//   node scripts/render-icons.mjs
//
// PNGs exist next to the SVGs because some platforms (older Android launchers, iOS home
// screens) only take bitmaps for an installed app.
import { chromium } from '@playwright/test';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

const icons = fileURLToPath(new URL('../public/icons/', import.meta.url));
const RENDERS = [
  { svg: 'icon.svg', png: 'icon-192.png', size: 192 },
  { svg: 'icon.svg', png: 'icon-512.png', size: 512 },
  { svg: 'icon-maskable.svg', png: 'icon-maskable-512.png', size: 512 },
];

const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu'] });
try {
  for (const { svg, png, size } of RENDERS) {
    const page = await browser.newPage({ viewport: { width: size, height: size }, deviceScaleFactor: 1 });
    // The SVG inline in an <img> data: URL: no file access or server needed.
    const source = `data:image/svg+xml;base64,${readFileSync(icons + svg).toString('base64')}`;
    await page.setContent(
      `<style>html,body{margin:0;background:transparent}</style><img src="${source}" width="${size}" height="${size}">`,
    );
    await page.locator('img').evaluate((img) => img.decode());
    await page.screenshot({ path: icons + png, omitBackground: true, clip: { x: 0, y: 0, width: size, height: size } });
    await page.close();
    process.stderr.write(`icons: public/icons/${png} (${size}x${size}) from ${svg}\n`);
  }
} finally {
  await browser.close();
}
