import { Link as RouterLink, useNavigate } from 'react-router';
import { QueryErrorPage } from '../../../components/query-error';
import { useDocumentTitle } from '../../../components/use-document-title';
import { paths } from '../../../config/paths';
import { HttpError } from '../../../lib/api-client';
import { PLAY_ON_ARRIVAL } from '../../../lib/play-intent';
import { useAuthStore } from '../../auth';
import { useIsKids } from '../../profiles';
import { usePlayInfo } from '../api/get-play-info';
import { useWatchTitle } from '../api/get-watch-title';
import { DEFAULT_PREFS, usePlayerChoices } from '../lib/prefs';
import { messages } from '../messages';
import { Player } from './player';

const statusOf = (err: unknown) => (err instanceof HttpError ? err.response?.status : undefined);

/**
 * `watch/{imdb}/{id}[?episode=…][&dub=1]`: the player for premium members (and everyone, for a
 * free title), playing on arrival when a press brought the viewer here (`autoplay`). A visitor or a member without premium is told why and shown the way in, never a
 * broken player.
 */
export function WatchScreen({ titleId, episodeId, preferDub, autoplay = false }: { titleId: number; episodeId: number | null; preferDub: boolean; autoplay?: boolean }) {
  const isMember = useAuthStore((s) => Boolean(s.token));
  const kids = useIsKids() && isMember;
  const navigate = useNavigate();
  const title = useWatchTitle(titleId);
  const play = usePlayInfo(titleId, episodeId, isMember);
  // Read beside the play info, not after it: the player starts with the profile's choices.
  const choices = usePlayerChoices(titleId, isMember);
  const choicesReady = choices.isSuccess || choices.isError;
  const name = title.data ? (title.data.titleFa ?? title.data.titleEn) : '';
  useDocumentTitle(name ? messages.heading(name) : messages.loading);

  const head = (
    <div className="p-watch__head">
      <h1 className="p-watch__title">
        {name || messages.loading}
        {play.data?.episode && <span className="p-watch__episode">{messages.episode(play.data.episode.seasonNumber, play.data.episode.episodeNumber)}</span>}
      </h1>
      {title.data && (
        <RouterLink to={title.data.path} className="p-watch__back" data-testid="watch-back">
          {messages.backToTitle}
        </RouterLink>
      )}
    </div>
  );

  const status = statusOf(play.error);
  if (play.isError && (status === 401 || status === 403)) {
    const here = `${window.location.pathname}${window.location.search}`;
    return (
      <div className="p-watch">
        {head}
        <div className="p-watch__gate" role="note" data-testid="watch-gate" data-reason={status === 401 ? 'UNAUTHENTICATED' : 'SUBSCRIPTION_REQUIRED'}>
          <p>{status === 401 ? messages.gateVisitor : messages.gateMember}</p>
          <div className="p-watch__gate-actions">
            {status === 401 && (
              <RouterLink to={paths.auth.login.getHref(here)} className="p-btn p-btn--outlined">
                {messages.login}
              </RouterLink>
            )}
            {!kids && (
              <RouterLink to={paths.goPremium.getHref()} className="p-btn p-btn--contained" data-testid="watch-go-premium">
                {messages.goPremium}
              </RouterLink>
            )}
            {title.data?.trailer && (
              <RouterLink to={paths.trailer.getHref(title.data.imdbId)} className="p-btn p-btn--outlined">
                {messages.trailer}
              </RouterLink>
            )}
          </div>
        </div>
      </div>
    );
  }
  if (play.isError && status === 404) {
    return (
      <div className="p-watch">
        {head}
        <div className="p-watch__gate" role="note" data-testid="watch-no-media">
          <p>{messages.noMedia}</p>
        </div>
      </div>
    );
  }
  if (play.isError) return <QueryErrorPage error={play.error} onRetry={() => void play.refetch()} />;

  return (
    <div className="p-watch">
      {head}
      {play.data && choicesReady ? (
        <Player
          key={play.data.masterUrl}
          info={play.data}
          isMember={isMember}
          preferDub={preferDub}
          choices={choices.data ?? { prefs: DEFAULT_PREFS, audio: null }}
          title={name}
          autoplay={autoplay}
          // The next episode plays on arrival, as the one before did.
          onNext={(next) => void navigate(`${paths.watch.getHref(title.data?.imdbId ?? 'tt0', titleId)}?episode=${next}`, { state: PLAY_ON_ARRIVAL })}
        />
      ) : (
        <div className="p-player" role="status" aria-busy="true" aria-label={messages.loading} />
      )}
    </div>
  );
}
