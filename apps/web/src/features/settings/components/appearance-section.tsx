import { Monitor, Moon, Sun } from 'lucide-react';
import { Card } from '@/components/ui/card';
import { cn } from '@/lib/cn';
import { type ThemePreference, useTheme } from '@/lib/theme';

const OPTIONS: ReadonlyArray<{ value: ThemePreference; label: string; icon: typeof Sun }> = [
  { value: 'system', label: 'System', icon: Monitor },
  { value: 'light', label: 'Light', icon: Sun },
  { value: 'dark', label: 'Dark', icon: Moon },
];

/** Theme choice: follow the system (default), or always light or dark. */
export function AppearanceSection() {
  const { theme, setTheme } = useTheme();
  return (
    <Card>
      <fieldset>
        <legend className="text-[15px] font-semibold">Theme</legend>
        <p className="mt-1 text-sm text-muted">System follows your device's light or dark setting.</p>
        <div className="mt-4 grid grid-cols-3 gap-2 sm:max-w-sm">
          {OPTIONS.map(({ value, label, icon: Icon }) => (
            <label
              key={value}
              className={cn(
                'flex h-10 cursor-pointer items-center justify-center gap-2 rounded-control border text-sm font-medium',
                'transition-colors has-focus-visible:outline-2 has-focus-visible:outline-offset-2',
                'has-focus-visible:outline-ring max-md:h-11',
                theme === value
                  ? 'border-accent bg-accent-soft text-fg'
                  : 'border-border-strong text-muted hover:bg-hover hover:text-fg',
              )}
            >
              <input
                type="radio"
                name="theme"
                value={value}
                checked={theme === value}
                onChange={() => setTheme(value)}
                className="sr-only"
              />
              <Icon size={16} aria-hidden="true" />
              {label}
            </label>
          ))}
        </div>
      </fieldset>
    </Card>
  );
}
