/**
 * Layout widths and media queries, without the MUI theme: plain components (see
 * docs/decisions/0010) import these from here so they do not pull the theme's code.
 */

/** Spec §9: the mobile layout applies at this width and below. */
export const MOBILE_MAX_WIDTH = 675;
export const mobileMedia = `@media (max-width:${MOBILE_MAX_WIDTH}px)`;
export const desktopMedia = `@media (min-width:${MOBILE_MAX_WIDTH + 1}px)`;
/** Desktop layout on a narrow window (small laptops, tablets): the header menu tightens up. */
export const narrowDesktopMedia = `@media (min-width:${MOBILE_MAX_WIDTH + 1}px) and (max-width:1079px)`;

export const FONT_FAMILY = ['Estedad', 'Rubik', 'Tahoma', 'sans-serif'].join(',');
