/** One Server-Sent Event: its name (`message` when the server gave none) and its joined data lines. */
export interface SseEvent {
  event: string;
  data: string;
}

/**
 * An incremental Server-Sent Events parser (the subset POST /api/ai/enhance sends): feed it decoded
 * text as it arrives, in chunks of any size, and it returns the events completed so far. Events end
 * at a blank line; `:` lines are comments (keep-alives) and are skipped; CRLF and CR line ends work.
 */
export function createSseParser() {
  let buffer = '';
  let event = '';
  let data: string[] = [];

  const takeLine = (line: string, out: SseEvent[]) => {
    if (line === '') {
      if (data.length > 0) out.push({ event: event || 'message', data: data.join('\n') });
      event = '';
      data = [];
      return;
    }
    if (line.startsWith(':')) return;
    const colon = line.indexOf(':');
    const field = colon === -1 ? line : line.slice(0, colon);
    let value = colon === -1 ? '' : line.slice(colon + 1);
    if (value.startsWith(' ')) value = value.slice(1);
    if (field === 'event') event = value;
    else if (field === 'data') data.push(value);
    // `id` and `retry` mean nothing to a one-shot fetch stream.
  };

  return {
    push(chunk: string): SseEvent[] {
      buffer += chunk;
      const out: SseEvent[] = [];
      let start = 0;
      for (let index = 0; index < buffer.length; index += 1) {
        const char = buffer[index];
        if (char !== '\n' && char !== '\r') continue;
        // A CR at the very end may be the first half of a CRLF: wait for the next chunk.
        if (char === '\r' && index === buffer.length - 1) break;
        takeLine(buffer.slice(start, index), out);
        if (char === '\r' && buffer[index + 1] === '\n') index += 1;
        start = index + 1;
      }
      buffer = buffer.slice(start);
      return out;
    },
  };
}
