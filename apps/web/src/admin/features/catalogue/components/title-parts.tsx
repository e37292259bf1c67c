import DeleteIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { AdminCredit, AdminDub, AdminEpisode, AdminPerson, AdminSeason, AdminTitle } from '@parde/contract';
import { toLatinDigits, toPersianDigits } from '@parde/persian';
import { useState, type FormEvent, type ReactNode } from 'react';
import { api, type AsTyped } from '../../../../lib/api-client';
import { useCatalogueChange } from '../api/catalogue-api';
import { catalogueMessages } from '../messages';
import { PersonPicker, personLabel } from './pickers';
import { SortableList } from './sortable-list';

const num = (s: string) => {
  const t = toLatinDigits(s).trim();
  return t === '' ? null : /^\d+$/.test(t) ? Number(t) : t;
};
const str = (v: number | string | null | undefined) => (v === null || v === undefined ? '' : String(v));

export function Section({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <Paper variant="outlined" component="section" aria-label={title} data-testid={testId} sx={{ p: 2, display: 'grid', gap: 1.5 }}>
      <Typography variant="h6" component="h2" sx={{ fontWeight: 700, fontSize: '1.05rem' }}>
        {title}
      </Typography>
      {children}
    </Paper>
  );
}

/* Seasons and episodes */

const s = catalogueMessages.seasons;

function EpisodeRow({ e }: { e: AdminEpisode }) {
  const [v, setV] = useState({ episode_number: str(e.episodeNumber), name_fa: str(e.nameFa), name_en: str(e.nameEn), year: str(e.year), runtime: str(e.runtime) });
  const save = useCatalogueChange(() => api.patch('/api/admin/episodes/{id}', {
    path: { id: e.id },
    body: { episode_number: num(v.episode_number), name_fa: v.name_fa, name_en: v.name_en, year: num(v.year), runtime: num(v.runtime) } as AsTyped,
  }), { success: catalogueMessages.saved });
  const remove = useCatalogueChange(() => api.delete('/api/admin/episodes/{id}', { path: { id: e.id } }), { success: catalogueMessages.removed });
  const input = (k: keyof typeof v, label: string, width: number) => (
    <TextField size="small" label={label} value={v[k]} onChange={(ev) => setV((x) => ({ ...x, [k]: ev.target.value }))} sx={{ width }} />
  );
  return (
    <Box component="form" onSubmit={(ev: FormEvent) => (ev.preventDefault(), save.mutate())} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }} data-testid="admin-episode">
      {input('episode_number', s.episodeNumber, 100)}
      {input('name_fa', s.nameFa, 200)}
      {input('name_en', s.nameEn, 200)}
      {input('year', s.year, 90)}
      {input('runtime', s.runtime, 110)}
      {e.hasVideo && <Chip size="small" color="info" label={s.hasVideo} />}
      <Button color="inherit" type="submit" size="small" disabled={save.isPending}>
        {s.saveEpisode}
      </Button>
      <IconButton size="small" aria-label={s.deleteEpisode} disabled={remove.isPending || e.hasVideo} onClick={() => window.confirm(s.deleteEpisodeConfirm) && remove.mutate()}>
        <DeleteIcon fontSize="small" />
      </IconButton>
    </Box>
  );
}

function NewEpisode({ titleId, season }: { titleId: number; season: number }) {
  const next = '';
  const [v, setV] = useState({ episode_number: next, name_fa: '', name_en: '', runtime: '' });
  const add = useCatalogueChange(
    () => api.post('/api/admin/titles/{id}/episodes', { path: { id: titleId }, body: { season_number: season, episode_number: num(v.episode_number), name_fa: v.name_fa, name_en: v.name_en, runtime: num(v.runtime) } as AsTyped }),
    { success: catalogueMessages.saved },
  );
  return (
    <Box
      component="form"
      onSubmit={(ev: FormEvent) => {
        ev.preventDefault();
        add.mutate(undefined, { onSuccess: () => setV({ episode_number: '', name_fa: '', name_en: '', runtime: '' }) });
      }}
      sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
    >
      <TextField size="small" label={s.episodeNumber} value={v.episode_number} onChange={(e) => setV((x) => ({ ...x, episode_number: e.target.value }))} sx={{ width: 100 }} required />
      <TextField size="small" label={s.nameFa} value={v.name_fa} onChange={(e) => setV((x) => ({ ...x, name_fa: e.target.value }))} sx={{ width: 200 }} />
      <TextField size="small" label={s.nameEn} value={v.name_en} onChange={(e) => setV((x) => ({ ...x, name_en: e.target.value }))} sx={{ width: 200 }} />
      <TextField size="small" label={s.runtime} value={v.runtime} onChange={(e) => setV((x) => ({ ...x, runtime: e.target.value }))} sx={{ width: 110 }} />
      <Button color="inherit" type="submit" variant="outlined" size="small" disabled={add.isPending}>
        {s.addEpisode}
      </Button>
    </Box>
  );
}

function SeasonBlock({ titleId, season }: { titleId: number; season: AdminSeason }) {
  const [v, setV] = useState({ number: str(season.number), year: str(season.year) });
  const save = useCatalogueChange(() => api.patch('/api/admin/seasons/{id}', { path: { id: season.id }, body: { number: num(v.number), year: num(v.year) } as AsTyped }), { success: catalogueMessages.saved });
  const remove = useCatalogueChange(() => api.delete('/api/admin/seasons/{id}', { path: { id: season.id } }), { success: catalogueMessages.removed });
  return (
    <Paper variant="outlined" sx={{ p: 1.5, display: 'grid', gap: 1 }} data-testid="admin-season">
      <Box component="form" onSubmit={(e: FormEvent) => (e.preventDefault(), save.mutate())} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <Typography sx={{ fontWeight: 700 }}>{s.season(toPersianDigits(season.number))}</Typography>
        <TextField size="small" label={s.number} value={v.number} onChange={(e) => setV((x) => ({ ...x, number: e.target.value }))} sx={{ width: 110 }} />
        <TextField size="small" label={s.year} value={v.year} onChange={(e) => setV((x) => ({ ...x, year: e.target.value }))} sx={{ width: 100 }} />
        <Button color="inherit" type="submit" size="small" disabled={save.isPending}>
          {s.saveSeason}
        </Button>
        <Button size="small" color="inherit" sx={{ color: "error.light" }} disabled={remove.isPending} onClick={() => window.confirm(s.deleteSeasonConfirm) && remove.mutate()}>
          {s.deleteSeason}
        </Button>
      </Box>
      {season.episodes.length === 0 ? <Typography color="text.secondary">{s.noEpisodes}</Typography> : season.episodes.map((e) => <EpisodeRow key={`${e.id}-${e.seasonNumber}-${e.episodeNumber}`} e={e} />)}
      <NewEpisode titleId={titleId} season={season.number} />
    </Paper>
  );
}

export function SeasonsEditor({ title }: { title: AdminTitle }) {
  const [v, setV] = useState({ number: '', year: '' });
  const add = useCatalogueChange(() => api.post('/api/admin/titles/{id}/seasons', { path: { id: title.id }, body: { number: num(v.number), year: num(v.year) } as AsTyped }), { success: catalogueMessages.saved });
  return (
    <Section title={s.heading} testId="admin-title-seasons">
      {title.seasons.length === 0 && <Typography color="text.secondary">{s.none}</Typography>}
      {title.seasons.map((season) => (
        <SeasonBlock key={`${season.id}-${season.number}-${season.year}`} titleId={title.id} season={season} />
      ))}
      <Box
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate(undefined, { onSuccess: () => setV({ number: '', year: '' }) });
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <TextField size="small" label={s.number} value={v.number} onChange={(e) => setV((x) => ({ ...x, number: e.target.value }))} sx={{ width: 110 }} required />
        <TextField size="small" label={s.year} value={v.year} onChange={(e) => setV((x) => ({ ...x, year: e.target.value }))} sx={{ width: 100 }} />
        <Button color="inherit" type="submit" variant="outlined" disabled={add.isPending} data-testid="admin-season-add">
          {s.addSeason}
        </Button>
      </Box>
    </Section>
  );
}

/* Credits */

const c = catalogueMessages.credits;

function CharacterField({ titleId, credit }: { titleId: number; credit: AdminCredit }) {
  const [value, setValue] = useState(credit.character ?? '');
  const save = useCatalogueChange(() => api.patch('/api/admin/titles/{id}/credits/{personId}/{role}', { path: { id: titleId, personId: credit.personId, role: credit.role }, body: { character: value } }), { success: catalogueMessages.saved });
  return (
    <Box component="form" onSubmit={(e: FormEvent) => (e.preventDefault(), save.mutate())} sx={{ display: 'flex', gap: 0.5 }}>
      <TextField size="small" label={c.character} value={value} onChange={(e) => setValue(e.target.value)} sx={{ width: 180 }} />
      <Button color="inherit" type="submit" size="small" disabled={save.isPending || value === (credit.character ?? '')}>
        {c.saveCharacter}
      </Button>
    </Box>
  );
}

export function CreditsEditor({ title }: { title: AdminTitle }) {
  const [person, setPerson] = useState<AdminPerson | null>(null);
  const [role, setRole] = useState<'actor' | 'director' | 'writer'>('actor');
  const [character, setCharacter] = useState('');
  const add = useCatalogueChange(() => api.post('/api/admin/titles/{id}/credits', { path: { id: title.id }, body: { person_id: person?.id, role, character } as AsTyped }), { success: catalogueMessages.saved });
  const reorder = useCatalogueChange(({ role: r, ids }: { role: string; ids: number[] }) => api.put('/api/admin/titles/{id}/credits/order', { path: { id: title.id }, body: { role: r, person_ids: ids } as AsTyped }), {
    success: catalogueMessages.sortable.reordered,
  });
  const remove = useCatalogueChange(({ role: r, personId }: { role: string; personId: number }) => api.delete('/api/admin/titles/{id}/credits/{personId}/{role}', { path: { id: title.id, personId, role: r } }), {
    success: catalogueMessages.removed,
  });
  return (
    <Section title={c.heading} testId="admin-title-credits">
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {catalogueMessages.sortable.dragHint}
      </Typography>
      {(['director', 'writer', 'actor'] as const).map((r) => {
        const list = title.credits.filter((x) => x.role === r);
        return (
          <Box key={r}>
            <Typography sx={{ fontWeight: 700, mb: 0.5 }}>{catalogueMessages.roles[r]}</Typography>
            {list.length === 0 ? (
              <Typography color="text.secondary">{c.none}</Typography>
            ) : (
              <SortableList
                label={catalogueMessages.roles[r]!}
                items={list.map((x) => ({ id: x.personId, label: personLabel(x), detail: r === 'actor' && x.character ? x.character : undefined }))}
                disabled={reorder.isPending}
                onReorder={(ids) => reorder.mutate({ role: r, ids })}
                onRemove={(personId) => remove.mutate({ role: r, personId })}
                extra={r === 'actor' ? (item) => <CharacterField key={`${item.id}-${list.find((x) => x.personId === item.id)?.character}`} titleId={title.id} credit={list.find((x) => x.personId === item.id)!} /> : undefined}
              />
            )}
          </Box>
        );
      })}
      <Box
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate(undefined, {
            onSuccess: () => {
              setPerson(null);
              setCharacter('');
            },
          });
        }}
        sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'center' }}
      >
        <PersonPicker value={person} onChange={setPerson} />
        <TextField select size="small" label={c.role} value={role} onChange={(e) => setRole(e.target.value as typeof role)} sx={{ width: 130 }}>
          {(['actor', 'director', 'writer'] as const).map((r) => (
            <MenuItem key={r} value={r}>
              {catalogueMessages.role[r]}
            </MenuItem>
          ))}
        </TextField>
        {role === 'actor' && <TextField size="small" label={c.character} value={character} onChange={(e) => setCharacter(e.target.value)} sx={{ width: 180 }} />}
        <Button color="inherit" type="submit" variant="outlined" disabled={!person || add.isPending}>
          {c.add}
        </Button>
      </Box>
    </Section>
  );
}

/* Dub editions */

const d = catalogueMessages.dubs;

function DubRow({ dub }: { dub: AdminDub }) {
  const [studio, setStudio] = useState(dub.studio);
  const save = useCatalogueChange(() => api.patch('/api/admin/dubs/{id}', { path: { id: dub.id }, body: { studio } }), { success: catalogueMessages.saved });
  const remove = useCatalogueChange(() => api.delete('/api/admin/dubs/{id}', { path: { id: dub.id } }), { success: catalogueMessages.removed });
  return (
    <Box component="form" onSubmit={(e: FormEvent) => (e.preventDefault(), save.mutate())} sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }} data-testid="admin-dub">
      <TextField size="small" label={d.studio} value={studio} onChange={(e) => setStudio(e.target.value)} />
      <Chip size="small" label={dub.language} />
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {d.files(toPersianDigits(dub.files))}
      </Typography>
      <Button color="inherit" type="submit" size="small" disabled={save.isPending || studio === dub.studio}>
        {d.save}
      </Button>
      <Button size="small" color="inherit" sx={{ color: "error.light" }} disabled={remove.isPending || dub.files > 0} onClick={() => remove.mutate()}>
        {d.remove}
      </Button>
    </Box>
  );
}

export function DubsEditor({ title }: { title: AdminTitle }) {
  const [studio, setStudio] = useState('');
  const add = useCatalogueChange(() => api.post('/api/admin/titles/{id}/dubs', { path: { id: title.id }, body: { studio } }), { success: catalogueMessages.saved });
  return (
    <Section title={d.heading} testId="admin-title-dubs">
      {title.dubs.length === 0 && <Typography color="text.secondary">{d.none}</Typography>}
      {title.dubs.map((dub) => (
        <DubRow key={`${dub.id}-${dub.studio}`} dub={dub} />
      ))}
      <Box
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          add.mutate(undefined, { onSuccess: () => setStudio('') });
        }}
        sx={{ display: 'flex', gap: 1, alignItems: 'center' }}
      >
        <TextField size="small" label={d.studio} value={studio} onChange={(e) => setStudio(e.target.value)} required />
        <Button color="inherit" type="submit" variant="outlined" disabled={!studio.trim() || add.isPending}>
          {d.add}
        </Button>
      </Box>
    </Section>
  );
}
