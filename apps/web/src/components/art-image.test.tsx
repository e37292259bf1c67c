import { fireEvent, render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ArtImage } from './art-image';

describe('images fall back to the default artwork', () => {
  it('swaps a broken image for the fallback, once', () => {
    const { container } = render(<ArtImage src="http://localhost:8000/api/artwork/titles/1/poster.png" alt="پوستر" />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/poster\.png$/);
    expect(img.getAttribute('loading')).toBe('lazy');
    fireEvent.error(img);
    const after = container.querySelector('img')!;
    expect(after.getAttribute('src')).toBe('http://localhost:8000/api/artwork/fallback.svg');
    expect(after.dataset.fallback).toBe('true');
    // The fallback itself failing leaves the reserved box empty rather than looping.
    fireEvent.error(after);
    expect(container.querySelector('img')).toBeNull();
    expect(container.firstElementChild).not.toBeNull();
  });

  it('uses the fallback when there is no image at all, and loads eagerly above the fold', () => {
    const { container } = render(<ArtImage src={null} alt="" priority />);
    const img = container.querySelector('img')!;
    expect(img.getAttribute('src')).toMatch(/fallback\.svg$/);
    expect(img.getAttribute('loading')).toBe('eager');
    expect(img.getAttribute('fetchpriority')).toBe('high');
  });
});
