export { usePageViews } from './hooks/use-page-views';
export { buildPageViewBody, sendPageView } from './lib/send-page-view';
