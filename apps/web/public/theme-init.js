// Runs before first paint. Applies an explicit theme chosen in Settings; 'system' (the default) is
// handled by CSS prefers-color-scheme. Keep the key in sync with THEME_STORAGE_KEY in src/app/theme.tsx.
try {
  const theme = localStorage.getItem('notewise.theme');
  if (theme === 'light' || theme === 'dark') document.documentElement.dataset.theme = theme;
} catch {
  // Storage unavailable (private mode, blocked cookies): follow the system theme.
}
