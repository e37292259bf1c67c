import { PERSON_PAGE_CREDITS, type FilmographyItem, type PersonDetail } from '@parde/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '../../../app/provider';
import { createQueryClient } from '../../../lib/query-client';
import { fakePagedApi } from '../../../test/paged-api';
import { Filmography } from './person-screen';

const item = (n: number): FilmographyItem => ({
  id: n,
  path: `/titles/${n}/voiced-${n}`,
  poster: `http://localhost:8000/api/artwork/titles/${n}/poster.png`,
  titleEn: `Voiced ${n}`,
  titleFa: null,
  year: 2020,
  genres: [],
  rating: null,
  rottenTomatoes: { rtMeter: null, rtStatus: null },
  type: 'movie',
  votes: 10,
  endYear: null,
  hasDub: false,
  isFree: false,
  comingSoon: false,
  expectedDate: null,
  character: `Voice ${n}`,
});
const range = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => item(from + k));

// A voice actor as their acting page carries them: the first 24 of 130 voices; the 3 films directed only counted.
const person = {
  id: 9,
  path: '/people/actor/9/busy-voice',
  image: '',
  fullnameEn: 'Busy Voice',
  fullnameFa: null,
  job: 'actor',
  bestStarred: null,
  bestDirected: null,
  imdbId: 'nm9000001',
  slug: 'busy-voice',
  birthYear: null,
  deathYear: null,
  bioFa: null,
  bioEn: null,
  professions: ['actor'],
  filmography: { actor: range(1, 24), director: [], writer: [] },
  filmographyCounts: { actor: 130, director: 3, writer: 0 },
} satisfies PersonDetail;

const fake = fakePagedApi((url, params) =>
  url !== '/api/people/9/credits' ? undefined : params.role === 'director' ? { total: 3, row: (n) => item(499 + n) } : { total: 130, row: item },
);

function renderFilmography() {
  render(
    <AppProvider>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter>
          <Filmography person={person} urlRole="actor" />
        </MemoryRouter>
      </QueryClientProvider>
    </AppProvider>,
  );
}

const cards = () => within(screen.getByTestId('filmography')).getAllByTestId('title-card');

describe('a person with more titles than their page carries', () => {
  it('counts every title of each role, shows those it has, and brings the rest on request without repeating one', async () => {
    renderFilmography();
    expect(screen.getByTestId('role-actor').textContent).toBe('بازیگر (۱۳۰)');
    expect(screen.getByTestId('role-director').textContent).toBe('کارگردان (۳)');
    expect(PERSON_PAGE_CREDITS).toBe(24);
    expect(cards()).toHaveLength(24);
    expect(fake.seen).toHaveLength(0);
    const more = screen.getByTestId('credits-more');
    expect(more.textContent).toBe('آثار بیشتر (۱۰۶ اثر دیگر)');
    fireEvent.click(more);
    await waitFor(() => expect(cards()).toHaveLength(48));
    expect(screen.getByTestId('credits-more').textContent).toBe('آثار بیشتر (۸۲ اثر دیگر)');
    for (const shown of [72, 96, 120, 130]) {
      fireEvent.click(screen.getByTestId('credits-more'));
      await waitFor(() => expect(cards()).toHaveLength(shown));
    }
    // Page 2 of 24 holds titles 25–48: the page after those it had.
    expect(fake.seen.map((c) => (c.params as { page: number; role: string })).map((p) => `${p.role} ${p.page}`)).toEqual(['actor 2', 'actor 3', 'actor 4', 'actor 5', 'actor 6']);
    expect(new Set(cards().map((c) => c.getAttribute('href'))).size).toBe(130);
    expect(screen.queryByTestId('credits-more')).toBeNull();
    // Another role's first page comes when its button is pressed: the page carried only acting.
    fireEvent.click(screen.getByTestId('role-director'));
    expect(screen.getByTestId('role-loading')).toBeTruthy();
    await waitFor(() => expect(cards()).toHaveLength(3));
    expect(screen.queryByTestId('credits-more')).toBeNull();
    expect(fake.seen.map((c) => (c.params as { page: number; role: string })).map((p) => `${p.role} ${p.page}`).slice(5)).toEqual(['director 1']);
  });

  it('says so in Persian when a page fails, and the same button tries again', async () => {
    fake.failNext = true;
    renderFilmography();
    fireEvent.click(screen.getByTestId('credits-more'));
    expect((await screen.findByRole('alert')).textContent).toBe('آثار آورده نشد. دوباره امتحان کنید.');
    expect(cards()).toHaveLength(24);
    fireEvent.click(screen.getByTestId('credits-more'));
    await waitFor(() => expect(cards()).toHaveLength(48));
    expect(fake.seen.map((c) => (c.params as { page: number }).page)).toEqual([2, 2]);
  });
});
