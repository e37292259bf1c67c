// The shared Persian helpers, re-exported so the web app imports them from one place.
export { DEFAULT_ERROR_MESSAGE, toPersianDigits } from '@parde/persian';
