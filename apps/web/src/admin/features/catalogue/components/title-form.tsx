import { JalaliDateField } from '../../components/jalali-date-field';
import Autocomplete from '@mui/material/Autocomplete';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import { ageRatings, type AdminCatalogueOptions, type AdminTitle } from '@parde/contract';
import { toLatinDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { adminMessages } from '../../messages';
import { catalogueMessages } from '../messages';

const m = catalogueMessages.form;

/** The form's values: text as typed, numbers still text until sent. */
export type TitleFormValues = {
  type: 'movie' | 'series';
  title_fa: string;
  title_en: string;
  title_original: string;
  imdb_id: string;
  year: string;
  end_year: string;
  runtime: string;
  age_rating: string;
  release_date: string;
  trailer_youtube_id: string;
  plot_fa: string;
  plot_en: string;
  is_free: boolean;
  coming_soon: boolean;
  expected_date: string;
  genre_ids: number[];
  country_codes: string[];
  language_codes: string[];
};

export const emptyTitle: TitleFormValues = {
  type: 'movie',
  title_fa: '',
  title_en: '',
  title_original: '',
  imdb_id: '',
  year: '',
  end_year: '',
  runtime: '',
  age_rating: '',
  release_date: '',
  trailer_youtube_id: '',
  plot_fa: '',
  plot_en: '',
  is_free: false,
  coming_soon: false,
  expected_date: '',
  genre_ids: [],
  country_codes: [],
  language_codes: [],
};

export function valuesOf(t: AdminTitle): TitleFormValues {
  const s = (v: string | number | null) => (v === null ? '' : String(v));
  return {
    type: t.type,
    title_fa: s(t.titleFa),
    title_en: t.titleEn,
    title_original: s(t.titleOriginal),
    imdb_id: t.localImdbId ? '' : t.imdbId,
    year: s(t.year),
    end_year: s(t.endYear),
    runtime: s(t.runtime),
    age_rating: s(t.ageRating),
    release_date: s(t.releaseDate),
    trailer_youtube_id: s(t.trailerYoutubeId),
    plot_fa: s(t.plotFa),
    plot_en: s(t.plotEn),
    is_free: t.isFree,
    coming_soon: t.comingSoon,
    expected_date: s(t.expectedDate),
    genre_ids: t.genres.map((g) => g.id),
    country_codes: t.countries.map((c) => c.code),
    language_codes: t.languages.map((l) => l.code),
  };
}

/** What the API takes: numbers as numbers (Persian digits accepted), empty text as "none". */
export function bodyOf(v: TitleFormValues, creating: boolean): Record<string, unknown> {
  const num = (s: string) => {
    const t = toLatinDigits(s).trim();
    return t === '' ? null : /^\d+$/.test(t) ? Number(t) : t;
  };
  const text = (s: string) => (s.trim() === '' ? null : s.trim());
  const body: Record<string, unknown> = {
    type: v.type,
    title_fa: v.title_fa.trim(),
    title_en: v.title_en.trim(),
    title_original: text(v.title_original),
    imdb_id: v.imdb_id.trim(),
    year: num(v.year),
    end_year: num(v.end_year),
    runtime: num(v.runtime),
    age_rating: text(v.age_rating),
    release_date: text(v.release_date),
    trailer_youtube_id: v.trailer_youtube_id.trim(),
    plot_fa: text(v.plot_fa),
    plot_en: text(v.plot_en),
    is_free: v.is_free,
    coming_soon: v.coming_soon,
    expected_date: text(v.expected_date),
    genre_ids: v.genre_ids,
    country_codes: v.country_codes,
    language_codes: v.language_codes,
  };
  // A new title sends only what was filled in.
  if (creating) for (const [k, val] of Object.entries(body)) if (val === null || val === '') delete body[k];
  return body;
}

/**
 * The title's fields, create and edit alike. Errors from the API's 422 appear under their
 * fields; controls carry `name`s and `data-testid`s (`admin-title-<field>`) for tests.
 */
export function TitleForm({
  initial,
  options,
  creating,
  saving,
  errors,
  onSubmit,
}: {
  initial: TitleFormValues;
  options: AdminCatalogueOptions | undefined;
  creating: boolean;
  saving: boolean;
  errors: Record<string, string>;
  onSubmit: (values: TitleFormValues) => void;
}) {
  const [v, setV] = useState<TitleFormValues>(initial);
  const set = <K extends keyof TitleFormValues>(k: K, value: TitleFormValues[K]) => setV((x) => ({ ...x, [k]: value }));
  const field = (k: keyof TitleFormValues & string, label: string, extra: Record<string, unknown> = {}, help?: string) => ({
    id: `admin-title-${k}`,
    name: k,
    label,
    value: v[k] as string,
    onChange: (e: { target: { value: string } }) => set(k, e.target.value as never),
    error: Boolean(errors[k]),
    helperText: errors[k] ?? help,
    size: 'small' as const,
    fullWidth: true,
    slotProps: { htmlInput: { 'data-testid': `admin-title-${k}`, ...extra }, inputLabel: { shrink: true } },
  });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSubmit(v);
  };
  const genres = options?.genres ?? [];
  const countries = options?.countries ?? [];
  const languages = options?.languages ?? [];
  const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } };

  return (
    <Box component="form" onSubmit={submit} noValidate data-testid="admin-title-form" aria-label={creating ? m.newHeading : m.sectionMain} sx={{ display: 'grid', gap: 2 }}>
      <Box sx={grid}>
        <TextField {...field('type', m.type)} select slotProps={{ ...field('type', m.type).slotProps, select: { native: true } }}>
          <option value="movie">{catalogueMessages.types.movie}</option>
          <option value="series">{catalogueMessages.types.series}</option>
        </TextField>
        <TextField {...field('imdb_id', m.imdbId, { dir: 'ltr' }, m.imdbHelp)} />
        <TextField {...field('title_fa', m.titleFa)} required />
        <TextField {...field('title_en', m.titleEn, { dir: 'ltr' })} required />
        <TextField {...field('title_original', m.titleOriginal, { dir: 'auto' })} />
        <TextField {...field('age_rating', m.ageRating)} select slotProps={{ ...field('age_rating', m.ageRating).slotProps, select: { native: true } }}>
          <option value="">{m.noAgeRating}</option>
          {ageRatings.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </TextField>
        <TextField {...field('year', m.year, { inputMode: 'numeric' })} />
        <TextField {...field('end_year', m.endYear, { inputMode: 'numeric' })} />
        <TextField {...field('runtime', m.runtime, { inputMode: 'numeric' })} />
        <JalaliDateField name="release_date" label={m.releaseDate} value={v.release_date} onChange={(d) => set('release_date', d)} error={errors.release_date} testId="admin-title-release_date" fullWidth />
        <TextField {...field('trailer_youtube_id', m.trailer, { dir: 'ltr' }, m.trailerHelp)} />
      </Box>
      <Box sx={grid}>
        <Autocomplete
          multiple
          size="small"
          options={genres.map((g) => g.id)}
          getOptionLabel={(id) => genres.find((g) => g.id === id)?.nameFa ?? String(id)}
          value={v.genre_ids}
          onChange={(_e, ids) => set('genre_ids', ids)}
          renderInput={(p) => <TextField {...p} label={m.genres} error={Boolean(errors.genre_ids)} helperText={errors.genre_ids} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'admin-title-genres' } }} />}
        />
        <Autocomplete
          multiple
          size="small"
          options={countries.map((c) => c.code)}
          getOptionLabel={(code) => countries.find((c) => c.code === code)?.nameFa ?? code}
          value={v.country_codes}
          onChange={(_e, codes) => set('country_codes', codes)}
          renderInput={(p) => <TextField {...p} label={m.countries} error={Boolean(errors.country_codes)} helperText={errors.country_codes} slotProps={{ ...p.slotProps, htmlInput: { ...p.slotProps.htmlInput, 'data-testid': 'admin-title-countries' } }} />}
        />
        <Autocomplete
          multiple
          size="small"
          options={languages.map((l) => l.code)}
          getOptionLabel={(code) => languages.find((l) => l.code === code)?.nameFa ?? code}
          value={v.language_codes}
          onChange={(_e, codes) => set('language_codes', codes)}
          renderInput={(p) => <TextField {...p} label={m.languages} error={Boolean(errors.language_codes)} helperText={errors.language_codes} />}
        />
      </Box>
      <TextField {...field('plot_fa', m.plotFa)} multiline minRows={3} />
      <TextField {...field('plot_en', m.plotEn, { dir: 'ltr' })} multiline minRows={3} />
      <Box sx={{ display: 'flex', gap: 2, flexWrap: 'wrap', alignItems: 'center' }}>
        <FormControlLabel control={<Checkbox name="is_free" checked={v.is_free} onChange={(e) => set('is_free', e.target.checked)} slotProps={{ input: { 'data-testid': 'admin-title-is_free' } as object }} />} label={m.isFree} />
        <FormControlLabel
          control={<Checkbox name="coming_soon" checked={v.coming_soon} onChange={(e) => set('coming_soon', e.target.checked)} slotProps={{ input: { 'data-testid': 'admin-title-coming_soon' } as object }} />}
          label={m.comingSoon}
        />
        {(v.coming_soon || errors.expected_date) && (
          <JalaliDateField name="expected_date" label={m.expectedDate} value={v.expected_date} onChange={(d) => set('expected_date', d)} error={errors.expected_date} testId="admin-title-expected_date" />
        )}
      </Box>
      <Box>
        <Button type="submit" variant="contained" disabled={saving} data-testid="admin-title-save">
          {saving ? adminMessages.saving : creating ? m.create : m.save}
        </Button>
      </Box>
    </Box>
  );
}
