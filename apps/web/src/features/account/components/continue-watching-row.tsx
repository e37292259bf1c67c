import { Link as RouterLink } from 'react-router';
import { Section } from '../../../components/section';
import { TitleCard, TitleCardSkeleton } from '../../../components/title-card';
import { HorizontalRow } from '../../../components/title-row';
import { paths } from '../../../config/paths';
import { PLAY_ON_ARRIVAL } from '../../../lib/play-intent';
import { useHistory } from '../api/get-history';
import { progressNote, resumeHref } from '../lib/progress';
import { messages } from '../messages';

/**
 * «Continue watching»: the member's latest titles with where they stopped. Render it only for
 * members (the home route decides); it hides itself when the history is empty or fails, so a
 * home page never shows a broken row. Plain elements styled by theme/catalogue.css.
 */
export function ContinueWatchingRow({ title = messages.continueWatching, emptyText }: { title?: string; emptyText?: string }) {
  const { data, isPending, isError } = useHistory(1, 12);
  if (isError) return null;
  if (!isPending && data.data.length === 0 && !emptyText) return null;
  const seeAll = (
    <RouterLink to={paths.user.history.getHref()} className="p-link p-see-all">
      {messages.dashboard.seeAll}
    </RouterLink>
  );
  return (
    <Section title={title} action={seeAll} testId="continue-watching">
      {isPending ? (
        <HorizontalRow label={title}>
          {Array.from({ length: 6 }, (_, i) => (
            <li key={i}>
              <TitleCardSkeleton />
            </li>
          ))}
        </HorizontalRow>
      ) : data.data.length === 0 ? (
        <div className="p-row-empty">{emptyText}</div>
      ) : (
        <HorizontalRow label={title}>
          {data.data.map((t) => {
            const resume = resumeHref(t);
            return (
              <li key={t.id}>
                {/* Into the player, playing on arrival; a title not yet played opens its page. */}
                <TitleCard title={t} note={progressNote(t)} href={resume} linkState={resume ? PLAY_ON_ARRIVAL : undefined} />
              </li>
            );
          })}
        </HorizontalRow>
      )}
    </Section>
  );
}
