import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemButton from '@mui/material/ListItemButton';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { professions, type AdminCollectionDetail, type AdminGenre, type AdminPerson, type SlideshowPlacement } from '@parde/contract';
import { toLatinDigits, toPersianDigits } from '@parde/persian';
import { useState, type FormEvent } from 'react';
import { useSearchParams } from 'react-router';
import { EmptyState } from '../../../../components/empty-state';
import { fieldErrorsOf } from '../../../../lib/field-errors';
import { ProgressBar } from '../../../../components/progress-bar';
import { api, type AsTyped } from '../../../../lib/api-client';
import { AdminPage } from '../../components/admin-page';
import { adminMessages } from '../../messages';
import { useCatalogueChange, useCollection, useCollections, useGenres, usePeople, useSlideshow } from '../api/catalogue-api';
import { catalogueMessages } from '../messages';
import { TitlePicker, titleLabel } from './pickers';
import { SortableList } from './sortable-list';
import { Section } from './title-parts';

const TABS = ['genres', 'collections', 'slideshow', 'people'] as const;
type TabKey = (typeof TABS)[number];

/* Genres */

const g = catalogueMessages.genres;

function GenreRow({ genre }: { genre: AdminGenre }) {
  const [v, setV] = useState({ name_fa: genre.nameFa, name_en: genre.nameEn });
  const save = useCatalogueChange(() => api.patch('/api/admin/genres/{id}', { path: { id: genre.id }, body: v }), { success: catalogueMessages.saved });
  const remove = useCatalogueChange(() => api.delete('/api/admin/genres/{id}', { path: { id: genre.id } }), { success: catalogueMessages.removed });
  const changed = v.name_fa !== genre.nameFa || v.name_en !== genre.nameEn;
  return (
    <TableRow data-testid="admin-genre">
      <TableCell>
        <TextField size="small" label={g.nameFa} value={v.name_fa} onChange={(e) => setV((x) => ({ ...x, name_fa: e.target.value }))} />
      </TableCell>
      <TableCell>
        <TextField size="small" label={g.nameEn} value={v.name_en} onChange={(e) => setV((x) => ({ ...x, name_en: e.target.value }))} slotProps={{ htmlInput: { dir: 'ltr' } }} />
      </TableCell>
      <TableCell dir="ltr">{genre.slug}</TableCell>
      <TableCell>{toPersianDigits(genre.titleCount)}</TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        <Button color="inherit" size="small" disabled={!changed || save.isPending} onClick={() => save.mutate()}>
          {g.save}
        </Button>
        <Button size="small" color="inherit" sx={{ color: "error.light" }} disabled={genre.titleCount > 0 || remove.isPending} title={genre.titleCount > 0 ? g.inUse : undefined} onClick={() => window.confirm(g.removeConfirm(genre.nameFa)) && remove.mutate()}>
          {g.remove}
        </Button>
      </TableCell>
    </TableRow>
  );
}

function GenresTab() {
  const { data, isPending } = useGenres();
  const [v, setV] = useState({ name_fa: '', name_en: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const add = useCatalogueChange(() => api.post('/api/admin/genres', { body: v }), { success: catalogueMessages.saved, quiet422: true });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    setErrors({});
    add.mutate(undefined, { onSuccess: () => setV({ name_fa: '', name_en: '' }), onError: (err) => setErrors(fieldErrorsOf(err, { parentField: true })) });
  };
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" onSubmit={submit} sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField size="small" label={g.nameFa} value={v.name_fa} onChange={(e) => setV((x) => ({ ...x, name_fa: e.target.value }))} error={Boolean(errors.name_fa)} helperText={errors.name_fa} required />
        <TextField size="small" label={g.nameEn} value={v.name_en} onChange={(e) => setV((x) => ({ ...x, name_en: e.target.value }))} error={Boolean(errors.name_en)} helperText={errors.name_en} required slotProps={{ htmlInput: { dir: 'ltr' } }} />
        <Button type="submit" variant="contained" disabled={add.isPending}>
          {g.add}
        </Button>
      </Box>
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : (
        <Table size="small" aria-label={catalogueMessages.catalogue.tabs.genres}>
          <TableHead>
            <TableRow>
              <TableCell>{g.nameFa}</TableCell>
              <TableCell>{g.nameEn}</TableCell>
              <TableCell>{g.slug}</TableCell>
              <TableCell>{g.titles}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {(data ?? []).map((genre) => (
              <GenreRow key={`${genre.id}-${genre.nameFa}-${genre.nameEn}`} genre={genre} />
            ))}
          </TableBody>
        </Table>
      )}
    </Box>
  );
}

/* Collections */

const c = catalogueMessages.collections;

function CollectionFields({ initial, onSubmit, saving, errors, submitLabel }: { initial: { title_fa: string; title_en: string; description_fa: string; listing: string }; onSubmit: (v: typeof initial) => void; saving: boolean; errors: Record<string, string>; submitLabel: string }) {
  const [v, setV] = useState(initial);
  return (
    <Box component="form" onSubmit={(e: FormEvent) => (e.preventDefault(), onSubmit(v))} sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { md: '1fr 1fr' } }}>
      <TextField size="small" label={c.titleFa} value={v.title_fa} onChange={(e) => setV((x) => ({ ...x, title_fa: e.target.value }))} error={Boolean(errors.title_fa)} helperText={errors.title_fa} required />
      <TextField size="small" label={c.titleEn} value={v.title_en} onChange={(e) => setV((x) => ({ ...x, title_en: e.target.value }))} error={Boolean(errors.title_en)} helperText={errors.title_en} required slotProps={{ htmlInput: { dir: 'ltr' } }} />
      <TextField size="small" label={c.description} value={v.description_fa} onChange={(e) => setV((x) => ({ ...x, description_fa: e.target.value }))} multiline minRows={2} sx={{ gridColumn: { md: '1 / -1' } }} />
      <TextField select size="small" label={c.listing} value={v.listing} onChange={(e) => setV((x) => ({ ...x, listing: e.target.value }))}>
        {Object.entries(c.listings).map(([k, label]) => (
          <MenuItem key={k} value={k}>
            {label}
          </MenuItem>
        ))}
      </TextField>
      <Box>
        <Button type="submit" variant="contained" disabled={saving}>
          {submitLabel}
        </Button>
      </Box>
    </Box>
  );
}

function CollectionEditor({ collection, onRemoved }: { collection: AdminCollectionDetail; onRemoved: () => void }) {
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCatalogueChange((body: Record<string, string>) => api.patch('/api/admin/collections/{id}', { path: { id: collection.id }, body }), { success: catalogueMessages.saved, quiet422: true });
  const remove = useCatalogueChange(() => api.delete('/api/admin/collections/{id}', { path: { id: collection.id } }), { success: catalogueMessages.removed });
  const add = useCatalogueChange((titleId: number) => api.post('/api/admin/collections/{id}/titles', { path: { id: collection.id }, body: { title_id: titleId } }), { success: catalogueMessages.saved });
  const drop = useCatalogueChange((titleId: number) => api.delete('/api/admin/collections/{id}/titles/{titleId}', { path: { id: collection.id, titleId } }), { success: catalogueMessages.removed });
  const reorder = useCatalogueChange((ids: number[]) => api.put('/api/admin/collections/{id}/titles', { path: { id: collection.id }, body: { title_ids: ids } }), { success: catalogueMessages.sortable.reordered });
  // The order shown at once while the server saves it.
  const [order, setOrder] = useState<number[] | null>(null);
  const titles = order ? order.map((id) => collection.titles.find((t) => t.id === id)!).filter(Boolean) : collection.titles;
  return (
    <Section title={collection.titleFa} testId="admin-collection">
      <CollectionFields
        key={`${collection.id}-${collection.titleFa}-${collection.titleEn}-${collection.listing}`}
        initial={{ title_fa: collection.titleFa, title_en: collection.titleEn, description_fa: collection.descriptionFa ?? '', listing: collection.listing }}
        saving={save.isPending}
        errors={errors}
        submitLabel={c.save}
        onSubmit={(v) => {
          setErrors({});
          save.mutate(v, { onError: (err) => setErrors(fieldErrorsOf(err, { parentField: true })) });
        }}
      />
      <Typography sx={{ fontWeight: 700 }}>
        {c.titles} ({toPersianDigits(collection.titles.length)})
      </Typography>
      <Typography color="text.secondary" sx={{ fontSize: '0.85rem' }}>
        {catalogueMessages.sortable.dragHint}
      </Typography>
      <SortableList
        label={c.titles}
        testId="admin-collection-titles"
        items={titles.map((t) => ({ id: t.id, label: titleLabel(t), detail: t.published ? t.titleEn : `${t.titleEn} · ${catalogueMessages.picker.hidden}` }))}
        disabled={reorder.isPending}
        onReorder={(ids) => {
          setOrder(ids);
          reorder.mutate(ids, { onSettled: () => setOrder(null) });
        }}
        onRemove={(id) => drop.mutate(id)}
      />
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
        <TitlePicker onPick={(t) => add.mutate(t.id)} disabled={add.isPending} testId="admin-collection-add-title" />
        <Button color="inherit" component="a" href={collection.path} target="_blank" rel="noopener">
          {c.publicPage}
        </Button>
        <Button color="inherit" sx={{ color: "error.light" }} disabled={remove.isPending} onClick={() => window.confirm(c.removeConfirm) && remove.mutate(undefined, { onSuccess: onRemoved })}>
          {c.remove}
        </Button>
      </Box>
    </Section>
  );
}

function CollectionsTab() {
  const { data: list, isPending } = useCollections();
  const [selected, setSelected] = useState<number | null>(null);
  const { data: collection } = useCollection(selected);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const create = useCatalogueChange((body: Record<string, string>) => api.post('/api/admin/collections', { body: body as AsTyped }), { success: catalogueMessages.saved, quiet422: true });
  return (
    <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: { md: '280px 1fr' }, alignItems: 'start' }}>
      <Paper variant="outlined">
        <Typography sx={{ fontWeight: 700, p: 1.5, pb: 0 }}>{c.list}</Typography>
        {isPending ? (
          <ProgressBar label={adminMessages.loading} />
        ) : (
          <List dense aria-label={c.list}>
            {(list ?? []).map((x) => (
              <ListItem key={x.id} disablePadding>
                <ListItemButton selected={x.id === selected} onClick={() => setSelected(x.id)} data-testid="admin-collection-item">
                  <ListItemText primary={x.titleFa} secondary={c.count(toPersianDigits(x.titleCount))} />
                </ListItemButton>
              </ListItem>
            ))}
          </List>
        )}
      </Paper>
      <Box sx={{ display: 'grid', gap: 2 }}>
        {collection ? <CollectionEditor key={collection.id} collection={collection} onRemoved={() => setSelected(null)} /> : <Typography color="text.secondary">{c.choose}</Typography>}
        <Section title={c.create}>
          <CollectionFields
            initial={{ title_fa: '', title_en: '', description_fa: '', listing: 'grid' }}
            saving={create.isPending}
            errors={errors}
            submitLabel={c.create}
            onSubmit={(v) => {
              setErrors({});
              create.mutate(v, { onSuccess: (made) => setSelected(made.id), onError: (err) => setErrors(fieldErrorsOf(err, { parentField: true })) });
            }}
          />
        </Section>
      </Box>
    </Box>
  );
}

/* Slideshow */

function Placement({ placement, titles }: { placement: SlideshowPlacement; titles: { id: number; titleFa: string | null; titleEn: string; year: number | null; published: boolean }[] }) {
  const add = useCatalogueChange((titleId: number) => api.post('/api/admin/slideshow/{placement}', { path: { placement }, body: { title_id: titleId } }), { success: catalogueMessages.saved });
  const drop = useCatalogueChange((titleId: number) => api.delete('/api/admin/slideshow/{placement}/{titleId}', { path: { placement, titleId } }), { success: catalogueMessages.removed });
  const reorder = useCatalogueChange((ids: number[]) => api.put('/api/admin/slideshow/{placement}', { path: { placement }, body: { title_ids: ids } }), { success: catalogueMessages.sortable.reordered });
  const label = catalogueMessages.slideshow.placements[placement]!;
  return (
    <Section title={label} testId={`admin-slideshow-${placement}`}>
      {titles.length === 0 ? (
        <Typography color="text.secondary">{catalogueMessages.slideshow.intro}</Typography>
      ) : (
        <SortableList
          label={label}
          items={titles.map((t) => ({ id: t.id, label: titleLabel(t), detail: t.published ? undefined : catalogueMessages.picker.hidden }))}
          disabled={reorder.isPending}
          onReorder={(ids) => reorder.mutate(ids)}
          onRemove={(id) => drop.mutate(id)}
        />
      )}
      <TitlePicker onPick={(t) => add.mutate(t.id)} disabled={add.isPending} type={placement === 'all' ? undefined : placement} />
    </Section>
  );
}

function SlideshowTab() {
  const { data, isPending } = useSlideshow();
  if (isPending || !data) return <ProgressBar label={adminMessages.loading} />;
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Typography color="text.secondary">{catalogueMessages.sortable.dragHint}</Typography>
      {(['all', 'movie', 'series'] as const).map((p) => (
        <Placement key={p} placement={p} titles={data[p]} />
      ))}
    </Box>
  );
}

/* People */

const p = catalogueMessages.people;

type PersonValues = { name_fa: string; name_en: string; birth_year: string; death_year: string; bio_fa: string; bio_en: string; imdb_id: string; professions: string[] };
const emptyPerson: PersonValues = { name_fa: '', name_en: '', birth_year: '', death_year: '', bio_fa: '', bio_en: '', imdb_id: '', professions: [] };
const personValues = (x: AdminPerson): PersonValues => ({
  name_fa: x.nameFa ?? '',
  name_en: x.nameEn,
  birth_year: x.birthYear ? String(x.birthYear) : '',
  death_year: x.deathYear ? String(x.deathYear) : '',
  bio_fa: x.bioFa ?? '',
  bio_en: x.bioEn ?? '',
  imdb_id: /^nm9\d{8}$/.test(x.imdbId) ? '' : x.imdbId,
  professions: x.professions,
});

function PersonForm({ person, onDone }: { person: AdminPerson | null; onDone: () => void }) {
  const [v, setV] = useState<PersonValues>(person ? personValues(person) : emptyPerson);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const save = useCatalogueChange(() => {
      const year = (s: string) => (toLatinDigits(s).trim() === '' ? null : /^\d+$/.test(toLatinDigits(s).trim()) ? Number(toLatinDigits(s).trim()) : s);
      const body = { ...v, birth_year: year(v.birth_year), death_year: year(v.death_year), bio_fa: v.bio_fa || null, bio_en: v.bio_en || null, name_fa: v.name_fa || null };
      return person ? api.patch('/api/admin/people/{id}', { path: { id: person.id }, body: body as AsTyped }) : api.post('/api/admin/people', { body: body as AsTyped });
    },
    { success: p.saved, quiet422: true },
  );
  const text = (k: keyof Omit<PersonValues, 'professions'>, label: string, extra: object = {}) => (
    <TextField size="small" label={label} value={v[k]} onChange={(e) => setV((x) => ({ ...x, [k]: e.target.value }))} error={Boolean(errors[k])} helperText={errors[k]} {...extra} />
  );
  return (
    <Section title={person ? p.edit(person.nameFa ?? person.nameEn) : p.create} testId="admin-person-form">
      <Box
        component="form"
        onSubmit={(e: FormEvent) => {
          e.preventDefault();
          setErrors({});
          save.mutate(undefined, { onSuccess: onDone, onError: (err) => setErrors(fieldErrorsOf(err, { parentField: true })) });
        }}
        sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { md: '1fr 1fr' } }}
      >
        {text('name_fa', p.nameFa)}
        {text('name_en', p.nameEn, { required: true, slotProps: { htmlInput: { dir: 'ltr' } } })}
        {text('birth_year', p.birthYear)}
        {text('death_year', p.deathYear)}
        {text('imdb_id', p.imdbId, { slotProps: { htmlInput: { dir: 'ltr' } } })}
        <Box sx={{ gridColumn: { md: '1 / -1' } }}>
          <Typography sx={{ fontSize: '0.9rem' }}>{p.professions}</Typography>
          {professions.map((x) => (
            <FormControlLabel
              key={x}
              label={p.professionNames[x]}
              control={<Checkbox size="small" checked={v.professions.includes(x)} onChange={(e) => setV((y) => ({ ...y, professions: e.target.checked ? [...y.professions, x] : y.professions.filter((z) => z !== x) }))} />}
            />
          ))}
        </Box>
        {text('bio_fa', p.bioFa, { multiline: true, minRows: 2, sx: { gridColumn: { md: '1 / -1' } } })}
        {text('bio_en', p.bioEn, { multiline: true, minRows: 2, sx: { gridColumn: { md: '1 / -1' } }, slotProps: { htmlInput: { dir: 'ltr' } } })}
        <Box sx={{ display: 'flex', gap: 1 }}>
          <Button type="submit" variant="contained" disabled={save.isPending}>
            {p.save}
          </Button>
          <Button color="inherit" onClick={onDone}>{p.cancel}</Button>
        </Box>
      </Box>
    </Section>
  );
}

function PeopleTab() {
  const [input, setInput] = useState('');
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const { data, isPending } = usePeople({ q, page });
  const [editing, setEditing] = useState<AdminPerson | 'new' | null>(null);
  return (
    <Box sx={{ display: 'grid', gap: 2 }}>
      <Box component="form" role="search" onSubmit={(e: FormEvent) => (e.preventDefault(), setQ(input.trim()), setPage(1))} sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
        <TextField size="small" label={p.search} value={input} onChange={(e) => setInput(e.target.value)} sx={{ minWidth: 260 }} />
        <Button color="inherit" type="submit" variant="outlined">
          {adminMessages.search}
        </Button>
        <Button variant="contained" onClick={() => setEditing('new')}>
          {p.create}
        </Button>
      </Box>
      {editing && <PersonForm key={editing === 'new' ? 'new' : editing.id} person={editing === 'new' ? null : editing} onDone={() => setEditing(null)} />}
      {isPending ? (
        <ProgressBar label={adminMessages.loading} />
      ) : !data || data.data.length === 0 ? (
        <EmptyState message={adminMessages.empty} compact />
      ) : (
        <>
          <Table size="small" aria-label={catalogueMessages.catalogue.tabs.people}>
            <TableHead>
              <TableRow>
                <TableCell>{p.nameFa}</TableCell>
                <TableCell>{p.nameEn}</TableCell>
                <TableCell>{p.birthYear}</TableCell>
                <TableCell>{p.credits}</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {data.data.map((x) => (
                <TableRow key={x.id} data-testid="admin-person">
                  <TableCell>{x.nameFa ?? '—'}</TableCell>
                  <TableCell dir="ltr">{x.nameEn}</TableCell>
                  <TableCell>{x.birthYear ? toPersianDigits(x.birthYear) : '—'}</TableCell>
                  <TableCell>{toPersianDigits(x.credits)}</TableCell>
                  <TableCell sx={{ whiteSpace: 'nowrap' }}>
                    <Button color="inherit" size="small" onClick={() => setEditing(x)}>
                      {catalogueMessages.titles.edit}
                    </Button>
                    <Button color="inherit" size="small" component="a" href={x.path} target="_blank" rel="noopener">
                      {catalogueMessages.titles.publicPage}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
          {data.meta.lastPage > 1 && (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
              <Button color="inherit" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                ‹
              </Button>
              <Typography>
                {toPersianDigits(page)} / {toPersianDigits(data.meta.lastPage)}
              </Typography>
              <Button color="inherit" disabled={page >= data.meta.lastPage} onClick={() => setPage(page + 1)}>
                ›
              </Button>
            </Box>
          )}
        </>
      )}
    </Box>
  );
}

/** `/admin/catalogue`: genres, collections (drag to reorder), slideshow picks and people, one tab each. */
export function CatalogueScreen() {
  const [params, setParams] = useSearchParams();
  const tab: TabKey = (TABS as readonly string[]).includes(params.get('tab') ?? '') ? (params.get('tab') as TabKey) : 'genres';
  const m = catalogueMessages.catalogue;
  return (
    <AdminPage title={m.heading} intro={m.intro} testId="admin-catalogue">
      <Tabs textColor="inherit" value={tab} onChange={(_e, v: TabKey) => setParams({ tab: v })} aria-label={m.heading} sx={{ mb: 2 }} variant="scrollable">
        {TABS.map((t) => (
          <Tab key={t} value={t} label={m.tabs[t]} id={`admin-catalogue-tab-${t}`} aria-controls={`admin-catalogue-panel-${t}`} data-testid={`admin-catalogue-tab-${t}`} />
        ))}
      </Tabs>
      <Box role="tabpanel" id={`admin-catalogue-panel-${tab}`} aria-labelledby={`admin-catalogue-tab-${tab}`}>
        {tab === 'genres' && <GenresTab />}
        {tab === 'collections' && <CollectionsTab />}
        {tab === 'slideshow' && <SlideshowTab />}
        {tab === 'people' && <PeopleTab />}
      </Box>
    </AdminPage>
  );
}
