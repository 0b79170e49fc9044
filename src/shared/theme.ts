/** localStorage key of the visitor's explicit light/dark choice (read by client/lib/theme.ts and the server's inline theme script). */
export const themeStorageKey = 'theme';
