import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import type { AdminPerson, AdminTitleRow } from '@parde/contract';
import { toPersianDigits } from '@parde/persian';
import { useEffect, useState } from 'react';
import { useAdminTitles, usePeople } from '../api/catalogue-api';
import { catalogueMessages as m } from '../messages';

/** The text typed, a moment after the typing stops (one request per pause, not per key). */
function useSettled(value: string, ms = 250): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const t = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(t);
  }, [value, ms]);
  return settled;
}

export const titleLabel = (t: { titleFa: string | null; titleEn: string; year: number | null }) =>
  `${t.titleFa ?? t.titleEn}${t.year ? ` (${toPersianDigits(t.year)})` : ''}`;

/** Finds a title (hidden ones too) by name or id and hands it over; the box empties for the next. */
export function TitlePicker({ onPick, label = m.picker.title, disabled, testId, type }: { onPick: (t: AdminTitleRow) => void; label?: string; disabled?: boolean; testId?: string; type?: 'movie' | 'series' }) {
  const [input, setInput] = useState('');
  const q = useSettled(input.trim());
  const { data, isFetching } = useAdminTitles({ q, type, page: 1 }, q.length >= 2);
  return (
    <Autocomplete<AdminTitleRow>
      size="small"
      sx={{ minWidth: 280, flex: 1 }}
      options={q.length >= 2 ? (data?.data ?? []) : []}
      filterOptions={(x) => x}
      getOptionLabel={(t) => titleLabel(t)}
      renderOption={(props, t) => (
        <li {...props} key={t.id}>
          {titleLabel(t)} — {t.titleEn}
          {!t.published && ` · ${m.picker.hidden}`}
        </li>
      )}
      value={null}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      onChange={(_e, t) => {
        if (t) {
          onPick(t);
          setInput('');
        }
      }}
      loading={isFetching}
      loadingText={m.picker.loading}
      noOptionsText={q.length >= 2 ? m.picker.noOptions : m.picker.titleHint}
      disabled={disabled}
      renderInput={(params) => <TextField {...params} label={label} placeholder={m.picker.titleHint} slotProps={{ ...params.slotProps, htmlInput: { ...params.slotProps.htmlInput, 'data-testid': testId } }} />}
    />
  );
}

export const personLabel = (p: Pick<AdminPerson, 'nameFa' | 'nameEn'>) => (p.nameFa ? `${p.nameFa} (${p.nameEn})` : p.nameEn);

/** Finds a person by name or `nm…` id. */
export function PersonPicker({ value, onChange, label = m.credits.person }: { value: AdminPerson | null; onChange: (p: AdminPerson | null) => void; label?: string }) {
  const [input, setInput] = useState('');
  const q = useSettled(input.trim());
  const { data, isFetching } = usePeople({ q, page: 1 }, q.length >= 2);
  return (
    <Autocomplete<AdminPerson>
      size="small"
      sx={{ minWidth: 260, flex: 1 }}
      options={q.length >= 2 ? (data?.data ?? []) : []}
      filterOptions={(x) => x}
      getOptionLabel={personLabel}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      renderOption={(props, p) => (
        <li {...props} key={p.id}>
          {personLabel(p)}
        </li>
      )}
      value={value}
      inputValue={input}
      onInputChange={(_e, v) => setInput(v)}
      onChange={(_e, p) => onChange(p)}
      loading={isFetching}
      loadingText={m.picker.loading}
      noOptionsText={q.length >= 2 ? m.picker.noOptions : m.credits.personSearch}
      renderInput={(params) => <TextField {...params} label={label} placeholder={m.credits.personSearch} />}
    />
  );
}
