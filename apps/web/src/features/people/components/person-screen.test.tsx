import type { FilmographyItem, PersonDetail } from '@parde/contract';
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

// A voice actor as their page carries them: the first 60 of 130 voices, and all 3 films directed.
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
  filmography: { actor: range(1, 60), director: range(500, 502), writer: [] },
  filmographyCounts: { actor: 130, director: 3, writer: 0 },
} satisfies PersonDetail;

const fake = fakePagedApi((url) => (url === '/api/people/9/credits' ? { total: 130, row: item } : undefined));

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
    expect(cards()).toHaveLength(60);
    expect(fake.seen).toHaveLength(0);
    const more = screen.getByTestId('credits-more');
    expect(more.textContent).toBe('آثار بیشتر (۷۰ اثر دیگر)');
    fireEvent.click(more);
    await waitFor(() => expect(cards()).toHaveLength(120));
    expect(screen.getByTestId('credits-more').textContent).toBe('آثار بیشتر (۱۰ اثر دیگر)');
    fireEvent.click(screen.getByTestId('credits-more'));
    await waitFor(() => expect(cards()).toHaveLength(130));
    // Page 2 of 60 holds titles 61–120: the page after those it had.
    expect(fake.seen.map((c) => (c.params as { page: number; role: string })).map((p) => `${p.role} ${p.page}`)).toEqual(['actor 2', 'actor 3']);
    expect(screen.queryByTestId('credits-more')).toBeNull();
    // A role the page carries whole asks for nothing.
    fireEvent.click(screen.getByTestId('role-director'));
    expect(cards()).toHaveLength(3);
    expect(screen.queryByTestId('credits-more')).toBeNull();
    expect(fake.seen).toHaveLength(2);
  });

  it('says so in Persian when a page fails, and the same button tries again', async () => {
    fake.failNext = true;
    renderFilmography();
    fireEvent.click(screen.getByTestId('credits-more'));
    expect((await screen.findByRole('alert')).textContent).toBe('آثار آورده نشد. دوباره امتحان کنید.');
    expect(cards()).toHaveLength(60);
    fireEvent.click(screen.getByTestId('credits-more'));
    await waitFor(() => expect(cards()).toHaveLength(120));
    expect(fake.seen.map((c) => (c.params as { page: number }).page)).toEqual([2, 2]);
  });
});
