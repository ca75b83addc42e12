import { describe, expect, it } from 'vitest';
import { createSseParser } from './sse';

describe('createSseParser', () => {
  it('parses events split anywhere across chunks and skips keep-alive comments', () => {
    const parser = createSseParser();
    const text =
      'event: job\ndata: {"jobId":"j1"}\n\n: keep-alive\n\nevent: delta\ndata: {"text":"Hi "}\n\n' +
      'event: done\r\ndata: {"jobId":"j1","output":"Hi "}\r\n\r\n';
    const events = [];
    for (const char of text) events.push(...parser.push(char));
    expect(events).toEqual([
      { event: 'job', data: '{"jobId":"j1"}' },
      { event: 'delta', data: '{"text":"Hi "}' },
      { event: 'done', data: '{"jobId":"j1","output":"Hi "}' },
    ]);
  });

  it('joins multi-line data and defaults the event name', () => {
    const parser = createSseParser();
    expect(parser.push('data: a\ndata:b\n\n')).toEqual([{ event: 'message', data: 'a\nb' }]);
    expect(parser.push('event: delta\n')).toEqual([]);
    expect(parser.push('data: x\n\n')).toEqual([{ event: 'delta', data: 'x' }]);
  });
});
