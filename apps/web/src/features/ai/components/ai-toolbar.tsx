import {
  type AiAction,
  COMPOSER_LANGUAGES,
  MAX_AI_INPUT_LENGTH,
  QUICK_VIEW_LANGUAGES,
} from '@notewise/shared';
import { AI_MESSAGES } from '@notewise/shared/messages';
import { useQueryClient } from '@tanstack/react-query';
import {
  ArrowDownToLine,
  Languages,
  LayoutList,
  type LucideIcon,
  Replace,
  RotateCcw,
  Sparkles,
  SpellCheck,
  X,
} from 'lucide-react';
import { Popover } from 'radix-ui';
import { useId, useState } from 'react';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { Tooltip } from '@/components/ui/tooltip';
import { useAuth, useAuthDialog } from '@/features/auth';
import type { AiToolbarSlotProps } from '@/features/editor';
import { cn } from '@/lib/cn';
import { toast } from '@/lib/toast';
import { aiStatusKey, useAiStatus } from '../api/ai-status';
import { OFFLINE_REASON, useBrowserOnline } from '../hooks/use-browser-online';
import { useEnhancement } from '../hooks/use-enhancement';
import { TranslateMenu } from './translate-menu';

const ACCESS_REASON = 'AI enhancement needs an active PRO trial or the UNLIMITED plan.';

const ACTIONS: Record<AiAction, { label: string; icon: LucideIcon }> = {
  summarize: { label: 'Summarize', icon: Sparkles },
  grammar: { label: 'Grammar', icon: SpellCheck },
  translate: { label: 'Translate', icon: Languages },
  structure: { label: 'Structure', icon: LayoutList },
};

/**
 * The AI buttons (docs/product.md §2 and §5): Summarize, Grammar, Translate with a searchable language list (23
 * languages in the composer and /editor, 12 in Quick View) and Structure. Disabled when the host
 * says so or without access (with the reason as description); signed-out clicks ask to sign up. While
 * one runs, all of them are disabled and the result streams into the host (useEnhancement).
 */
export function AiToolbar({
  context,
  getText,
  setTextStreaming,
  disabled,
  onBusyChange,
  onApplied,
}: AiToolbarSlotProps) {
  const { user, hasAccess } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const signedIn = user !== null;
  // Offline (decision 024) the AI cannot run: every action needs the server.
  const offline = !useBrowserOnline();
  const blockedReason = signedIn && !hasAccess ? ACCESS_REASON : offline ? OFFLINE_REASON : null;
  const noAccess = blockedReason !== null;
  const status = useAiStatus(signedIn && hasAccess);
  const queryClient = useQueryClient();
  const [languagesOpen, setLanguagesOpen] = useState(false);
  const [lastLanguage, setLastLanguage] = useState<string | null>(null);
  // The server answered 'needs a model' although the status (not loaded yet, or stale) did not say so.
  const [modelMissing, setModelMissing] = useState(false);
  const { busy, run, preview, apply, discard, undoText, undoEnhancement } = useEnhancement(
    { getText, setTextStreaming, onBusyChange, onApplied },
    {
      // Not an error toast: the language list opens again in its explained state.
      onModelRequired: () => {
        setModelMissing(true);
        setLanguagesOpen(true);
        void queryClient.invalidateQueries({ queryKey: aiStatusKey });
      },
    },
  );
  const previewTitleId = useId();
  const reasonId = useId();
  const translateHintId = useId();

  // A result waiting for Replace / Insert below / Discard blocks a second request.
  const off = disabled || noAccess || busy !== null || preview !== null;
  // Known once the status has loaded; before that a 422 from the server tells the same (onModelRequired).
  const translateNeedsModel = status.data?.actions.translate === false || modelMissing;
  const languages = context === 'quick-view' ? QUICK_VIEW_LANGUAGES : COMPOSER_LANGUAGES;

  /** Checks before any action; false when it must not run (and says why where that helps). */
  const ready = (): boolean => {
    if (!signedIn) {
      openAuthDialog('signup');
      return false;
    }
    if (off) return false;
    if (getText().length > MAX_AI_INPUT_LENGTH) {
      toast.error(AI_MESSAGES.contentTooLong);
      return false;
    }
    return true;
  };

  const start = (action: AiAction, language?: string) => {
    if (!ready()) return;
    void run(action, language);
  };

  const onLanguagesOpenChange = (open: boolean) => {
    if (!open) return setLanguagesOpen(false);
    // Without a model the list still opens, in its 'needs a model' state.
    if (!ready()) return;
    setLanguagesOpen(true);
  };

  const button = (action: AiAction) => {
    const { label, icon: Icon } = ACTIONS[action];
    const running = busy === action;
    const describedBy =
      [noAccess && reasonId, action === 'translate' && translateNeedsModel && !noAccess && translateHintId]
        .filter(Boolean)
        .join(' ') || undefined;
    return (
      <Button
        variant="ghost"
        size="sm"
        disabled={off}
        aria-describedby={describedBy}
        title={label}
        className="gap-1.5! px-2! max-sm:gap-1! max-sm:px-1.5! max-md:min-w-11 [&_svg]:text-muted"
        {...(action === 'translate' ? {} : { onClick: () => start(action) })}
      >
        {running ? <Spinner size={16} /> : <Icon size={16} aria-hidden="true" />}
        <span>{label}</span>
      </Button>
    );
  };

  const group = (
    // biome-ignore lint/a11y/useSemanticElements: a toolbar's group of buttons, not a form's fieldset.
    <div
      role="group"
      aria-label="AI actions"
      aria-busy={busy !== null || undefined}
      // Every button keeps its label: on a narrow screen or column the row wraps instead.
      className={cn('flex min-w-0 flex-wrap items-center gap-0.5', noAccess && 'cursor-not-allowed')}
    >
      {button('summarize')}
      {button('grammar')}
      <TranslateMenu
        open={languagesOpen}
        onOpenChange={onLanguagesOpenChange}
        trigger={button('translate')}
        languages={languages}
        lastLanguage={lastLanguage}
        needsModel={translateNeedsModel}
        onPick={(language) => {
          setLanguagesOpen(false);
          setLastLanguage(language);
          start('translate', language);
        }}
      />
      {button('structure')}
    </div>
  );

  const previewLabel = preview ? `${ACTIONS[preview.action].label} result` : '';
  const result = (
    <Popover.Root open={preview !== null} onOpenChange={(open) => !open && discard()}>
      <Popover.Anchor asChild>
        <div className="flex min-w-0 flex-wrap items-center gap-0.5">
          {noAccess ? (
            <Tooltip content={blockedReason}>
              <span className="inline-flex">{group}</span>
            </Tooltip>
          ) : (
            group
          )}
          {context === 'quick-view' && undoText !== null && preview === null && (
            <Button
              variant="ghost"
              size="sm"
              onClick={undoEnhancement}
              disabled={busy !== null}
              title="Undo Enhancement"
              className="gap-1.5! px-2! max-sm:gap-1! max-sm:px-1.5! max-md:min-w-11 [&_svg]:text-muted"
            >
              <RotateCcw size={16} aria-hidden="true" />
              <span>Undo Enhancement</span>
            </Button>
          )}
        </div>
      </Popover.Anchor>
      <Popover.Portal>
        <Popover.Content
          align="start"
          sideOffset={6}
          collisionPadding={8}
          aria-labelledby={previewTitleId}
          // Only an explicit choice (or Escape) ends the preview: a stray click must not lose it.
          onInteractOutside={(event) => event.preventDefault()}
          className={cn(
            'z-50 flex max-h-(--radix-popover-content-available-height) w-[min(32rem,calc(100vw-1rem))] flex-col',
            'rounded-card border border-border bg-panel text-fg shadow-lg focus:outline-none',
            'data-[state=closed]:animate-fade-out data-[state=open]:animate-fade-in',
          )}
        >
          <div className="flex items-center gap-2 border-b border-border px-3 py-2">
            <Sparkles size={16} aria-hidden="true" className="text-muted" />
            <h2 id={previewTitleId} className="text-[13px] font-semibold">
              {previewLabel}
            </h2>
            {preview?.output === null && (
              <span className="ml-auto flex items-center gap-1.5 text-xs text-muted" role="status">
                <Spinner size={12} />
                Writing...
              </span>
            )}
          </div>
          <section
            aria-label={`${previewLabel} text`}
            tabIndex={-1}
            className="min-h-16 flex-1 overflow-y-auto px-3 py-2.5 text-[14px] leading-relaxed whitespace-pre-wrap"
          >
            {preview?.text}
          </section>
          <div className="flex flex-wrap items-center gap-1.5 border-t border-border px-3 py-2">
            <Button size="sm" onClick={() => apply('replace')} disabled={!preview?.output}>
              <Replace size={14} aria-hidden="true" />
              Replace
            </Button>
            <Button
              variant="secondary"
              size="sm"
              onClick={() => apply('insert-below')}
              disabled={!preview?.output}
            >
              <ArrowDownToLine size={14} aria-hidden="true" />
              Insert below
            </Button>
            <Button variant="ghost" size="sm" onClick={discard} className="ml-auto">
              <X size={14} aria-hidden="true" />
              Discard
            </Button>
          </div>
        </Popover.Content>
      </Popover.Portal>
    </Popover.Root>
  );

  return (
    <div className={cn(context === 'quick-view' && 'min-w-0 flex-1')}>
      {result}
      {noAccess && (
        <span id={reasonId} hidden>
          {blockedReason}
        </span>
      )}
      {translateNeedsModel && (
        <span id={translateHintId} hidden>
          {AI_MESSAGES.translateNeedsModel}
        </span>
      )}
    </div>
  );
}
