/** Text on the panel's dark surfaces that keeps AA contrast (MUI's own error red and grey do not). */
export const dangerText = { color: '#ff8a80', borderColor: 'rgba(255, 138, 128, 0.6)' } as const;
/** A button that does something that cannot be undone, in a red that keeps AA contrast with its white text. */
export const dangerSolid = { bgcolor: '#b71c1c', color: '#fff', '&:hover': { bgcolor: '#8e1515' } } as const;
