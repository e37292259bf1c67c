import fs from 'node:fs';
import path from 'node:path';
import type { AdminImport } from '@parde/contract';
import type { Database } from '../../db/client';
import { AppError } from '../../errors/app-error';
import { recordAudit, type AuditActor } from '../admin/audit';
import { uploadsDirOf, type ImportFile, type ImportJob } from '../importer/import-job';
import { IMPORT_QUEUE } from '../media/queue';
import { attachUploadsToImport, datasetUploads, insertImport, lockUploads, queueOn, setImportJob, uploadsInOtherImports } from './admin-media.repository';
import { oneImport } from './queries';
import type { QueueSender } from './queue-sender';

/**
 * Queues an import of uploaded dataset files: each a finished dataset upload, no kind twice,
 * title.basics among them (the importer starts from it). The row, the job and the audit entry
 * are one transaction; the job runs in whichever worker process takes it first.
 */
export async function startImport(deps: { database: Database; dataDir: string; queue: QueueSender }, actor: AuditActor, uploadIds: string[]): Promise<AdminImport> {
  const ids = [...new Set(uploadIds)];
  const { db } = deps.database;
  const rows = await datasetUploads(db, ids);
  const problems: string[] = [];
  const files: ImportFile[] = [];
  for (const id of ids) {
    const r = rows.find((x) => x.id === id);
    if (!r || r.kind !== 'dataset' || !r.dataset) problems.push(`فایل ${id} از فایل‌های بارگذاری‌شدهٔ IMDb نیست.`);
    else if (r.status !== 'complete') problems.push(`«${r.fileName}» ${r.status === 'uploading' ? 'هنوز کامل بارگذاری نشده است.' : r.status === 'used' ? 'پیش‌تر وارد شده است؛ آن را دوباره بارگذاری کنید.' : 'پذیرفته نشده است.'}`);
    else if (!fs.existsSync(path.join(uploadsDirOf(deps.dataDir), r.id))) problems.push(`«${r.fileName}» دیگر روی سرور نیست؛ آن را دوباره بارگذاری کنید.`);
    else files.push({ uploadId: r.id, kind: r.dataset, fileName: r.fileName, size: r.size });
  }
  const kinds = files.map((f) => f.kind);
  const twice = kinds.filter((k, i) => kinds.indexOf(k) !== i);
  if (twice.length) problems.push(`از هر فایل یکی کافی است: ${[...new Set(twice)].join('، ')} دو بار انتخاب شده است.`);
  if (problems.length === 0 && !kinds.includes('title.basics')) problems.push('فایل title.basics لازم است؛ ورود از عنوان‌ها آغاز می‌شود.');
  if (problems.length) throw AppError.validation({ upload_ids: problems });

  const boss = await deps.queue.get();
  const bytesTotal = files.filter((f) => f.kind !== 'supplement').reduce((n, f) => n + f.size, 0);
  const taken = files.map((f) => f.uploadId);
  const id = await db.transaction(async (tx) => {
    // The files, locked: two clicks (or two operators) start one import of them, not two.
    await lockUploads(tx, taken);
    const busy = await uploadsInOtherImports(tx, taken);
    if (busy.length) throw new AppError('CONFLICT', 409, `این فایل‌ها در ورودِ دیگری در صف یا در حال اجرایند: ${busy.join('، ')}`);
    const importId = await insertImport(tx, files, bytesTotal, actor.id);
    const jobId = await boss.send(IMPORT_QUEUE, { importId } satisfies ImportJob, { db: queueOn(tx) });
    if (!jobId) throw new Error(`the ${IMPORT_QUEUE} queue took no job`);
    await setImportJob(tx, importId, jobId);
    await attachUploadsToImport(tx, importId, taken);
    await recordAudit(tx, actor, { action: 'import.start', entity: 'import', entityId: importId, after: { files: files.map((f) => ({ kind: f.kind, fileName: f.fileName, size: f.size })) } });
    return importId;
  });
  return (await oneImport(db, id))!;
}
