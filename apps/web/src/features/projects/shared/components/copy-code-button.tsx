import { Copy } from 'lucide-react';
import { Button } from '@/components/ui/button';
import { IconButton } from '@/components/ui/icon-button';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';

/** Writes a project code to the clipboard; a toast says 'Code copied' or 'Failed to copy' (docs/product.md §8). */
export async function copyProjectCode(code: string): Promise<void> {
  try {
    // Undefined outside secure contexts: that throws here, and reads as a failure.
    await navigator.clipboard.writeText(code);
    toast.success('Code copied', { description: code });
  } catch {
    toast.error('Failed to copy');
  }
}

interface CopyCodeButtonProps {
  code: string;
  /** 'icon' in cards and rows; 'button' shows the words too. */
  variant?: 'icon' | 'button';
  className?: string;
}

export function CopyCodeButton({ code, variant = 'icon', className }: CopyCodeButtonProps) {
  if (variant === 'button') {
    return (
      <Button variant="secondary" size="sm" onClick={() => void copyProjectCode(code)} className={className}>
        <Copy size={14} aria-hidden="true" />
        Copy code
      </Button>
    );
  }
  return (
    <IconButton
      label="Copy code"
      icon={<Copy size={14} aria-hidden="true" />}
      onClick={() => void copyProjectCode(code)}
      className={cn('size-7', className)}
    />
  );
}

/** The code in a fixed-width face, or a quiet note when it expired or the owner turned it off. */
export function ProjectCode({
  code,
  expiresAt,
  className,
}: {
  code: string | null;
  /** Set with a null code: the code expired (rather than being turned off). */
  expiresAt?: string | null;
  className?: string;
}) {
  if (!code)
    return <span className={cn('text-subtle', className)}>{expiresAt ? 'Code expired' : 'Code off'}</span>;
  return (
    <code className={cn('font-sans text-[13px] font-medium tracking-widest text-fg tabular-nums', className)}>
      {code}
    </code>
  );
}
