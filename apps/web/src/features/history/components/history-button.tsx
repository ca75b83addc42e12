import { History } from 'lucide-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { Button } from '@/components/ui/button';
import type { HistoryPanelProps } from './history-panel';

// The panel (and its diff code) loads on the first click, not with the editor.
const HistoryPanel = lazy(async () => ({ default: (await import('./history-panel')).HistoryPanel }));

interface HistoryButtonProps extends Omit<HistoryPanelProps, 'open' | 'onOpenChange' | 'opener'> {
  /**
   * Runs before the panel opens: the note saves its changes, so the newest version is its text. False
   * (the save failed, and said why) keeps the panel closed.
   */
  beforeOpen?: () => Promise<boolean>;
  disabled?: boolean;
}

/** "History" in an open note's toolbar: opens the note's History panel. */
export function HistoryButton({ beforeOpen, disabled, ...panel }: HistoryButtonProps) {
  const [open, setOpen] = useState(false);
  // Mounted from the first opening on, so closing plays out (and reports back) before anything unmounts.
  // Each opening starts afresh (selection, the current text to compare with): the panel's key.
  const [openings, setOpenings] = useState(0);
  // Not disabled while the note saves: a disabled button drops focus, and closing the panel gives
  // focus back to whatever had it when it opened.
  const preparing = useRef(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const openPanel = async () => {
    if (preparing.current) return;
    preparing.current = true;
    const ready = await (beforeOpen?.() ?? Promise.resolve(true)).catch(() => false);
    preparing.current = false;
    if (!ready) return;
    setOpenings((count) => count + 1);
    setOpen(true);
  };
  return (
    <>
      <Button
        ref={buttonRef}
        variant="ghost"
        size="sm"
        onClick={() => void openPanel()}
        disabled={disabled}
        title="History"
        className="[&_svg]:text-muted"
      >
        <History size={16} aria-hidden="true" />
        <span>History</span>
      </Button>
      {openings > 0 && (
        <Suspense fallback={null}>
          <HistoryPanel key={openings} {...panel} open={open} onOpenChange={setOpen} opener={buttonRef} />
        </Suspense>
      )}
    </>
  );
}
