import { describe, expect, it } from 'vitest';
import { changeKindOf, createHistory, GROUP_WINDOW_MS, record, redo, undo } from './text-history';

const entry = (text: string) => ({ text, selectionStart: text.length, selectionEnd: text.length });

describe('text history', () => {
  it('groups continuous typing into one step and undoes it at once', () => {
    let history = createHistory();
    history = record(history, entry('h'), 'insert', 0);
    history = record(history, entry('he'), 'insert', 100);
    history = record(history, entry('hey'), 'insert', 200);
    expect(history.past).toHaveLength(1);
    history = undo(history);
    expect(history.present.text).toBe('');
    history = redo(history);
    expect(history.present.text).toBe('hey');
  });

  it('starts a new step after a pause, a new line or a change of kind', () => {
    let history = createHistory();
    history = record(history, entry('a'), 'insert', 0);
    history = record(history, entry('ab'), 'insert', GROUP_WINDOW_MS + 1);
    history = record(history, entry('ab\n'), 'newline', GROUP_WINDOW_MS + 2);
    history = record(history, entry('ab'), 'delete', GROUP_WINDOW_MS + 3);
    expect(history.past.map((item) => item.text)).toEqual(['', 'a', 'ab', 'ab\n']);
  });

  it('drops the redo stack on a new change', () => {
    let history = createHistory('x');
    history = record(history, entry('xy'), 'insert', 0);
    history = undo(history);
    history = record(history, entry('xz'), 'insert', 10);
    expect(history.future).toEqual([]);
    expect(redo(history)).toBe(history);
  });

  it('maps input types to kinds', () => {
    expect(changeKindOf('insertText')).toBe('insert');
    expect(changeKindOf('deleteContentBackward')).toBe('delete');
    expect(changeKindOf('insertLineBreak')).toBe('newline');
    expect(changeKindOf('insertFromPaste')).toBe('other');
    expect(changeKindOf('deleteByCut')).toBe('other');
  });
});
