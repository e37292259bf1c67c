import type { Episode, TitleDetail } from '@parde/contract';
import { QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { createQueryClient } from '../../../lib/query-client';
import { fakePagedApi } from '../../../test/paged-api';
import { SeasonsAndEpisodes } from './seasons';

const episode = (season: number, n: number): Episode => ({ id: season * 1000 + n, number: n, nameEn: `Day ${n}`, nameFa: null, year: null, runtime: null, rating: null });
const range = (season: number, from: number, to: number) => Array.from({ length: to - from + 1 }, (_, k) => episode(season, from + k));

// A daily soap as its title page carries it: season 1's first 200 of 230 episodes, none of season 2's 40.
const seasons: TitleDetail['seasons'] = [
  { number: 1, year: 2001, episodeCount: 230, episodes: range(1, 1, 200) },
  { number: 2, year: 2002, episodeCount: 40, episodes: [] },
];

const fake = fakePagedApi((url) => {
  const m = /^\/api\/titles\/7\/seasons\/(\d+)\/episodes$/.exec(url);
  const season = Number(m?.[1]);
  return m ? { total: season === 1 ? 230 : 40, row: (n) => episode(season, n) } : undefined;
});

function renderSeasons() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <SeasonsAndEpisodes titleId={7} seasons={seasons} />
    </QueryClientProvider>,
  );
}

const shown = () => within(screen.getByTestId('episodes')).getAllByTestId('episode');

describe('a season longer than the title page carries', () => {
  it('shows the episodes it has and the count of the rest, and brings them on request without repeating one', async () => {
    renderSeasons();
    expect(screen.getByText('فصل ۱، ۲۳۰ قسمت، سال ۲۰۰۱')).toBeTruthy();
    expect(shown()).toHaveLength(200);
    expect(fake.seen).toHaveLength(0);
    const more = screen.getByTestId('episodes-more');
    expect(more.textContent).toBe('قسمت‌های بیشتر (۳۰ قسمت دیگر)');
    fireEvent.click(more);
    await waitFor(() => expect(shown()).toHaveLength(230));
    // Page 3 of 100 holds episodes 201–230: the page after those it had.
    expect(fake.seen.map((c) => (c.params as { page: number }).page)).toEqual([3]);
    expect(shown().at(-1)!.textContent).toContain('Day 230');
    expect(screen.queryByTestId('episodes-more')).toBeNull();
  });

  it('asks at once for a season the page carries none of, and says so when the answer fails, with a way to try again', async () => {
    fake.failNext = true;
    renderSeasons();
    fireEvent.click(screen.getAllByTestId('season-button')[1]!);
    expect(screen.getByText('فصل ۲، ۴۰ قسمت، سال ۲۰۰۲')).toBeTruthy();
    expect((await screen.findByRole('alert')).textContent).toBe('قسمت‌ها آورده نشد. دوباره امتحان کنید.');
    fireEvent.click(screen.getByTestId('episodes-more'));
    await waitFor(() => expect(shown()).toHaveLength(40));
    expect(fake.seen.map((c) => (c.params as { page: number }).page)).toEqual([1, 1]);
    expect(screen.queryByRole('alert')).toBeNull();
  });
});
