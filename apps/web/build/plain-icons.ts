import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import type { Plugin } from 'vite';

const PREFIX = 'plain-icon:';
const require = createRequire(import.meta.url);
const iconsDir = path.dirname(require.resolve('@mui/icons-material/package.json'));
const factory = path.resolve(import.meta.dirname, '../src/components/plain-icon.tsx');

/**
 * `import SearchIcon from 'plain-icon:Search'`: MUI's Material icon, its paths unchanged, drawn
 * by our own `createPlainIcon` (src/components/plain-icon.tsx) instead of MUI's `SvgIcon`, so a
 * screen that shows icons needs none of MUI's styling code (docs/decisions/0010).
 */
export function plainIcons(): Plugin {
  return {
    name: 'parde-plain-icons',
    enforce: 'pre',
    resolveId(id) {
      return id.startsWith(PREFIX) ? `\0${id}` : null;
    },
    load(id) {
      if (!id.startsWith(`\0${PREFIX}`)) return null;
      const name = id.slice(PREFIX.length + 1);
      if (!/^\w+$/.test(name)) throw new Error(`not an icon name: ${name}`);
      const file = path.join(iconsDir, `${name}.mjs`);
      if (!fs.existsSync(file)) throw new Error(`no Material icon named ${name}`);
      const source = fs.readFileSync(file, 'utf8');
      const swapped = source.replace(/import createSvgIcon from "\.\/utils\/createSvgIcon\.mjs";/, `import { createPlainIcon as createSvgIcon } from ${JSON.stringify(factory)};`);
      if (swapped === source) throw new Error(`icon ${name}: unexpected module shape`);
      return swapped.replace(/^"use client";\s*/, '');
    },
  };
}
