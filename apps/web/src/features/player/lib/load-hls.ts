/**
 * hls.js, the larger part of the watch screen's code, in a chunk of its own: the player imports
 * it when it starts, and the title page asks for it early (on idle, hover, focus or the press)
 * so the press does not wait for it.
 */
export const loadHls = () => import('hls.js');
