import fs from 'node:fs';
import path from 'node:path';
import type { AdminImport, DatasetKind } from '@parde/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { uploadsDirOf, type ImportFile, type ImportJob } from '../importer/import-job';
import { IMPORT_QUEUE } from '../media/queue';
import { oneImport } from './queries';
import { onConnection, type QueueSender } from './queue-sender';
import { inTransaction } from './uploads';

/**
 * Queues an import of uploaded dataset files: each a finished dataset upload, no kind twice,
 * title.basics among them (the importer starts from it). The row, the job and the audit entry
 * are one transaction; the job runs in whichever worker process takes it first.
 */
export async function startImport(deps: { database: Database; dataDir: string; queue: QueueSender }, actor: AuditActor, uploadIds: string[]): Promise<AdminImport> {
  const ids = [...new Set(uploadIds)];
  const { rows } = await deps.database.pool.query<{ id: string; kind: string; status: string; file_name: string; size: number; dataset: DatasetKind | null }>(
    `SELECT id, kind, status, file_name, size, details->>'dataset' AS dataset FROM media_uploads WHERE id = ANY($1::text[])`,
    [ids],
  );
  const problems: string[] = [];
  const files: ImportFile[] = [];
  for (const id of ids) {
    const r = rows.find((x) => x.id === id);
    if (!r || r.kind !== 'dataset' || !r.dataset) problems.push(`فایل ${id} از فایل‌های بارگذاری‌شدهٔ IMDb نیست.`);
    else if (r.status !== 'complete') problems.push(`«${r.file_name}» ${r.status === 'uploading' ? 'هنوز کامل بارگذاری نشده است.' : r.status === 'used' ? 'پیش‌تر وارد شده است؛ آن را دوباره بارگذاری کنید.' : 'پذیرفته نشده است.'}`);
    else if (!fs.existsSync(path.join(uploadsDirOf(deps.dataDir), r.id))) problems.push(`«${r.file_name}» دیگر روی سرور نیست؛ آن را دوباره بارگذاری کنید.`);
    else files.push({ uploadId: r.id, kind: r.dataset, fileName: r.file_name, size: r.size });
  }
  const kinds = files.map((f) => f.kind);
  const twice = kinds.filter((k, i) => kinds.indexOf(k) !== i);
  if (twice.length) problems.push(`از هر فایل یکی کافی است: ${[...new Set(twice)].join('، ')} دو بار انتخاب شده است.`);
  if (problems.length === 0 && !kinds.includes('title.basics')) problems.push('فایل title.basics لازم است؛ ورود از عنوان‌ها آغاز می‌شود.');
  if (problems.length) throw AppError.validation({ upload_ids: problems });

  const boss = await deps.queue.get();
  const bytesTotal = files.filter((f) => f.kind !== 'supplement').reduce((n, f) => n + f.size, 0);
  const id = await inTransaction(deps.database, async (client, tx) => {
    // The files, locked: two clicks (or two operators) start one import of them, not two.
    await client.query('SELECT id FROM media_uploads WHERE id = ANY($1::text[]) FOR UPDATE', [files.map((f) => f.uploadId)]);
    const busy = await client.query<{ file_name: string }>(
      `SELECT u.file_name FROM media_uploads u JOIN catalogue_imports c ON c.id = u.import_id
       WHERE u.id = ANY($1::text[]) AND (u.status <> 'complete' OR c.status IN ('queued', 'running'))`,
      [files.map((f) => f.uploadId)],
    );
    if (busy.rows.length) throw new AppError('CONFLICT', 409, `این فایل‌ها در ورودِ دیگری در صف یا در حال اجرایند: ${busy.rows.map((r) => r.file_name).join('، ')}`);
    const inserted = await client.query<{ id: number }>(`INSERT INTO catalogue_imports (files, bytes_total, created_by) VALUES ($1, $2, $3) RETURNING id`, [
      JSON.stringify(files),
      bytesTotal,
      actor.id,
    ]);
    const importId = inserted.rows[0]!.id;
    const jobId = await boss.send(IMPORT_QUEUE, { importId } satisfies ImportJob, { db: onConnection(client) });
    if (!jobId) throw new Error(`the ${IMPORT_QUEUE} queue took no job`);
    await client.query('UPDATE catalogue_imports SET job_id = $2 WHERE id = $1', [importId, jobId]);
    await client.query('UPDATE media_uploads SET import_id = $1 WHERE id = ANY($2::text[])', [importId, files.map((f) => f.uploadId)]);
    await recordAudit(tx, actor, { action: 'import.start', entity: 'import', entityId: importId, after: { files: files.map((f) => ({ kind: f.kind, fileName: f.fileName, size: f.size })) } });
    return importId;
  });
  return (await oneImport(deps.database.pool, id))!;
}
