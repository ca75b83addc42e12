import { AI_MESSAGES } from '@notewise/shared';
import { describe, expect, it } from 'vitest';
import { createBuiltinProvider } from '../src/ai/builtin';
import { bestProject, captureNote, titleFromContent } from '../src/ai/builtin/capture';
import { fixGrammar, grammarSegments, loadHarper } from '../src/ai/builtin/grammar';
import { structureText } from '../src/ai/builtin/structure';
import { noteSentences, summarizeText } from '../src/ai/builtin/summarize';
import { splitSentences } from '../src/ai/builtin/text';
import { AiError } from '../src/ai/errors';
import { createAiProvider } from '../src/ai/provider';

async function collect(stream: AsyncIterable<string>) {
  const chunks: string[] = [];
  for await (const chunk of stream) chunks.push(chunk);
  return { chunks, text: chunks.join('') };
}

const COUNCIL = [
  'The city council met on Tuesday to discuss the new bicycle lanes.',
  'Several residents spoke in favour of the bicycle lanes, citing safety for children.',
  'Shop owners worried that the lanes would remove parking spaces in front of their stores.',
  'The council agreed to study parking on the main street before a final vote.',
  'A traffic engineer presented data showing fewer accidents on streets with protected bicycle lanes.',
  'The final vote on the bicycle lanes is planned for next month.',
];

const LONG_NOTE = [
  COUNCIL.join(' '),
  '',
  'Dr. Smith noted that Amsterdam has built hundreds of kilometres of lanes. The budget is 2.5 million euros.',
  'Some members asked for a pilot on one street first. The mayor supports a pilot on the main street.',
  'Everyone thanked the residents for coming.',
].join('\n');

function expectOwnSentencesInOrder(summary: string[], source: string[]) {
  let last = -1;
  for (const sentence of summary) {
    const index = source.indexOf(sentence);
    expect(index, `"${sentence}" is one of the note's sentences`).toBeGreaterThan(last);
    last = index;
  }
}

describe('built-in engine', () => {
  const provider = createBuiltinProvider();

  it('is the default provider and cannot translate', () => {
    const chosen = createAiProvider({
      baseUrl: undefined,
      apiKey: undefined,
      model: 'x',
      timeoutMs: 60_000,
      rateLimit: 30,
    });
    expect(chosen.kind).toBe('builtin');
    expect(chosen.model).toBeNull();
    expect(chosen.capabilities).toEqual({
      summarize: true,
      grammar: true,
      translate: false,
      structure: true,
      capture: true,
    });
  });

  describe('summarize', () => {
    it('splits sentences without breaking at abbreviations, initials or decimals', () => {
      expect(
        splitSentences('Dr. Smith met J. Doe at 10.30 today. The fee is 2.5 euros! Is that fair? Yes.'),
      ).toEqual(['Dr. Smith met J. Doe at 10.30 today.', 'The fee is 2.5 euros!', 'Is that fair?', 'Yes.']);
    });

    it('keeps about a third of a paragraph: shorter, only its own sentences, in their order', async () => {
      const input = COUNCIL.join(' ');
      const { text, chunks } = await collect(provider.summarize(input));
      expect(chunks.length).toBeGreaterThan(3); // streamed word by word
      expect(text.length).toBeLessThan(input.length);
      const kept = splitSentences(text);
      expect(kept).toHaveLength(2);
      expectOwnSentencesInOrder(kept, COUNCIL);
      // The opening sentence states the topic and the most frequent words are about the lanes.
      expect(kept[0]).toBe(COUNCIL[0]);
    });

    it('gives a long note (more than 8 sentences) as Markdown bullets of its own sentences', async () => {
      const { text } = await collect(provider.summarize(LONG_NOTE));
      const lines = text.split('\n');
      const source = noteSentences(LONG_NOTE);
      expect(source).toHaveLength(11);
      expect(lines).toHaveLength(Math.round(11 / 3));
      for (const line of lines) expect(line).toMatch(/^- /);
      expectOwnSentencesInOrder(
        lines.map((line) => line.slice(2)),
        source,
      );
      expect(text.length).toBeLessThan(LONG_NOTE.length / 2);
    });

    it('keeps inline formatting, skips headings and code, and returns a single sentence as it is', () => {
      const note = [
        '# Weekly review',
        '',
        'We shipped **the new editor** this week. Users love <u>the editor</u>. The editor is fast.',
        '',
        '```js',
        'const editor = 1;',
        '```',
      ].join('\n');
      const summary = summarizeText(note);
      expect(summary).not.toContain('Weekly review');
      expect(summary).not.toContain('const');
      expect(summary).toBe('We shipped **the new editor** this week.');
      expect(summarizeText('Just one sentence here.')).toBe('Just one sentence here.');
    });
  });

  describe('grammar (harper.js, offline)', () => {
    it("fixes 'i has went to the the store' with harper's own suggestions", async () => {
      const { text, chunks } = await collect(provider.grammar('i has went to the the store.'));
      expect(chunks.length).toBeGreaterThan(1);
      expect(text).toMatch(/^I /);
      expect(text).not.toMatch(/\bthe the\b/);
      expect(text).toMatch(/ to the store\.$/);
      // Every fix harper suggested was applied: harper finds nothing left to complain about.
      const linter = await loadHarper();
      const remaining = await linter.lint(text, { language: 'markdown' });
      expect(remaining.map((lint) => lint.message())).toEqual([]);
    });

    it('never touches Markdown, inline HTML, links or code, and fixes the prose around them', async () => {
      const note = [
        '# Trip plan',
        '',
        '- [ ] i has to book <u>teh</u> hotel',
        '- see [the the guide](https://example.com/teh-guide) and `teh code`',
        '',
        '<span style="color: #ef4444">This sentense is red.</span> **Bold** stays.',
        '',
        '```js',
        'const teh = "i has went";',
        '```',
      ].join('\n');
      const { text } = await collect(fixGrammar(note));
      const lines = text.split('\n');
      expect(lines).toHaveLength(note.split('\n').length);
      expect(lines[0]).toBe('# Trip plan');
      expect(lines[2]).toMatch(/^- \[ \] I /);
      expect(lines[2]).toContain('<u>the</u>');
      expect(lines[3]).toContain('(https://example.com/teh-guide)');
      expect(lines[3]).toContain('`teh code`');
      expect(lines[5]).toContain('<span style="color: #ef4444">This sentence is red.</span>');
      expect(lines[5]).toContain('**Bold** stays.');
      expect(lines.slice(7).join('\n')).toBe('```js\nconst teh = "i has went";\n```');
    });

    it('leaves names and identifiers alone (no spelling "fix" of capitalised words)', async () => {
      const { text } = await collect(fixGrammar('Notewise stores notes with Kysely and getUserId.'));
      expect(text).toBe('Notewise stores notes with Kysely and getUserId.');
    });

    it('checks the note in segments that join back to the input', () => {
      const note = 'one\ntwo\n\n```\ncode\n\nmore\n```\n\nthree';
      const segments = grammarSegments(note);
      expect(segments.map((s) => s.text).join('\n')).toBe(note);
      expect(segments.filter((s) => s.check).map((s) => s.text)).toEqual(['one\ntwo', 'three']);
    });
  });

  describe('structure', () => {
    it('turns a dashed list into a Markdown list and title-like lines into headings', async () => {
      const input = [
        'Project kickoff',
        'We met with the client to discuss the scope. Everyone agreed on the timeline.',
        'Next steps:',
        '- send the contract',
        '* book the venue',
        '• hire a designer',
        '1) draft the budget',
        '2) review it with Anna',
      ].join('\n');
      const { text, chunks } = await collect(provider.structure(input));
      expect(chunks.length).toBeGreaterThan(5);
      expect(text).toBe(
        [
          '# Project kickoff',
          '',
          'We met with the client to discuss the scope. Everyone agreed on the timeline.',
          '',
          '## Next steps',
          '',
          '- send the contract',
          '- book the venue',
          '- hire a designer',
          '',
          '1. draft the budget',
          '2. review it with Anna',
        ].join('\n'),
      );
    });

    it('splits a long paragraph into paragraphs of 2-3 sentences and keeps existing Markdown', () => {
      const input = ['# Notes', '', COUNCIL.join(' '), '', 'Budget', 'It is **2.5 million** euros.'].join(
        '\n',
      );
      const output = structureText(input);
      const blocks = output.split('\n\n');
      expect(blocks[0]).toBe('# Notes');
      expect(blocks.slice(1, 3)).toEqual([COUNCIL.slice(0, 3).join(' '), COUNCIL.slice(3).join(' ')]);
      // The note has a title already, so the next title-like line is a '## ' heading.
      expect(blocks[3]).toBe('## Budget');
      expect(blocks[4]).toBe('It is **2.5 million** euros.');
    });

    it('keeps a run of short lines typed one under another as a list, and code as it is', () => {
      const output = structureText('Eggs\nMilk\nBread\n\n```\n- not a list\n```');
      expect(output).toBe('- Eggs\n- Milk\n- Bread\n\n```\n- not a list\n```');
    });
  });

  describe('capture', () => {
    const projects = [
      { id: 'health', name: 'Health', description: 'Workouts, sleep and food' },
      { id: 'work', name: 'Work', description: 'Client meetings and budget planning' },
      { id: 'budget', name: 'Budget', description: '' },
    ];

    it('titles a note from its first sentence and files it by word overlap', async () => {
      const note = 'Meeting with the client about the quarterly budget. We agreed on the numbers.';
      expect(await provider.capture(note, projects)).toEqual({
        title: 'Meeting with the client about the quarterly budget',
        projectId: 'work',
      });
    });

    it('breaks ties in favour of the first project and gives null without any overlap', () => {
      expect(bestProject('A budget workout', projects)).toBe('health');
      expect(bestProject('Buy flowers for grandma', projects)).toBeNull();
      expect(captureNote('Anything at all', []).projectId).toBeNull();
    });

    it('makes a short, clean title from Markdown', () => {
      expect(titleFromContent('# Groceries for the **weekend**.\n\nEggs and milk.')).toBe(
        'Groceries for the weekend',
      );
      const long = titleFromContent(`${'word '.repeat(40)}end.`);
      expect(long.length).toBeLessThanOrEqual(80);
      expect(long.endsWith('…')).toBe(true);
      expect(titleFromContent('   ')).toBe('Untitled Note');
    });
  });

  describe('translate', () => {
    it('refuses with AI_MODEL_REQUIRED instead of faking a translation', () => {
      let thrown: unknown;
      try {
        provider.translate('Hello world', 'French');
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(AiError);
      expect(thrown).toMatchObject({
        statusCode: 422,
        code: 'AI_MODEL_REQUIRED',
        message: AI_MESSAGES.modelRequired,
      });
      expect(AI_MESSAGES.modelRequired).toBe('Translation needs an AI model: set AI_BASE_URL');
    });
  });

  it('stops streaming with a Cancelled error once aborted', async () => {
    const controller = new AbortController();
    const iterator = provider.summarize(LONG_NOTE, { signal: controller.signal })[Symbol.asyncIterator]();
    await iterator.next();
    controller.abort();
    await expect(iterator.next()).rejects.toMatchObject({ code: 'AI_CANCELLED', message: 'Cancelled' });
  });
});
