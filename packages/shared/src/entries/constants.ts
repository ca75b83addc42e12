// The zod-free constants (@notewise/shared/constants): safe to import from the web's first route.
export * from '../constants';
export * from '../editor-palettes';
export * from '../languages';
export * from '../project-templates';
