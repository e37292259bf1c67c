/**
 * An outlined button on the hero, which is dark whatever the theme (theme/title.css). The
 * visitor's buttons (title-actions) and the member's, loaded later (member-title-controls), both
 * use it, so neither imports the other for it.
 */
export const OUTLINED = 'p-btn p-btn--outlined p-title-hero__btn p-title-hero__btn--member p-title-hero__btn--nowrap';
