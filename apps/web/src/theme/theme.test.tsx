import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Rating from '@mui/material/Rating';
import TextField from '@mui/material/TextField';
import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MuiScope } from '../app/mui-scope';
import { theme } from './theme';

const styleText = () =>
  [...document.querySelectorAll('style')]
    .map((s) => s.textContent + [...(s.sheet?.cssRules ?? [])].map((r) => r.cssText).join(''))
    .join('\n');

describe('theme (spec §9)', () => {
  it('has the brand palette, breakpoints, spacing, radius, fonts, RTL and dark default', () => {
    const dark = theme.colorSchemes.dark!.palette;
    expect(dark.primary.main).toBe('#606060');
    expect(dark.secondary.main).toBe('#19857b');
    expect(dark.error.main).toBe('#ff1744');
    expect(dark.mode).toBe('dark');
    expect(theme.defaultColorScheme).toBe('dark');
    expect(theme.breakpoints.values).toEqual({ xs: 0, sm: 600, md: 900, lg: 1200, xl: 1536 });
    expect(theme.spacing(1)).toMatch(/\b8px\)?$/);
    expect(theme.shape.borderRadius).toBe(4);
    expect(theme.direction).toBe('rtl');
    expect(theme.typography.fontFamily).toMatch(/^Estedad,Rubik/);
  });

  it('flips styles for RTL but keeps the autocomplete left-to-right', () => {
    render(
      <MuiScope>
        <Box sx={{ paddingLeft: '13px' }}>x</Box>
        <Autocomplete options={['a']} renderInput={(p) => <TextField {...p} label="جستجو" />} />
      </MuiScope>,
    );
    const css = styleText();
    expect(css).toMatch(/padding-right:\s*13px/);
    expect(css).toMatch(/MuiAutocomplete-root[^}]*direction:\s*ltr/);
  });

  it('labels MUI components in Persian, with Persian digits', () => {
    render(
      <MuiScope>
        <Rating value={3} readOnly />
      </MuiScope>,
    );
    expect(screen.getByRole('img', { name: '۳ ستاره' })).toBeTruthy();
  });
});
