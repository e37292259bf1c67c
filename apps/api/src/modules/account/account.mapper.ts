import type { Member } from '@parde/contract';
import type { ProfileRow } from './account.repository';
import { iso } from '../../db/executor';

export interface PremiumState {
  active: boolean;
  until: string | null;
}

export function toMember(r: ProfileRow, premium: PremiumState): Member {
  return {
    id: r.id,
    name: r.name,
    email: r.email,
    newNotifications: r.unread > 0,
    unreadNotifications: r.unread,
    premium,
    role: r.role,
    createdAt: iso(r.created_at),
    stats: { watchlist: r.watchlist, history: r.history, likes: r.likes, ratings: r.ratings, comments: r.comments, requests: r.requests },
  };
}
