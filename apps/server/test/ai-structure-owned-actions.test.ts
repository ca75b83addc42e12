import { describe, expect, it } from 'vitest';
import { structureText } from '../src/engines/ai/builtin/structure';

// Minutes assign tasks as 'Owner to verb ...' or 'Owner will verb ...' under agenda items (OpenJS
// Cross Project Council minutes, dev keys 40-42): each such item becomes a checklist item with its
// owner and every word kept, even in a list that is no checklist (decision 093).
const MINUTES = [
  '## Present',
  '',
  '* Myles Borins (@MylesBorins)',
  '* Robin Ginn (@rginn)',
  '',
  '## Agenda',
  '',
  '* Enabling Payments for GitHub Codespaces for Projects [#1009](https://example.org/1009)',
  '  * Sean to update the issue.',
  '  * Agreement to think about this and discuss again next time.',
  '  * Approved. OK to close.',
  '* Open Up Community Board Seat',
  '  * Rough consensus to move forward with this.',
  '  * Matteo + Robin to draft the charter changes.',
  '  * Myles will open PR to move to stage 3.',
  '  * GitHub will deprecate the old API in May.',
  '  * It’s to make sure open source ideals are respected.',
  '  * Hard to say which option is better.',
  '  * Ready to merge once CI passes.',
].join('\n');

describe('owned action items in minutes', () => {
  const output = structureText(MINUTES);
  const checked = output.split('\n').flatMap((line) => /^[ \t]*- \[ \] (.*)$/.exec(line)?.[1] ?? []);

  it("makes 'Owner to ...' and a listed person's 'will ...' checklist items, nested ones too", () => {
    expect(checked).toEqual([
      'Sean to update the issue.',
      'Matteo + Robin to draft the charter changes.',
      'Myles will open PR to move to stage 3.',
    ]);
    expect(output).toContain('  - [ ] Sean to update the issue.');
  });

  it("leaves outcomes ('Agreement to ...', 'Approved.'), a company's plans and other items as they are", () => {
    for (const line of [
      'Agreement to think about this',
      'Approved. OK to close.',
      'Rough consensus to move forward',
      'GitHub will deprecate',
      'It’s to make sure',
      'Hard to say',
      'Ready to merge',
    ])
      expect(
        checked.some((item) => item.includes(line)),
        line,
      ).toBe(false);
    expect(output).toContain('- Enabling Payments for GitHub Codespaces for Projects');
  });

  it('keeps every word in its order', () => {
    const words = (text: string) => text.replace(/\[ \]/g, '').match(/[\p{L}\d]+/gu) ?? [];
    expect(words(output)).toEqual(words(MINUTES));
  });
});
