// Apart from constants.ts (which loads with the web's first route, and a module lands whole in one
// chunk): only the lazy editor toolbar, packages/editor and the server use them.

/** docs/product.md §3 editor palettes. Stored content may only use these values (docs/architecture.md, packages/editor). */
export const TEXT_COLORS = [
  { name: 'Default', value: null },
  { name: 'Red', value: '#ef4444' },
  { name: 'Orange', value: '#f97316' },
  { name: 'Yellow', value: '#eab308' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Purple', value: '#a855f7' },
  { name: 'Pink', value: '#ec4899' },
  { name: 'Gray', value: '#6b7280' },
  { name: 'Brown', value: '#92400e' },
  { name: 'Cyan', value: '#06b6d4' },
  { name: 'Lime', value: '#84cc16' },
] as const;

export const HIGHLIGHT_COLORS = [
  { name: 'Yellow', value: '#fef08a' },
  { name: 'Green', value: '#bbf7d0' },
  { name: 'Blue', value: '#bfdbfe' },
  { name: 'Pink', value: '#fbcfe8' },
  { name: 'Orange', value: '#fed7aa' },
  { name: 'Purple', value: '#e9d5ff' },
  { name: 'Red', value: '#fecaca' },
  { name: 'Cyan', value: '#a5f3fc' },
  { name: 'Lime', value: '#d9f99d' },
  { name: 'Peach', value: '#ffdab9' },
  { name: 'Lavender', value: '#e6e6fa' },
  { name: 'Mint', value: '#c7f9e3' },
] as const;

export const FONT_SIZES = ['14px', '16px', '18px', '20px', '24px'] as const;
export type FontSize = (typeof FONT_SIZES)[number];
