import type { Role } from '@parde/contract';
import { paths } from '../../config/paths';

export type StaffRole = Exclude<Role, 'member'>;

export type AdminSection = { key: string; label: string; href: string; role: StaffRole; end?: boolean };

/** The panel's sections in the order of the side menu; an editor sees only theirs. */
export const adminSections: AdminSection[] = [
  { key: 'dashboard', label: 'پیشخوان', href: paths.admin.root.getHref(), role: 'editor', end: true },
  { key: 'titles', label: 'فیلم‌ها و سریال‌ها', href: paths.admin.titles.getHref(), role: 'editor' },
  { key: 'catalogue', label: 'ژانرها، مجموعه‌ها و افراد', href: paths.admin.catalogue.getHref(), role: 'editor' },
  { key: 'imports', label: 'ورود از IMDb', href: paths.admin.imports.getHref(), role: 'editor' },
  { key: 'requests', label: 'درخواست‌ها', href: paths.admin.requests.getHref(), role: 'editor' },
  { key: 'comments', label: 'دیدگاه‌ها', href: paths.admin.comments.getHref(), role: 'editor' },
  { key: 'members', label: 'اعضا', href: paths.admin.members.getHref(), role: 'admin' },
  { key: 'money', label: 'مالی', href: paths.admin.money.getHref(), role: 'admin' },
  { key: 'notifications', label: 'ارسال اعلان', href: paths.admin.notifications.getHref(), role: 'admin' },
  { key: 'audit', label: 'گزارش تغییرات', href: paths.admin.audit.getHref(), role: 'admin' },
];

export const isStaff = (role: unknown): role is StaffRole => role === 'editor' || role === 'admin';

/** Whether a role may open a section (an admin may open everything). */
export const mayOpen = (role: StaffRole, section: Pick<AdminSection, 'role'>) => role === 'admin' || section.role === 'editor';
