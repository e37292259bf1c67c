/** Postgres text[][] can't hold ragged arrays: nested lists travel as one delimited string. */
export const joinList = (xs: string[]) => xs.join('\u001f');
