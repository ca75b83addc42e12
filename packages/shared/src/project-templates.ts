import type { ProjectColor } from './constants';

// Apart from constants.ts (which loads with the web's first route): only the lazy New Project dialog
// and the server use them.

/** docs/product.md §3 project templates: names and colours in order. */
export const PROJECT_TEMPLATES = {
  student: {
    label: 'Student',
    projects: [
      { name: 'Math', color: 'red' },
      { name: 'History', color: 'blue' },
      { name: 'Geography', color: 'green' },
      { name: 'Science', color: 'purple' },
      { name: 'English', color: 'yellow' },
      { name: 'Art', color: 'pink' },
      { name: 'Music', color: 'orange' },
      { name: 'Philosophy', color: 'brown' },
    ],
  },
  'life-organizer': {
    label: 'Life Organizer',
    projects: [
      { name: 'Work', color: 'blue' },
      { name: 'Personal Development', color: 'green' },
      { name: 'Health & Fitness', color: 'red' },
      { name: 'Relationships', color: 'yellow' },
      { name: 'Ideas & Creativity', color: 'purple' },
      { name: 'Experiences', color: 'orange' },
    ],
  },
  'mind-mission': {
    label: 'Mind & Mission',
    projects: [
      { name: 'Vision & Goals', color: 'green' },
      { name: 'Learning Vault', color: 'blue' },
      { name: 'Mindset & Journal', color: 'purple' },
      { name: 'Health & Energy', color: 'red' },
      { name: 'Systems & Tools', color: 'orange' },
      { name: 'Relationships & Social', color: 'pink' },
      { name: 'Daily Flow & Routines', color: 'red' },
    ],
  },
} as const satisfies Record<
  string,
  { label: string; projects: readonly { name: string; color: ProjectColor }[] }
>;
export type ProjectTemplateId = keyof typeof PROJECT_TEMPLATES;
export const PROJECT_TEMPLATE_IDS = Object.keys(PROJECT_TEMPLATES) as ProjectTemplateId[];
