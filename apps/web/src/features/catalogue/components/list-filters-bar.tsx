import CloseIcon from '@mui/icons-material/Close';
import RecordVoiceOverIcon from '@mui/icons-material/RecordVoiceOver';
import SearchIcon from '@mui/icons-material/Search';
import TuneIcon from '@mui/icons-material/Tune';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import IconButton from '@mui/material/IconButton';
import { toPersianDigits } from '@parde/persian';
import { useId, useState } from 'react';
import { desktopMedia, mobileMedia } from '../../../theme/media';
import { useCountries } from '../api/get-countries';
import { useGenres } from '../api/get-genres';
import { MAX_YEAR, ORDER_OPTIONS, TYPE_OPTIONS, type FixedFilters, type ListFilters } from '../lib/list-filters';
import { messages } from '../messages';
import { controlSx, FilterSelect, ToggleChip } from './filter-controls';

const t = messages.filters;
const FIRST_YEAR = 1920;

function yearOptions(): { value: string; label: string }[] {
  const last = Math.min(new Date().getFullYear() + 2, MAX_YEAR);
  const years: { value: string; label: string }[] = [{ value: '', label: t.anyYear }];
  for (let y = last; y >= FIRST_YEAR; y--) years.push({ value: String(y), label: toPersianDigits(y) });
  return years;
}

type Props = {
  filters: ListFilters;
  fixed: FixedFilters;
  onChange: (patch: Partial<ListFilters>) => void;
};

/**
 * The list's controls. Every change goes to the URL (through `onChange`), so links, reloads
 * and the back button show the same list. On a phone the less used ones fold away.
 */
export function ListFiltersBar({ filters, fixed, onChange }: Props) {
  const [open, setOpen] = useState(false);
  const moreId = useId();
  const genres = useGenres();
  const countries = useCountries();
  const years = yearOptions();

  const genreOptions = [{ value: '', label: t.anyGenre }, ...(genres.data ?? []).map((g) => ({ value: g.slug, label: g.nameFa }))];
  if (filters.genre && !genreOptions.some((o) => o.value === filters.genre)) genreOptions.push({ value: filters.genre, label: filters.genre });
  const countryOptions = [{ value: '', label: t.anyCountry }, ...(countries.data ?? []).map((c) => ({ value: c.code, label: c.nameFa }))];
  if (filters.country && !countryOptions.some((o) => o.value === filters.country)) countryOptions.push({ value: filters.country, label: filters.country });
  const moreCount = [filters.genre !== null, filters.country !== null, filters.yearFrom !== null, filters.yearTo !== null, filters.dubbed].filter(Boolean).length;

  return (
    <Box role="search" aria-label={t.region} data-testid="list-filters" sx={{ display: 'flex', flexDirection: 'column', gap: 1.5 }}>
      <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-end' }}>
        <SearchField key={filters.q} initial={filters.q} onSubmit={(q) => onChange({ q })} />
        {!fixed.type && (
          <Box role="group" aria-label={messages.type.label} sx={{ display: 'flex', gap: 0.5 }}>
            {TYPE_OPTIONS.map((type) => (
              <ToggleChip key={type} pressed={filters.type === type} onClick={() => onChange({ type })} testId={`type-${type}`}>
                {messages.type[type]}
              </ToggleChip>
            ))}
          </Box>
        )}
        <Box sx={{ width: { xs: 'calc(50% - 4px)', sm: 170 }, [mobileMedia]: { flex: 1 } }}>
          <FilterSelect
            label={messages.order.label}
            value={filters.orderBy}
            testId="order-by"
            options={ORDER_OPTIONS.map((o) => ({ value: o, label: messages.order[o] }))}
            onChange={(v) => onChange({ orderBy: v as ListFilters['orderBy'] })}
          />
        </Box>
        <Button
          variant="outlined"
          color="inherit"
          startIcon={<TuneIcon />}
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen((o) => !o)}
          sx={{ height: 40, borderColor: 'divider', [desktopMedia]: { display: 'none' } }}
        >
          {open ? t.less : t.more}
          {moreCount > 0 && !open && ` (${toPersianDigits(moreCount)})`}
        </Button>
      </Box>
      <Box
        id={moreId}
        data-testid="more-filters"
        sx={{
          display: 'grid',
          gap: 1,
          alignItems: 'end',
          gridTemplateColumns: 'repeat(2, minmax(0, 1fr))',
          [mobileMedia]: { display: open ? 'grid' : 'none' },
          [desktopMedia]: { gridTemplateColumns: 'repeat(4, minmax(0, 170px)) auto', justifyContent: 'start' },
        }}
      >
        <FilterSelect label={t.genre} value={filters.genre ?? ''} options={genreOptions} testId="genre" onChange={(v) => onChange({ genre: v || null })} />
        <FilterSelect label={t.country} value={filters.country ?? ''} options={countryOptions} testId="country" onChange={(v) => onChange({ country: v || null })} />
        <FilterSelect label={t.yearFrom} value={filters.yearFrom === null ? '' : String(filters.yearFrom)} options={years} testId="year-from" onChange={(v) => onChange({ yearFrom: v ? Number(v) : null })} />
        <FilterSelect label={t.yearTo} value={filters.yearTo === null ? '' : String(filters.yearTo)} options={years} testId="year-to" onChange={(v) => onChange({ yearTo: v ? Number(v) : null })} />
        <ToggleChip pressed={filters.dubbed} onClick={() => onChange({ dubbed: !filters.dubbed })} testId="dubbed-toggle">
          <RecordVoiceOverIcon fontSize="small" aria-hidden="true" />
          {t.dubbed}
        </ToggleChip>
      </Box>
    </Box>
  );
}

/** Free text: applied on Enter or the search button, so each letter is not a history entry. */
function SearchField({ initial, onSubmit }: { initial: string; onSubmit: (q: string) => void }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <Box
      component="form"
      onSubmit={(e: React.FormEvent) => {
        e.preventDefault();
        onSubmit(value.trim());
      }}
      sx={{ display: 'flex', flexDirection: 'column', gap: 0.5, flex: { xs: '1 1 100%', md: '0 1 300px' } }}
    >
      <Box component="label" htmlFor={id} sx={{ fontSize: '0.75rem', color: 'text.secondary' }}>
        {t.search}
      </Box>
      <Box sx={{ position: 'relative', display: 'flex' }}>
        <Box
          component="input"
          id={id}
          type="search"
          enterKeyHint="search"
          value={value}
          maxLength={100}
          placeholder={t.searchPlaceholder}
          onChange={(e: React.ChangeEvent<HTMLInputElement>) => setValue(e.target.value)}
          data-testid="list-search"
          sx={{ ...controlSx, paddingInlineEnd: value ? 9 : 5, '&::-webkit-search-cancel-button': { display: 'none' } }}
        />
        <Box sx={{ position: 'absolute', insetInlineEnd: 2, top: 0, bottom: 0, display: 'flex', alignItems: 'center' }}>
          {value && (
            <IconButton
              size="small"
              aria-label={t.removeChip(t.search)}
              onClick={() => {
                setValue('');
                if (initial) onSubmit('');
              }}
            >
              <CloseIcon fontSize="small" />
            </IconButton>
          )}
          <IconButton type="submit" size="small" aria-label={t.searchSubmit}>
            <SearchIcon fontSize="small" />
          </IconButton>
        </Box>
      </Box>
    </Box>
  );
}

/** The narrowing filters in force, each removable, and one action to drop them all. */
export function ActiveFilterChips({ filters, fixed, onChange, onClear, genreName, countryName }: Props & { onClear: () => void; genreName?: string; countryName?: string }) {
  const chips: { key: string; label: string; patch: Partial<ListFilters> }[] = [];
  if (filters.q) chips.push({ key: 'q', label: t.query(filters.q), patch: { q: '' } });
  if (!fixed.type && filters.type !== 'all') chips.push({ key: 'type', label: messages.type[filters.type], patch: { type: 'all' } });
  if (filters.dubbed) chips.push({ key: 'dubbed', label: t.dubbed, patch: { dubbed: false } });
  if (filters.genre) chips.push({ key: 'genre', label: `${t.genre}: ${genreName ?? filters.genre}`, patch: { genre: null } });
  if (filters.country) chips.push({ key: 'country', label: `${t.country}: ${countryName ?? filters.country}`, patch: { country: null } });
  if (filters.yearFrom !== null) chips.push({ key: 'yearFrom', label: `${t.yearFrom} ${toPersianDigits(filters.yearFrom)}`, patch: { yearFrom: null } });
  if (filters.yearTo !== null) chips.push({ key: 'yearTo', label: `${t.yearTo} ${toPersianDigits(filters.yearTo)}`, patch: { yearTo: null } });
  if (chips.length === 0) return null;
  return (
    <Box component="ul" aria-label={t.active} data-testid="active-filters" sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, listStyle: 'none', m: 0, p: 0, alignItems: 'center' }}>
      {chips.map((c) => (
        <li key={c.key}>
          <Box
            component="button"
            type="button"
            onClick={() => onChange(c.patch)}
            aria-label={t.removeChip(c.label)}
            sx={{ ...controlSx, height: 32, width: 'auto', display: 'inline-flex', alignItems: 'center', gap: 0.5, borderRadius: 4, px: 1.25, cursor: 'pointer', fontSize: '0.82rem' }}
          >
            {c.label}
            <CloseIcon sx={{ fontSize: 16 }} aria-hidden="true" />
          </Box>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <Button size="small" color="inherit" onClick={onClear} sx={{ textDecoration: 'underline' }}>
            {t.clear}
          </Button>
        </li>
      )}
    </Box>
  );
}
