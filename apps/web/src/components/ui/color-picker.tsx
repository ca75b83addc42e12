import { PROJECT_COLORS, type ProjectColor } from '@notewise/shared';
import { Check } from 'lucide-react';
import { RadioGroup } from 'radix-ui';
import { cn } from '@/lib/cn';
import { colorLabel, PROJECT_COLOR_BG } from './color-dot';

interface ColorPickerProps {
  value: ProjectColor;
  onChange: (color: ProjectColor) => void;
  /** The group's accessible name. */
  label?: string;
  /** Or the id of a visible label. */
  labelledBy?: string;
  className?: string;
}

/**
 * The eight project colours as small dots (a radio group: arrow keys move, each dot is named by its
 * colour). Touch targets grow to 44 px under 768 px.
 */
export function ColorPicker({ value, onChange, label, labelledBy, className }: ColorPickerProps) {
  return (
    <RadioGroup.Root
      value={value}
      onValueChange={(next) => onChange(next as ProjectColor)}
      orientation="horizontal"
      loop
      aria-label={labelledBy ? undefined : (label ?? 'Color')}
      aria-labelledby={labelledBy}
      className={cn('flex flex-wrap items-center gap-1', className)}
    >
      {PROJECT_COLORS.map((color) => (
        <RadioGroup.Item
          key={color}
          value={color}
          aria-label={colorLabel(color)}
          title={colorLabel(color)}
          className={cn(
            'group inline-flex size-8 items-center justify-center rounded-full transition-colors',
            'hover:bg-hover focus-visible:outline-offset-0 max-md:size-11',
          )}
        >
          <span
            aria-hidden="true"
            className={cn(
              'inline-flex size-5 items-center justify-center rounded-full text-white ring-offset-2 ring-offset-panel',
              'group-data-[state=checked]:ring-2 group-data-[state=checked]:ring-fg/70',
              PROJECT_COLOR_BG[color],
            )}
          >
            <RadioGroup.Indicator>
              <Check size={12} strokeWidth={3} aria-hidden="true" />
            </RadioGroup.Indicator>
          </span>
        </RadioGroup.Item>
      ))}
    </RadioGroup.Root>
  );
}
