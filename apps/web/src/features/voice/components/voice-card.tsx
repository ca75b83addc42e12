import {
  VOICE_CARD_MESSAGES,
  VOICE_CONNECTING_REFRESH_MS,
  type VoiceCallDetail,
  type VoiceCallSummary,
  type VoiceNotes,
  type VoiceTurn,
} from '@notewise/shared';
import { useQueryClient } from '@tanstack/react-query';
import { AudioLines, Mic, MicOff, PhoneOff } from 'lucide-react';
import { lazy, Suspense, useCallback, useEffect, useId, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card } from '@/components/ui/card';
import { LoadingIndicator } from '@/components/ui/loading-indicator';
import { useAuth, useAuthDialog } from '@/features/auth';
import { errorMessage } from '@/lib/api';
import { cn } from '@/lib/cn';
import { paths } from '@/lib/route-table';
import { endVoiceCall } from '../api/end-voice-call';
import { fetchVoiceCall } from '../api/get-voice-call';
import { useVoiceCalls } from '../api/get-voice-calls';
import { useVoiceOptions } from '../api/get-voice-options';
import { voiceKeys } from '../api/query-keys';
import { useVoiceEvents } from '../hooks/use-voice-events';
import { useVoiceSession, type VoicePhase } from '../hooks/use-voice-session';
import { hasBrowserRecognition } from '../lib/browser-recognition';
import { recallLiveCall, rememberLiveCall } from '../lib/live-call-memory';
import { toast } from '../lib/notify';
import { pickMode } from '../lib/pick-mode';
import { mergeTurns } from '../lib/turns';
import { CallHistory } from './call-history';
import { DiscardedCalls } from './discarded-calls';
import { LiveNotes } from './live-notes';
import { Transcript } from './transcript';
import { WatchedCall } from './watched-call';
import { Waveform } from './waveform';

// Radix Dialog, the projects query and the save request load when a call ends.
const SaveCallDialog = lazy(async () => ({ default: (await import('./save-call-dialog')).SaveCallDialog }));

const PHASE_LABELS: Record<VoicePhase, string> = {
  // 'Ready', not 'Offline': the idle card was read as the app's offline mode.
  offline: 'Ready',
  connecting: 'Connecting...',
  live: 'Live',
  ending: 'Ending...',
};

function StatusPill({ phase }: { phase: VoicePhase }) {
  return (
    <span
      className={cn(
        'inline-flex items-center gap-1.5 rounded-full border px-2 py-0.5 text-[12px] font-medium',
        phase === 'live' ? 'border-success/40 text-success' : 'border-border text-muted',
      )}
      data-testid="voice-status"
    >
      <span
        aria-hidden="true"
        className={cn(
          'size-1.5 rounded-full',
          phase === 'live' ? 'bg-success motion-safe:animate-pulse' : 'bg-border-strong',
        )}
      />
      {PHASE_LABELS[phase]}
    </span>
  );
}

/**
 * The voice assistant card on Capture (docs/product.md §2 "Voice assistant card", §4): offline,
 * connecting, live; while live 'Listening' or 'AI is speaking', Mic On/Off, the waveform, the growing
 * transcript and live notes; End call opens Save Call Notes. Below it, Recent calls.
 */
export function VoiceCard() {
  const { user, hasAccess } = useAuth();
  const { openAuthDialog } = useAuthDialog();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const titleId = useId();
  const reasonId = useId();
  const signedIn = user !== null;
  const allowed = signedIn && hasAccess;

  const options = useVoiceOptions(allowed);
  const [browserRecognition, setBrowserRecognition] = useState(hasBrowserRecognition);
  const mode = pickMode(options.data, browserRecognition);
  const [ended, setEnded] = useState<VoiceCallDetail | null>(null);
  const [saving, setSaving] = useState(false);
  const [opening, setOpening] = useState(false);

  const voice = useVoiceSession({
    mode,
    ttsServer: options.data?.ttsServer ?? false,
    onEnded: setEnded,
  });
  const { applyEvent, phase } = voice;
  // A failed start may have shown that this browser's recognition has no service behind it.
  useEffect(() => {
    if (phase === 'offline') setBrowserRecognition(hasBrowserRecognition());
  }, [phase]);
  useVoiceEvents(
    allowed,
    useCallback(
      (callId: string, update: { turn?: VoiceTurn; notes?: VoiceNotes }) => {
        applyEvent(callId, update);
        // A call watched from this tab (live elsewhere, or opened for saving) follows too.
        queryClient.setQueryData<VoiceCallDetail>(voiceKeys.call(callId), (detail) =>
          detail
            ? {
                ...detail,
                turns: update.turn ? mergeTurns(detail.turns, [update.turn]) : detail.turns,
                notes: update.notes ?? detail.notes,
              }
            : detail,
        );
      },
      [applyEvent, queryClient],
    ),
  );

  // After a reload mid-call: the call this tab had live is still on the server, unsaved.
  const calls = useVoiceCalls(allowed);
  const rememberedId = voice.phase === 'offline' ? recallLiveCall() : null;
  const interrupted =
    rememberedId && calls.data ? (calls.data.find((call) => call.id === rememberedId) ?? null) : null;
  // A call live somewhere else (another tab, another device): watched read-only.
  const elsewhere =
    phase === 'offline' && calls.data
      ? (calls.data.find((call) => call.status === 'live' && call.id !== rememberedId) ?? null)
      : null;
  useEffect(() => {
    if (!rememberedId || !calls.data) return;
    const call = calls.data.find((item) => item.id === rememberedId);
    if (!call || call.status === 'saved') rememberLiveCall(null);
  }, [calls.data, rememberedId]);

  const openCall = useCallback(async (call: Pick<VoiceCallSummary, 'id'>) => {
    setOpening(true);
    try {
      setEnded(await fetchVoiceCall(call.id));
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setOpening(false);
    }
  }, []);

  const live = phase === 'live';
  const busy = phase === 'connecting' || phase === 'ending' || saving || opening;
  const onSavingChange = useCallback((value: boolean) => setSaving(value), []);

  let action: React.ReactNode;
  let explanation: string | null = null;
  if (!signedIn) {
    action = (
      <Button onClick={() => openAuthDialog('signup')}>
        <Mic size={18} aria-hidden="true" />
        {VOICE_CARD_MESSAGES.signInToUse}
      </Button>
    );
  } else if (!hasAccess) {
    action = (
      <Button onClick={() => navigate(`${paths.settings}?tab=plan`)} aria-describedby={reasonId}>
        {VOICE_CARD_MESSAGES.upgrade}
      </Button>
    );
    explanation = VOICE_CARD_MESSAGES.accessReason;
  } else if (live || phase === 'ending') {
    action = (
      <Button
        variant="danger"
        onClick={() => void voice.end()}
        disabled={phase === 'ending'}
        pending={phase === 'ending'}
      >
        <PhoneOff size={18} aria-hidden="true" />
        {phase === 'ending' ? 'Ending call...' : 'End call'}
      </Button>
    );
  } else {
    const unavailable = options.isSuccess && mode === null;
    action = (
      <Button
        onClick={() => {
          // A new call replaces the one a reload interrupted (one live call at a time); its
          // transcript stays under Recent calls.
          const replaced = interrupted?.status === 'live' ? endVoiceCall(interrupted.id) : undefined;
          void voice.start(replaced);
        }}
        disabled={busy || !options.isSuccess || unavailable}
        pending={phase === 'connecting'}
        aria-describedby={reasonId}
      >
        <Mic size={18} aria-hidden="true" />
        {phase === 'connecting' ? 'Connecting...' : 'Start call'}
      </Button>
    );
    if (options.isError) explanation = errorMessage(options.error);
    else if (unavailable) explanation = VOICE_CARD_MESSAGES.recognitionUnavailable;
    else if (mode === 'browser') explanation = VOICE_CARD_MESSAGES.browserRecognition;
    else if (mode === 'server') explanation = VOICE_CARD_MESSAGES.serverRecognition;
    if (options.data?.vapi && explanation)
      explanation = `${explanation} ${VOICE_CARD_MESSAGES.vapiUnsupported}`;
  }

  return (
    <Card aria-labelledby={titleId} className="space-y-4" data-voice-phase={phase}>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div className="flex items-center gap-2">
          <AudioLines size={16} aria-hidden="true" className="text-muted" />
          <h2 id={titleId} className="text-[15px] font-semibold">
            Voice Assistant
          </h2>
          {allowed && <StatusPill phase={phase} />}
        </div>
        {action}
      </div>
      {!live && phase !== 'ending' && (
        <p className="text-[13px] text-muted">
          Talk through a meeting or an idea: the assistant writes the transcript and keeps notes, decisions
          and action items as you speak. Ask it a question and it answers aloud.
        </p>
      )}
      {explanation && (
        <p id={reasonId} className="text-[13px] text-muted">
          {explanation}
        </p>
      )}

      {phase === 'connecting' && (
        <LoadingIndicator
          timeoutMs={VOICE_CONNECTING_REFRESH_MS}
          label="Connecting the call"
          className="min-h-0 p-2"
        />
      )}

      {(live || phase === 'ending') && (
        <>
          <div className="flex flex-wrap items-center gap-3 rounded-card border border-border bg-surface px-3 py-2">
            <p className="min-w-28 text-[14px] font-medium" role="status" aria-live="polite">
              {voice.aiSpeaking ? 'AI is speaking' : 'Listening'}
            </p>
            <Waveform bars={voice.bars} active={voice.micOn && !voice.aiSpeaking} />
            <span className="text-[12px] text-muted" aria-live="off">
              {voice.transcribing > 0 ? 'Transcribing...' : voice.userSpeaking ? 'Hearing you...' : ''}
            </span>
            <Button
              variant="secondary"
              size="sm"
              className="ml-auto"
              onClick={voice.toggleMic}
              aria-pressed={!voice.micOn}
              disabled={phase !== 'live'}
            >
              {voice.micOn ? <Mic size={14} aria-hidden="true" /> : <MicOff size={14} aria-hidden="true" />}
              {voice.micOn ? 'Mic On' : 'Mic Off'}
            </Button>
          </div>
          <div className="grid gap-4 md:grid-cols-2">
            <section aria-labelledby={`${titleId}-transcript`} className="min-w-0 space-y-2">
              <h3 id={`${titleId}-transcript`} className="text-[13px] font-semibold text-muted">
                Transcript
              </h3>
              <Transcript
                turns={voice.turns}
                interim={voice.interim}
                follow
                label="Live transcript"
                className="max-h-72 max-md:max-h-56"
                emptyText="Start talking: what you say appears here."
              />
            </section>
            <section aria-labelledby={`${titleId}-notes`} className="min-w-0 space-y-2">
              <h3 id={`${titleId}-notes`} className="text-[13px] font-semibold text-muted">
                Live notes
              </h3>
              <LiveNotes notes={voice.notes} headingLevel="h4" />
            </section>
          </div>
        </>
      )}

      {allowed && elsewhere && <WatchedCall callId={elsewhere.id} />}

      {allowed && interrupted && interrupted.status !== 'saved' && phase === 'offline' && (
        <div
          role="alert"
          className="space-y-2 rounded-card border border-warning/50 bg-surface p-3 text-[13px]"
        >
          <p>{VOICE_CARD_MESSAGES.interrupted}</p>
          <Button size="sm" disabled={busy} onClick={() => void openCall(interrupted)}>
            Save what was captured
          </Button>
        </div>
      )}

      {allowed && (
        <section aria-labelledby={`${titleId}-history`} className="space-y-1 border-t border-border pt-3">
          <h3 id={`${titleId}-history`} className="text-[13px] font-semibold text-muted">
            Recent calls
          </h3>
          <CallHistory
            activeCallId={voice.call?.id ?? null}
            onOpen={(call) => void openCall(call)}
            disabled={busy}
          />
        </section>
      )}
      {allowed && <DiscardedCalls headingId={`${titleId}-discarded`} />}

      {ended && (
        <Suspense fallback={null}>
          <SaveCallDialog
            detail={ended}
            onBusyChange={onSavingChange}
            onClose={() => {
              if (ended?.call.id === recallLiveCall()) rememberLiveCall(null);
              setEnded(null);
              void queryClient.invalidateQueries({ queryKey: voiceKeys.calls() });
            }}
          />
        </Suspense>
      )}
    </Card>
  );
}
