import type { VoiceNotes } from '@notewise/shared';

interface LiveNotesProps {
  notes: VoiceNotes;
  headingLevel?: 'h3' | 'h4';
}

/** Summary, decisions and action items as the assistant keeps them during the call. */
export function LiveNotes({ notes, headingLevel: Heading = 'h3' }: LiveNotesProps) {
  const empty = notes.summary === '' && notes.decisions.length === 0 && notes.actionItems.length === 0;
  if (empty) {
    return <p className="text-[13px] text-muted">Notes appear here after the first few things said.</p>;
  }
  return (
    <div className="space-y-3 text-[14px]">
      {notes.summary && (
        <section>
          <Heading className="mb-1 text-[13px] font-semibold text-muted">Summary</Heading>
          <p className="leading-relaxed">{notes.summary}</p>
        </section>
      )}
      {notes.decisions.length > 0 && (
        <section>
          <Heading className="mb-1 text-[13px] font-semibold text-muted">Decisions</Heading>
          <ul className="list-disc space-y-1 pl-5">
            {notes.decisions.map((decision) => (
              <li key={decision}>{decision}</li>
            ))}
          </ul>
        </section>
      )}
      {notes.actionItems.length > 0 && (
        <section>
          <Heading className="mb-1 text-[13px] font-semibold text-muted">Action items</Heading>
          <ul className="space-y-1">
            {notes.actionItems.map((item) => (
              <li key={item} className="flex gap-2">
                <span
                  aria-hidden="true"
                  className="mt-[3px] size-3.5 shrink-0 rounded-[3px] border border-border-strong"
                />
                <span>{item}</span>
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
