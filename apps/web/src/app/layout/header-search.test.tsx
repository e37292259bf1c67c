import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { useAuthStore } from '../../features/auth';
import { useSearchStore } from '../../features/search';
import { api } from '../../lib/api-client';
import { AppProvider } from '../provider';
import { routes } from '../router';

vi.mock('../../lib/api-client', () => ({ api: { get: vi.fn() } }));

beforeEach(() => {
  useAuthStore.setState({ token: null, user: null, isLoading: false, isError: false, hasTriedFetchingUser: false });
  useSearchStore.getState().close();
  vi.mocked(api.get).mockResolvedValue({ data: { data: [] } } as never);
});

describe('the header search in the shell (spec §2, §4)', () => {
  it('the icon swaps the menu for the search field; typing covers main; Escape brings the menu back', async () => {
    render(
      <AppProvider>
        <RouterProvider router={createMemoryRouter(routes, { initialEntries: ['/contact'] })} />
      </AppProvider>,
    );
    await screen.findByRole('heading', { level: 1, name: 'پشتیبانی و تماس با ما' }, { timeout: 15_000 });
    const toggle = screen.getByRole('button', { name: 'جستجو' });
    expect(screen.getByTestId('desktop-nav')).toBeTruthy();

    fireEvent.click(toggle);
    // The search panel is its own chunk (with MUI): its first import in jsdom can take seconds on a
    // busy machine, past findBy's one-second default.
    const field = await screen.findByRole('combobox', { name: 'متن جستجو' }, { timeout: 15_000 });
    expect(screen.queryByTestId('desktop-nav')).toBeNull(); // the menu stage gave way
    await waitFor(() => expect(document.activeElement).toBe(field));

    const main = document.getElementById('main-content')!;
    expect(main.hasAttribute('data-search-covered')).toBe(false);
    act(() => {
      fireEvent.change(field, { target: { value: 'نو' } });
    });
    expect(main.getAttribute('data-search-covered')).toBe('true');
    expect(field.getAttribute('aria-expanded')).toBe('true');
    act(() => {
      fireEvent.change(field, { target: { value: '' } });
    });
    expect(main.hasAttribute('data-search-covered')).toBe(false);

    fireEvent.keyDown(field, { key: 'Escape' });
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('button', { name: 'جستجو' })));
    expect(screen.getByTestId('desktop-nav')).toBeTruthy();
    expect(screen.queryByRole('combobox')).toBeNull();
  });
});
