import { AI_MESSAGES } from '@notewise/shared/messages';
import { ExternalLink } from 'lucide-react';
import { Popover } from 'radix-ui';
import { type ReactElement, useId } from 'react';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/route-table';
import { LanguageList } from './language-list';

/** The Help Center section that tells an admin how to connect a model server. */
const SETUP_ARTICLE = `${paths.helpArticle('ai-actions')}#translation-needs-a-model`;

interface TranslateMenuProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The Translate button (the popover's trigger). */
  trigger: ReactElement;
  languages: readonly string[];
  lastLanguage: string | null;
  /** The server has no model: the list says so and nothing can be picked. */
  needsModel: boolean;
  onPick: (language: string) => void;
}

/**
 * Translate's language list in a popover. Without a model on the server it still opens, with every
 * language disabled, one sentence for the user and a link to the article for whoever runs the server
 * (in a new tab: an unsaved draft or an open note stays as it is).
 */
export function TranslateMenu({
  open,
  onOpenChange,
  trigger,
  languages,
  lastLanguage,
  needsModel,
  onPick,
}: TranslateMenuProps) {
  const needsModelId = useId();
  return (
    <Popover.Root open={open} onOpenChange={onOpenChange}>
      <Popover.Trigger asChild>{trigger}</Popover.Trigger>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={4}
          collisionPadding={8}
          aria-label="Translate to"
          className={cn(
            'z-50 flex max-h-(--radix-popover-content-available-height) w-64 flex-col overflow-hidden',
            'rounded-card border border-border bg-panel text-fg shadow-lg focus:outline-none',
            'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          )}
        >
          <p className="px-3 pt-2.5 pb-1 text-xs font-medium text-muted">Translate to</p>
          {needsModel && (
            <div className="mx-2 mb-2 rounded-control border border-border bg-surface px-2.5 py-2 text-[13px]">
              <p id={needsModelId}>{AI_MESSAGES.translateNeedsModel}</p>
              <a
                href={SETUP_ARTICLE}
                target="_blank"
                rel="noopener"
                className="mt-1 inline-flex items-center gap-1 font-medium text-accent-text underline-offset-4 hover:underline max-md:min-h-11"
              >
                {AI_MESSAGES.translateSetupLink}
                <ExternalLink size={12} aria-hidden="true" />
                <span className="sr-only">(opens in a new tab)</span>
              </a>
            </div>
          )}
          <LanguageList
            languages={languages}
            current={lastLanguage}
            disabled={needsModel}
            describedBy={needsModel ? needsModelId : undefined}
            onPick={onPick}
          />
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );
}
