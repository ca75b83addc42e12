import { docToMarkdown, markdownToDoc } from '@notewise/editor';
import { strFromU8, strToU8, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { docxNote } from '../src/modules/export-import/import-files';
import { renderNoteDocx } from '../src/modules/export-import/note-docx';

/*
 * Word numbered lists keep their numbers on import (decision 072): where a list starts (`w:start`,
 * `w:startOverride`), a list interrupted by a paragraph goes on counting, a nested level starts
 * again under each item, a restarted list instance starts again.
 */

const W = 'http://schemas.openxmlformats.org/wordprocessingml/2006/main';

/** A level as Word writes it. */
const lvl = (ilvl: number, start: number, format: string) =>
  `<w:lvl w:ilvl="${ilvl}"><w:start w:val="${start}"/><w:numFmt w:val="${format}"/><w:lvlText w:val="%${ilvl + 1}."/><w:lvlJc w:val="left"/><w:pPr><w:ind w:left="${720 * (ilvl + 1)}" w:hanging="360"/></w:pPr></w:lvl>`;

/**
 * Word's numbering part for: list 10 numbered from 5 with lettered sub-items; num 1 uses it, num 2
 * restarts it at 1 (Word's "Restart numbering"), num 4 uses it again without a restart (so it goes
 * on counting); num 3 bullets.
 */
const NUMBERING = `<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:numbering xmlns:w="${W}">
<w:abstractNum w:abstractNumId="10"><w:multiLevelType w:val="hybridMultilevel"/>${lvl(0, 5, 'decimal')}${lvl(1, 1, 'lowerLetter')}</w:abstractNum>
<w:abstractNum w:abstractNumId="20">${lvl(0, 1, 'bullet')}</w:abstractNum>
<w:num w:numId="1"><w:abstractNumId w:val="10"/></w:num>
<w:num w:numId="2"><w:abstractNumId w:val="10"/><w:lvlOverride w:ilvl="0"><w:startOverride w:val="1"/></w:lvlOverride></w:num>
<w:num w:numId="3"><w:abstractNumId w:val="20"/></w:num>
<w:num w:numId="4"><w:abstractNumId w:val="10"/></w:num>
</w:numbering>`;

const item = (numId: number, ilvl: number, text: string) =>
  `<w:p><w:pPr><w:pStyle w:val="ListParagraph"/><w:numPr><w:ilvl w:val="${ilvl}"/><w:numId w:val="${numId}"/></w:numPr></w:pPr><w:r><w:t>${text}</w:t></w:r></w:p>`;
const para = (text: string) => `<w:p><w:r><w:t>${text}</w:t></w:r></w:p>`;

/** A real Word document (the export writer's parts) with this body and numbering. */
async function wordDocument(body: string): Promise<Record<string, Uint8Array>> {
  const parts = unzipSync(new Uint8Array(await renderNoteDocx('Base', markdownToDoc('Base text.'))));
  const xml = strFromU8(parts['word/document.xml']!);
  expect(parts['word/numbering.xml']).toBeDefined();
  return {
    ...parts,
    'word/numbering.xml': strToU8(NUMBERING),
    'word/document.xml': strToU8(xml.replace(/<w:body>[\s\S]*<\/w:body>/, `<w:body>${body}</w:body>`)),
  };
}

async function imported(parts: Record<string, Uint8Array>): Promise<string> {
  const [step] = await docxNote('Lists.docx', parts);
  if (!step || !('note' in step)) throw new Error(`not imported: ${JSON.stringify(step)}`);
  return step.note.prepared.content;
}

describe('Word numbered lists keep their numbers', () => {
  it('starts, a list continued after a paragraph, nested levels, a restarted list, bullets', async () => {
    const parts = await wordDocument(
      [
        para('Intro'),
        item(1, 0, 'Five'),
        item(1, 0, 'Six'),
        item(1, 1, 'Sub a'),
        item(1, 1, 'Sub b'),
        para('A paragraph between the items.'),
        item(1, 0, 'Seven'),
        item(1, 1, 'Sub again'),
        para('Restarted:'),
        item(2, 0, 'One again'),
        item(2, 0, 'Two again'),
        para('Continued from the restarted list:'),
        item(4, 0, 'Three again'),
        item(3, 0, 'A bullet'),
      ].join(''),
    );
    expect(await imported(parts)).toBe(
      [
        'Intro',
        '5. Five\n6. Six\n   1. Sub a\n   2. Sub b',
        'A paragraph between the items.',
        '7. Seven\n   1. Sub again',
        'Restarted:',
        '1. One again\n2. Two again',
        'Continued from the restarted list:',
        '3. Three again',
        '- A bullet',
      ].join('\n\n'),
    );
  });

  it('a document without numbers in its lists is unchanged: no bookmark shows', async () => {
    const parts = await wordDocument([item(3, 0, 'Bullet one'), item(3, 0, 'Bullet two')].join(''));
    expect(await imported(parts)).toBe('- Bullet one\n- Bullet two');
  });

  it('our own export of lists that start past 1, nested too, reads back the same', async () => {
    const markdown =
      '3. three\n4. four\n\nBetween.\n\n7. seven\n\n   2. nested two\n   3. nested three\n8. eight';
    const doc = markdownToDoc(markdown);
    const parts = unzipSync(new Uint8Array(await renderNoteDocx('Lists', doc)));
    // The title paragraph becomes the note's title; the rest is the note.
    expect(await imported(parts)).toBe(docToMarkdown(doc));
  });
});
