// @vitest-environment node
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { themeCss } from './theme-css';

const FILE = path.join(import.meta.dirname, 'theme-vars.css');
// `npm run theme:css -w apps/web` runs this file with UPDATE_THEME_CSS=1 to write it anew.
if (process.env.UPDATE_THEME_CSS === '1') fs.writeFileSync(FILE, themeCss());

describe('theme-vars.css', () => {
  const file = fs.readFileSync(FILE, 'utf8');

  it('is what the theme writes (run `npm run theme:css -w apps/web` after changing the theme)', () => {
    expect(file).toBe(themeCss());
  });

  it('holds both colour schemes and the baseline', () => {
    expect(file).toMatch(/\.dark\{[^}]*--mui-palette-background-default:#121212/);
    expect(file).toMatch(/\.light\{[^}]*--mui-palette-background-default:#f6f6f6/);
    expect(file).toContain('.visually-hidden{');
    expect(file).toMatch(/body\{[^}]*font-family:Estedad/);
  });
});
