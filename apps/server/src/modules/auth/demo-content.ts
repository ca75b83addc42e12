import type { NotesRepo } from '../notes/notes.repo';
import type { ProjectsRepo } from '../projects/projects.repo';
import type { SharingRepo } from '../projects/sharing/sharing.repo';

/**
 * docs/design.md §3, first impression: the demo account opens onto real content in its colours, notes that
 * show off formatting, one pinned note, and a shared project.
 */
export async function seedDemoContent(
  userId: string,
  projects: ProjectsRepo,
  notes: NotesRepo,
  shared: SharingRepo,
) {
  const teamId = await shared.createShared(userId, {
    name: 'Team Handbook',
    description: 'Shared with the team by its 6-digit code',
    color: 'orange',
  });
  await notes.create(userId, {
    projectId: teamId,
    title: 'How we work',
    content: [
      '## Rituals',
      '',
      '- Monday planning',
      '- Friday demo',
      '',
      'Everyone in this project edits this note **together**, live.',
    ].join('\n'),
  });

  const work = await projects.create(userId, {
    name: 'Work',
    description: 'Meetings, plans and follow-ups',
    color: 'blue',
  });
  const personal = await projects.create(userId, {
    name: 'Personal',
    description: 'Life admin and errands',
    color: 'green',
  });
  const ideas = await projects.create(userId, {
    name: 'Ideas',
    description: 'Sparks worth keeping',
    color: 'purple',
  });

  const samples: { projectId: string; title: string; content: string; tags?: string[]; pin?: boolean }[] = [
    {
      projectId: work.id,
      title: 'Welcome to Notewise',
      pin: true,
      tags: ['getting started'],
      content: [
        '# Welcome to Notewise',
        '',
        'Capture a thought on the **Capture** screen, then let the AI *summarize*, fix grammar or restructure it.',
        '',
        '- [x] Sign in with the demo account',
        '- [ ] Pin a note you want to keep in sight',
        '- [ ] Share a project with a 6-digit code',
        '',
        '> Tip: press Ctrl+K to search every note.',
      ].join('\n'),
    },
    {
      projectId: work.id,
      title: 'Weekly planning meeting',
      tags: ['meeting'],
      content: [
        '## Agenda',
        '',
        '1. Review last week',
        '2. Launch checklist',
        '3. Hiring update',
        '',
        'Decision: ship the beta on <mark data-color="#fef08a">Friday</mark>.',
      ].join('\n'),
    },
    {
      projectId: work.id,
      title: 'Launch checklist',
      tags: ['launch'],
      content: [
        '- [x] Write release notes',
        '- [x] Update the help center',
        '- [ ] Announce to the team',
      ].join('\n'),
    },
    {
      projectId: work.id,
      title: 'Customer call notes',
      content:
        'The customer loves the <u>offline mode</u> and asked for <span style="color: #3b82f6">shared templates</span>.',
    },
    {
      projectId: personal.id,
      title: 'Groceries',
      tags: ['shopping'],
      content: ['- [ ] Oat milk', '- [ ] Apples', '- [x] Coffee beans', '- [ ] Basil'].join('\n'),
    },
    {
      projectId: personal.id,
      title: 'Trip to Lisbon',
      tags: ['travel'],
      content: [
        '## Places',
        '',
        '- Alfama at sunset',
        '- LX Factory',
        '- Belém for pastéis',
        '',
        '> Book the tram 28 early in the morning.',
      ].join('\n'),
    },
    {
      projectId: personal.id,
      title: 'Reading list',
      content: [
        '1. The Design of Everyday Things',
        '2. Deep Work',
        '3. A Philosophy of Software Design',
      ].join('\n'),
    },
    {
      projectId: personal.id,
      title: 'Workout plan',
      tags: ['health'],
      content:
        'Monday: run 5 km. Wednesday: strength. Friday: <span style="font-size: 18px">long walk</span>.',
    },
    {
      projectId: ideas.id,
      title: 'App idea: plant tracker',
      tags: ['idea'],
      content: 'Remind me to water each plant based on the **season** and the *pot size*.',
    },
    {
      projectId: ideas.id,
      title: 'Blog post outline',
      content: ['# Why plain text lasts', '', '- Portable', '- Searchable', '- Future-proof'].join('\n'),
    },
    {
      projectId: ideas.id,
      title: 'Quotes',
      content:
        '> Simplicity is prerequisite for reliability.\n\n> Make it work, make it right, make it fast.',
    },
    {
      projectId: ideas.id,
      title: 'Gift ideas',
      content: '- Notebook with <mark data-color="#bbf7d0">dot grid</mark>\n- Pour-over coffee kit',
    },
  ];
  for (const sample of samples.reverse()) {
    const { note } = await notes.create(userId, sample);
    if (sample.pin) await notes.pin(userId, note.id);
  }
}
