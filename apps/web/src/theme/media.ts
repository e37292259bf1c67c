/**
 * Layout widths and media queries, without the MUI theme: plain components (see
 * docs/decisions/0010) import these from here so they do not pull the theme's code. The plain
 * stylesheets write the same widths: mobile up to 675px, desktop from 676px.
 */

/** Spec §9: the mobile layout applies at this width and below. */
export const MOBILE_MAX_WIDTH = 675;
export const mobileMedia = `@media (max-width:${MOBILE_MAX_WIDTH}px)`;

export const FONT_FAMILY = ['Estedad', 'Rubik', 'Tahoma', 'sans-serif'].join(',');
