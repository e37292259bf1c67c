import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { ProgressBar } from '../../../../components/progress-bar';
import { QueryErrorPage } from '../../../../components/query-error';
import { StatusPage } from '../../../../components/status-page';
import { paths } from '../../../../config/paths';
import { api, type AsTyped } from '../../../../lib/api-client';
import { getErrorMessage, getErrorStatus } from '../../../../lib/errors';
import { fieldErrorsOf } from '../../../../lib/field-errors';
import { notifyError, notifySuccess } from '../../../../lib/notifications';
import { AdminPage } from '../../components/admin-page';
import { adminMessages } from '../../messages';
import { catalogueKeys, useAdminTitle, useCatalogueChange, useCatalogueOptions } from '../api/catalogue-api';
import { catalogueMessages } from '../messages';
import { bodyOf, emptyTitle, TitleForm, valuesOf, type TitleFormValues } from './title-form';
import { CreditsEditor, DubsEditor, SeasonsEditor, Section } from './title-parts';

const m = catalogueMessages.form;

/** Saves the form: a new title (then its own address) or an edit; a 422 goes under the fields. */
function useSaveTitle(id: number | null) {
  const client = useQueryClient();
  const navigate = useNavigate();
  const [errors, setErrors] = useState<Record<string, string>>({});
  const mutation = useMutation({
    mutationFn: async (values: TitleFormValues) => {
      const body = bodyOf(values, id === null);
      const res = id === null ? await api.post('/api/admin/titles', { body: body as AsTyped }) : await api.patch('/api/admin/titles/{id}', { path: { id }, body: body as AsTyped });
      return res.data.data;
    },
    onMutate: () => setErrors({}),
    onSuccess: async (title) => {
      client.setQueryData(catalogueKeys.title(title.id), title);
      await client.invalidateQueries({ queryKey: catalogueKeys.area });
      notifySuccess(id === null ? m.created : m.saved);
      if (id === null) void navigate(paths.admin.title.getHref(title.id), { replace: true });
    },
    onError: (error) => {
      const byField = fieldErrorsOf(error, { parentField: true });
      setErrors(byField);
      if (getErrorStatus(error) !== 422 || Object.keys(byField).length === 0) notifyError(getErrorMessage(error));
    },
  });
  return { mutation, errors };
}

function NewTitle() {
  const options = useCatalogueOptions();
  const { mutation, errors } = useSaveTitle(null);
  return (
    <AdminPage title={m.newHeading} intro={m.newIntro} testId="admin-title-new" actions={<BackButton />}>
      <TitleForm initial={emptyTitle} options={options.data} creating saving={mutation.isPending} errors={errors} onSubmit={(v) => mutation.mutate(v)} />
    </AdminPage>
  );
}

const BackButton = () => (
  <Button color="inherit" component={RouterLink} to={paths.admin.titles.getHref()}>
    {m.back}
  </Button>
);

function EditTitle({ id }: { id: number }) {
  const { data: title, isPending, isError, error, refetch } = useAdminTitle(id);
  const options = useCatalogueOptions();
  const { mutation, errors } = useSaveTitle(id);
  const navigate = useNavigate();
  const toggle = useCatalogueChange((publish: boolean) => api.post(publish ? '/api/admin/titles/{id}/publish' : '/api/admin/titles/{id}/hide', { path: { id }, body: {} }));
  const remove = useCatalogueChange(() => api.delete('/api/admin/titles/{id}', { path: { id } }), { success: m.deleted });

  if (isError && !title) {
    if (getErrorStatus(error) === 404) return <StatusPage code="۴۰۴" title={m.notFound} body={m.notFoundBody} />;
    return <QueryErrorPage error={error} onRetry={() => void refetch()} />;
  }
  if (isPending) return <ProgressBar label={adminMessages.loading} />;
  const name = title.titleFa ?? title.titleEn;
  return (
    <AdminPage
      title={m.editHeading(name)}
      testId="admin-title-edit"
      actions={
        <>
          <Button
            variant="contained"
            color={title.published ? 'warning' : 'success'}
            disabled={toggle.isPending}
            onClick={() => toggle.mutate(!title.published, { onSuccess: () => notifySuccess(title.published ? catalogueMessages.titles.hiddenNow : catalogueMessages.titles.publishedNow) })}
            data-testid="admin-title-publish"
            data-published={title.published ? 'true' : 'false'}
          >
            {title.published ? m.hide : m.publish}
          </Button>
          <Button color="inherit" component="a" href={title.path} target="_blank" rel="noopener" data-testid="admin-title-public-link">
            {catalogueMessages.titles.publicPage}
          </Button>
          <Button color="inherit" component={RouterLink} to={paths.admin.titleMedia.getHref(title.id)} data-testid="admin-title-media-link">
            {catalogueMessages.titles.media}
          </Button>
          <BackButton />
        </>
      }
    >
      <Box sx={{ display: 'grid', gap: 2 }}>
        <Alert severity={title.published ? 'success' : 'warning'} data-testid="admin-title-status">
          {title.published ? m.statusPublished : m.statusHidden}
          {title.slideshow.length > 0 && ` · ${m.inSlideshow}: ${title.slideshow.map((p) => catalogueMessages.slideshow.placements[p]).join('، ')}`}
          {title.collections.length > 0 && ` · ${m.featuredIn}: ${title.collections.map((c) => c.titleFa).join('، ')}`}
        </Alert>
        <Section title={m.sectionMain}>
          <TitleForm key={title.updatedAt} initial={valuesOf(title)} options={options.data} creating={false} saving={mutation.isPending} errors={errors} onSubmit={(v) => mutation.mutate(v)} />
        </Section>
        {title.type === 'series' && <SeasonsEditor title={title} />}
        <CreditsEditor title={title} />
        <DubsEditor title={title} />
        {!title.published && (
          <Box>
            <Chip label={catalogueMessages.titles.hidden} color="warning" size="small" sx={{ marginInlineEnd: 1 }} />
            <Button
              color="inherit"
              sx={{ color: 'error.light' }}
              disabled={remove.isPending}
              onClick={() => window.confirm(m.deleteConfirm) && remove.mutate(undefined, { onSuccess: () => void navigate(paths.admin.titles.getHref(), { replace: true }) })}
              data-testid="admin-title-delete"
            >
              {m.delete}
            </Button>
          </Box>
        )}
      </Box>
    </AdminPage>
  );
}

/** `/admin/titles/:id` — `new` makes a title; a number edits one. */
export function TitleScreen({ id }: { id: string }) {
  if (id === 'new') return <NewTitle />;
  const n = Number(id);
  if (!Number.isInteger(n) || n <= 0) return <StatusPage code="۴۰۴" title={m.notFound} body={m.notFoundBody} />;
  return <EditTitle key={n} id={n} />;
}
