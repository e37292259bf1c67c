import { useLocation, useParams, useSearchParams } from 'react-router';
import { NotFoundPage } from '../../components/status-page';
import { WatchScreen } from '../../features/player/components/watch-screen';
import { wantsPlay } from '../../lib/play-intent';

/**
 * `watch/{imdb}/{id}`: the title's id decides; an episode and the dub come in the query; a link
 * pressed to watch says so in its state, and the player starts on arrival.
 */
function WatchRoute() {
  const { imdb = '', id = '' } = useParams();
  const location = useLocation();
  const [search] = useSearchParams();
  const titleId = Number(id);
  const episode = Number(search.get('episode'));
  if (!/^tt\d{7,11}$/.test(imdb) || !Number.isInteger(titleId) || titleId <= 0) return <NotFoundPage />;
  const episodeId = Number.isInteger(episode) && episode > 0 ? episode : null;
  return <WatchScreen key={`${titleId}:${episodeId}`} titleId={titleId} episodeId={episodeId} preferDub={search.get('dub') === '1'} autoplay={wantsPlay(location.state)} />;
}

export default WatchRoute;
