import { toPersianDigits } from '@parde/persian';
import CloseIcon from 'plain-icon:Close';
import RecordVoiceOverIcon from 'plain-icon:RecordVoiceOver';
import SearchIcon from 'plain-icon:Search';
import TuneIcon from 'plain-icon:Tune';
import { useId, useState } from 'react';
import { useCountries } from '../api/get-countries';
import { useGenres } from '../api/get-genres';
import { MAX_YEAR, ORDER_OPTIONS, TYPE_OPTIONS, type FixedFilters, type ListFilters } from '../lib/list-filters';
import { messages } from '../messages';
import { FilterSelect, ToggleChip } from './filter-controls';

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
 * Plain elements styled by theme/catalogue.css (.p-filters).
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
    <div role="search" aria-label={t.region} data-testid="list-filters" className="p-filters">
      <div className="p-filters__row">
        <SearchField key={filters.q} initial={filters.q} onSubmit={(q) => onChange({ q })} />
        {!fixed.type && (
          <div role="group" aria-label={messages.type.label} className="p-filters__types">
            {TYPE_OPTIONS.map((type) => (
              <ToggleChip key={type} pressed={filters.type === type} onClick={() => onChange({ type })} testId={`type-${type}`}>
                {messages.type[type]}
              </ToggleChip>
            ))}
          </div>
        )}
        <div className="p-filters__order">
          <FilterSelect
            label={messages.order.label}
            value={filters.orderBy}
            testId="order-by"
            options={ORDER_OPTIONS.map((o) => ({ value: o, label: messages.order[o] }))}
            onChange={(v) => onChange({ orderBy: v as ListFilters['orderBy'] })}
          />
        </div>
        <button
          type="button"
          aria-expanded={open}
          aria-controls={moreId}
          onClick={() => setOpen((o) => !o)}
          className="p-btn p-btn--outlined p-btn--inherit p-filters__toggle-more"
        >
          <TuneIcon className="p-start-icon" />
          {open ? t.less : t.more}
          {moreCount > 0 && !open && ` (${toPersianDigits(moreCount)})`}
        </button>
      </div>
      <div id={moreId} data-testid="more-filters" className={open ? 'p-filters__more p-filters__more--open' : 'p-filters__more'}>
        <FilterSelect label={t.genre} value={filters.genre ?? ''} options={genreOptions} testId="genre" onChange={(v) => onChange({ genre: v || null })} />
        <FilterSelect label={t.country} value={filters.country ?? ''} options={countryOptions} testId="country" onChange={(v) => onChange({ country: v || null })} />
        <FilterSelect label={t.yearFrom} value={filters.yearFrom === null ? '' : String(filters.yearFrom)} options={years} testId="year-from" onChange={(v) => onChange({ yearFrom: v ? Number(v) : null })} />
        <FilterSelect label={t.yearTo} value={filters.yearTo === null ? '' : String(filters.yearTo)} options={years} testId="year-to" onChange={(v) => onChange({ yearTo: v ? Number(v) : null })} />
        <ToggleChip pressed={filters.dubbed} onClick={() => onChange({ dubbed: !filters.dubbed })} testId="dubbed-toggle">
          <RecordVoiceOverIcon fontSize="small" aria-hidden="true" />
          {t.dubbed}
        </ToggleChip>
      </div>
    </div>
  );
}

/** Free text: applied on Enter or the search button, so each letter is not a history entry. */
function SearchField({ initial, onSubmit }: { initial: string; onSubmit: (q: string) => void }) {
  const id = useId();
  const [value, setValue] = useState(initial);
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        onSubmit(value.trim());
      }}
      className="p-search"
    >
      <label htmlFor={id} className="p-field__label">
        {t.search}
      </label>
      <div className="p-search__box">
        <input
          id={id}
          type="search"
          enterKeyHint="search"
          value={value}
          maxLength={100}
          placeholder={t.searchPlaceholder}
          onChange={(e) => setValue(e.target.value)}
          data-testid="list-search"
          className={value ? 'p-control p-search__input p-search__input--filled' : 'p-control p-search__input'}
        />
        <div className="p-search__actions">
          {value && (
            <button
              type="button"
              aria-label={t.removeChip(t.search)}
              onClick={() => {
                setValue('');
                if (initial) onSubmit('');
              }}
              className="p-icon-btn p-icon-btn--small p-search__btn"
            >
              <CloseIcon fontSize="small" />
            </button>
          )}
          <button type="submit" aria-label={t.searchSubmit} className="p-icon-btn p-icon-btn--small p-search__btn">
            <SearchIcon fontSize="small" />
          </button>
        </div>
      </div>
    </form>
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
    <ul aria-label={t.active} data-testid="active-filters" className="p-active-filters">
      {chips.map((c) => (
        <li key={c.key}>
          <button type="button" onClick={() => onChange(c.patch)} aria-label={t.removeChip(c.label)} className="p-control p-filter-chip">
            {c.label}
            <CloseIcon aria-hidden="true" className="p-filter-chip__icon" />
          </button>
        </li>
      ))}
      {chips.length > 1 && (
        <li>
          <button type="button" onClick={onClear} className="p-btn p-btn--small p-btn--inherit p-filters__clear p-mid">
            {t.clear}
          </button>
        </li>
      )}
    </ul>
  );
}
