import type { AdminImport } from '@parde/contract';
import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { MuiScope } from '../../../components/mui-scope';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import { ImportCard, ImportReport, ImportRow, ImportStarter } from './imports-screen';

const base: AdminImport = {
  id: 7,
  status: 'done',
  source: 'panel',
  host: 'web-1',
  phase: 'done',
  percent: 100,
  rowsRead: 1200,
  bytesRead: 1000,
  bytesTotal: 1000,
  files: [],
  counts: { titles: 12, episodes: 3, people: 12, credits: 20, collections: 0 },
  issues: 1,
  mode: 'daily',
  fullReason: null,
  changes: { 'title.basics': { added: 2, changed: 1, removed: 1, unchanged: 12345 } },
  removedTitles: [{ id: 4, imdbId: 'tt0000004', titleEn: 'Gone Film', titleFa: 'فیلم رفته', wasPublished: true, watchlist: 3, comments: 1, requests: 0, history: 2, media: 1 }],
  issueSamples: ['title.basics.tsv:20: startYear: not a year'],
  seconds: 12.5,
  error: null,
  attempts: 1,
  createdBy: null,
  createdAt: '2026-02-01T00:00:00Z',
  startedAt: '2026-02-01T00:00:00Z',
  finishedAt: '2026-02-01T00:01:00Z',
};

describe('ImportReport', () => {
  it('shows a daily import: its changes per file and the removed titles with what hangs on them, in Persian digits', () => {
    render(
      <MuiScope>
        <ImportReport i={base} />
      </MuiScope>,
    );
    const report = screen.getByTestId('admin-import-report');
    expect(report.textContent).toContain('ورود روزانه');
    expect(report.textContent).toContain('۱۲٫۵ ثانیه');
    const table = within(report).getByRole('table');
    expect(table.textContent).toContain('title.basics');
    expect(table.textContent).toContain('۱۲٬۳۴۵');
    const removed = screen.getByTestId('admin-import-removed');
    expect(removed.textContent).toContain('فیلم رفته');
    expect(removed.textContent).toContain('tt0000004');
    expect(removed.textContent).toContain('۳ در فهرست تماشا، ۱ دیدگاه، ۰ درخواست، ۲ در تاریخچهٔ تماشا، ۱ ویدیو');
    expect(report.textContent).toContain('title.basics.tsv:20');
  });

  it('says why an import read everything', () => {
    render(
      <MuiScope>
        <ImportReport i={{ ...base, mode: 'full', fullReason: 'missing', changes: null, removedTitles: [] }} />
      </MuiScope>,
    );
    const report = screen.getByTestId('admin-import-report');
    expect(report.textContent).toContain('ورود کامل');
    expect(report.textContent).toContain('اثر انگشت ورود پیشین روی این سرور نیست');
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('draws nothing for an import that has not ended', () => {
    const { container } = render(
      <MuiScope>
        <ImportReport i={{ ...base, status: 'running', mode: null }} />
      </MuiScope>,
    );
    expect(container.textContent).toBe('');
  });
});

describe('ImportStarter', () => {
  it('marks an import run from the command line, with the machine it ran on', () => {
    render(
      <MuiScope>
        <ImportStarter i={{ ...base, source: 'command', host: 'db-2', createdBy: null }} />
      </MuiScope>,
    );
    const mark = screen.getByTestId('admin-import-command');
    expect(mark.textContent).toBe('از خط فرمان');
    expect(mark.getAttribute('aria-label')).toBe('از خط فرمان، روی db-2');
  });

  it('names the operator of an import started from the panel', () => {
    render(
      <MuiScope>
        <ImportStarter i={{ ...base, createdBy: { id: 3, name: 'ویراستار' } }} />
      </MuiScope>,
    );
    expect(screen.queryByTestId('admin-import-command')).toBeNull();
    expect(screen.getByText('ویراستار')).toBeTruthy();
  });
});

describe('an import in the history', () => {
  it('in the wide table, has its report on a row of its own across every column, not squeezed in one cell', () => {
    render(
      <MuiScope>
        <Table>
          <TableBody>
            <ImportRow i={base} />
          </TableBody>
        </Table>
      </MuiScope>,
    );
    const row = screen.getByTestId('admin-import-row');
    const columns = row.querySelectorAll('td').length;
    expect(columns).toBe(8);
    expect(row.contains(screen.getByTestId('admin-import-report'))).toBe(false);
    const cell = screen.getByTestId('admin-import-report').closest('td')!;
    expect(cell.colSpan).toBe(columns);
    expect(cell.parentElement!.previousElementSibling).toBe(row);
  });

  it('has no report row before it has ended', () => {
    render(
      <MuiScope>
        <Table>
          <TableBody>
            <ImportRow i={{ ...base, status: 'running', mode: null }} />
          </TableBody>
        </Table>
      </MuiScope>,
    );
    expect(screen.getAllByRole('row')).toHaveLength(1);
  });

  it('on a narrow screen, is a card naming each column of the table, with the report below', () => {
    render(
      <MuiScope>
        <ul>
          <ImportCard i={{ ...base, source: 'command', host: 'db-2' }} />
        </ul>
      </MuiScope>,
    );
    const card = screen.getByTestId('admin-import-card');
    for (const label of ['مرحله', 'پیشرفت', 'سطرهای خوانده‌شده', 'کاتالوگ پس از ورود', 'آغازکننده']) expect(card.textContent).toContain(label);
    expect(card.textContent).toContain('۱٬۲۰۰');
    expect(card.textContent).toContain('۱۰۰٪');
    expect(within(card).getByTestId('admin-import-command')).toBeTruthy();
    expect(within(card).getByTestId('admin-import-report')).toBeTruthy();
  });
});
