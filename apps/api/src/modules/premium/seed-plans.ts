import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { PlansRepository, type NewPlanRow } from './premium.repository';

const repo = new PlansRepository();

const features = {
  watch: 'تماشای همهٔ فیلم‌ها و سریال‌ها به‌صورت کامل',
  download: 'دانلود فایل‌ها با همهٔ کیفیت‌ها',
  dub: 'دوبلهٔ فارسی و زیرنویس',
  devices: 'تماشا روی موبایل، رایانه و تلویزیون',
};

/** The plans a fresh installation sells; operators change prices in the database. */
export const defaultPlans: NewPlanRow[] = [
  { name: 'یک‌ماهه', days: 30, price: 99_000, discountedPrice: null, sortOrder: 1, features: [features.watch, features.download, features.dub] },
  { name: 'سه‌ماهه', days: 90, price: 297_000, discountedPrice: 249_000, sortOrder: 2, features: [features.watch, features.download, features.dub, features.devices] },
  { name: 'شش‌ماهه', days: 180, price: 594_000, discountedPrice: 459_000, sortOrder: 3, features: [features.watch, features.download, features.dub, features.devices] },
  {
    name: 'یک‌ساله',
    days: 365,
    price: 1_188_000,
    discountedPrice: 849_000,
    sortOrder: 4,
    features: [features.watch, features.download, features.dub, features.devices, 'پشتیبانی ویژه'],
  },
];

/**
 * Puts the default plans in when there are none at all (an operator who deactivated every plan
 * keeps it that way). A transaction-scoped advisory lock keeps two processes starting together
 * from both inserting.
 */
export async function seedPlansIfNone({ database, log }: { database: Database; log: FastifyBaseLogger }): Promise<boolean> {
  const added = await database.db.transaction(async (tx) => {
    await repo.lockSeeding(tx);
    if ((await repo.countAll(tx)) > 0) return false;
    await repo.insertMany(tx, defaultPlans);
    return true;
  });
  if (added) log.info({ plans: defaultPlans.length }, 'premium plans added');
  return added;
}
