import { MAX_NOTE_CONTENT_LENGTH, type VoiceNotes, type VoiceTurn } from '@notewise/shared';

/** mm:ss since the call started (minutes keep counting past 59). */
export function formatOffset(offsetMs: number): string {
  const seconds = Math.max(0, Math.floor(offsetMs / 1000));
  const minutes = Math.floor(seconds / 60);
  return `${String(minutes).padStart(2, '0')}:${String(seconds % 60).padStart(2, '0')}`;
}

/** Spoken text as literal Markdown text: what someone said never becomes a heading, link or tag. */
export function escapeMarkdown(text: string): string {
  return text
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/([\\`*_[\]<>#~|!])/g, '\\$1')
    .replace(/^(\d+)([.)])(\s)/, '$1\\$2$3')
    .replace(/^([-+])(\s)/, '\\$1$2');
}

/**
 * The note Save creates: the notes first (summary, decisions, action items as a checklist), then the
 * transcript, one paragraph per turn with its speaker and mm:ss. The notes service sanitizes it as
 * every note; a transcript too long for a note is cut at a turn, with a line saying so.
 */
export function callNoteMarkdown(notes: VoiceNotes, turns: readonly VoiceTurn[]): string {
  const sections: string[] = [];
  sections.push('## Summary', notes.summary ? escapeMarkdown(notes.summary) : '_Nothing to summarize yet._');
  if (notes.decisions.length > 0) {
    sections.push('## Decisions', notes.decisions.map((item) => `- ${escapeMarkdown(item)}`).join('\n'));
  }
  if (notes.actionItems.length > 0) {
    sections.push(
      '## Action items',
      notes.actionItems.map((item) => `- [ ] ${escapeMarkdown(item)}`).join('\n'),
    );
  }
  sections.push('## Transcript');
  const head = sections.join('\n\n');
  const lines: string[] = [];
  let length = head.length;
  const cutNotice = '_The transcript was cut here: it is longer than a note can hold._';
  for (const turn of turns) {
    const line = `**${turn.speaker === 'user' ? 'You' : 'Assistant'}** (${formatOffset(turn.offsetMs)}): ${escapeMarkdown(turn.text)}`;
    if (length + line.length + cutNotice.length + 4 > MAX_NOTE_CONTENT_LENGTH) {
      lines.push(cutNotice);
      break;
    }
    lines.push(line);
    length += line.length + 2;
  }
  if (turns.length === 0) lines.push('_Nothing was said._');
  return `${head}\n\n${lines.join('\n\n')}\n`;
}
