import { PROJECT_COLORS, type ProjectColor } from '@notewise/shared';
import { cn } from '@/lib/cn';

/** Tailwind classes per project colour (literal, so Tailwind generates them). */
export const PROJECT_COLOR_BG: Record<ProjectColor, string> = {
  blue: 'bg-project-blue',
  red: 'bg-project-red',
  yellow: 'bg-project-yellow',
  green: 'bg-project-green',
  orange: 'bg-project-orange',
  pink: 'bg-project-pink',
  purple: 'bg-project-purple',
  brown: 'bg-project-brown',
};

/** "blue" -> "Blue", for labels and accessible names. */
export function colorLabel(color: ProjectColor): string {
  return color.charAt(0).toUpperCase() + color.slice(1);
}

export function isProjectColor(value: string): value is ProjectColor {
  return (PROJECT_COLORS as readonly string[]).includes(value);
}

interface ColorDotProps {
  color: ProjectColor;
  /** Pixel size. */
  size?: number;
  className?: string;
  /** Announce the colour (e.g. "Red"); decorative by default. */
  label?: string;
}

/** A small round swatch of a project colour (docs/design.md §1: colours only as dots, bars and tints). */
export function ColorDot({ color, size = 8, className, label }: ColorDotProps) {
  return (
    <span
      {...(label ? { role: 'img', 'aria-label': label } : { 'aria-hidden': true })}
      className={cn('inline-block shrink-0 rounded-full', PROJECT_COLOR_BG[color], className)}
      style={{ width: size, height: size }}
    />
  );
}
