import { TitleMediaScreen } from '../../features/media/title-media-screen';

/** `/admin/titles/:id/media`: a title's video and subtitles, uploads and packaging jobs. */
export default function AdminTitleMediaRoute() {
  return <TitleMediaScreen />;
}
