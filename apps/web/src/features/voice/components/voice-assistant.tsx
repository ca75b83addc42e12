import { lazy, Suspense } from 'react';

// The card, its audio code and its dialogs load after the first route's JS (its budget is full).
const VoiceCard = lazy(async () => ({ default: (await import('./voice-card')).VoiceCard }));

/** Capture's voice assistant card (see voice-card.tsx), loaded on demand. */
export function VoiceAssistant() {
  return (
    <Suspense fallback={null}>
      <VoiceCard />
    </Suspense>
  );
}
