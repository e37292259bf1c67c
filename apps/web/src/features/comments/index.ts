export { COMMENTS_ANCHOR, CommentSection } from './components/comment-section';
export type { CommentViewer } from './components/comment-frame';
