import { Avatar as AvatarPrimitive } from 'radix-ui';
import { cn } from '@/lib/cn';
import { getInitials } from '@/lib/format';

interface AvatarProps {
  name: string | null | undefined;
  email?: string | null;
  /** Picture URL; the initials show while it loads or when it fails. */
  src?: string | null;
  /** Pixel size. */
  size?: number;
  className?: string;
}

/** A round profile picture with an initials fallback. Decorative: name the control that wraps it. */
export function Avatar({ name, email, src, size = 32, className }: AvatarProps) {
  return (
    <AvatarPrimitive.Root
      aria-hidden="true"
      className={cn(
        'inline-flex shrink-0 select-none items-center justify-center overflow-hidden rounded-full',
        'bg-accent-soft font-semibold text-accent-text',
        className,
      )}
      style={{ width: size, height: size, fontSize: Math.max(11, Math.round(size * 0.4)) }}
    >
      {src && <AvatarPrimitive.Image src={src} alt="" className="size-full object-cover" />}
      <AvatarPrimitive.Fallback delayMs={src ? 300 : 0}>{getInitials(name, email)}</AvatarPrimitive.Fallback>
    </AvatarPrimitive.Root>
  );
}
