import type { HistoryItem } from '@parde/contract';
import type { ImageUrls } from '../../lib/urls';
import type { TitleCardRow } from '../catalogue/catalogue.repository';
import { toTitleCard } from '../catalogue/catalogue.mapper';
import { iso } from '../../db/executor';
import type { HistoryRow } from './member.repository';

export function toHistoryItem(card: TitleCardRow, h: HistoryRow, img: ImageUrls): HistoryItem {
  return {
    ...toTitleCard(card, img),
    myRating: h.my_rating,
    imdbId: card.imdb_id,
    progress: {
      episode:
        h.episode_id === null
          ? null
          : { id: h.episode_id, seasonNumber: h.season_number ?? 0, episodeNumber: h.episode_number ?? 0, nameEn: h.name_en, nameFa: h.name_fa },
      positionSec: h.position_sec,
      visitedAt: iso(h.updated_at),
    },
  };
}
