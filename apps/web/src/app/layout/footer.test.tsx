import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { Footer } from './footer';

afterEach(() => {
  delete window.__PARDE__;
});

describe('the footer', () => {
  it('writes the Jalali year the server gave the page, in Persian digits', () => {
    window.__PARDE__ = { jalaliYear: 1405 };
    render(<Footer />);
    expect(screen.getByText('© ۱۴۰۵ پرده. همهٔ حقوق محفوظ است.')).toBeTruthy();
  });

  it('leaves the year out when the page has no configuration (the script did not load)', () => {
    render(<Footer />);
    expect(screen.getByText('© پرده. همهٔ حقوق محفوظ است.')).toBeTruthy();
  });
});
