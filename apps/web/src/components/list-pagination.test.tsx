import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../app/provider';
import { ListPagination, paginationItems } from './list-pagination';

function renderPagination(page: number, lastPage: number) {
  render(
    <AppProvider>
      <MemoryRouter>
        <ListPagination page={page} lastPage={lastPage} hrefFor={(p) => (p > 1 ? `/?genre=drama&page=${p}` : '/?genre=drama')} />
      </MemoryRouter>
    </AppProvider>,
  );
  // Two renderings (phone and desktop); jsdom applies no media queries, so take the first.
  return screen.getAllByRole('navigation', { name: 'ناوبری صفحه' })[0]!;
}

describe('list pagination (faIR labels, Persian digits, links)', () => {
  it('labels every item in Persian and links each page', () => {
    const nav = renderPagination(2, 19);
    const current = within(nav).getByRole('link', { name: 'صفحهٔ ۲' });
    expect(current.getAttribute('aria-current')).toBe('page');
    expect(current.textContent).toBe('۲');
    const first = within(nav).getByRole('link', { name: 'رفتن به صفحهٔ ۱' });
    expect(first.getAttribute('href')).toBe('/?genre=drama');
    expect(within(nav).getByRole('link', { name: 'رفتن به صفحهٔ ۱۹' }).getAttribute('href')).toBe('/?genre=drama&page=19');
    expect(within(nav).getByRole('link', { name: 'رفتن به صفحه‌ی بعدی' }).getAttribute('href')).toBe('/?genre=drama&page=3');
    expect(within(nav).getByRole('link', { name: 'رفتن به صفحه‌ی قبلی' }).getAttribute('href')).toBe('/?genre=drama');
    // No Latin digit is shown to the reader.
    expect(nav.textContent).not.toMatch(/[0-9]/);
  });

  it('the previous link is disabled on the first page, and one page shows nothing', () => {
    const nav = renderPagination(1, 3);
    expect(within(nav).queryByRole('link', { name: 'رفتن به صفحه‌ی قبلی' })).toBeNull();
    expect(within(nav).getByRole('button', { name: 'رفتن به صفحه‌ی قبلی' }).hasAttribute('disabled')).toBe(true);
  });

  it('renders nothing for a single page', () => {
    render(
      <AppProvider>
        <MemoryRouter>
          <ListPagination page={1} lastPage={1} hrefFor={() => '/'} />
        </MemoryRouter>
      </AppProvider>,
    );
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('lays the items out as a rounded pagination does: ends, siblings and gaps', () => {
    expect(paginationItems(1, 10, 1)).toEqual(['previous', 1, 2, 3, 4, 5, 'end-ellipsis', 10, 'next']);
    expect(paginationItems(6, 10, 1)).toEqual(['previous', 1, 'start-ellipsis', 5, 6, 7, 'end-ellipsis', 10, 'next']);
    expect(paginationItems(10, 10, 1)).toEqual(['previous', 1, 'start-ellipsis', 6, 7, 8, 9, 10, 'next']);
    expect(paginationItems(6, 19, 0)).toEqual(['previous', 1, 'start-ellipsis', 6, 'end-ellipsis', 19, 'next']);
    expect(paginationItems(2, 3, 1)).toEqual(['previous', 1, 2, 3, 'next']);
  });
});
