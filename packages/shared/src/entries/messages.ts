// The zod-free user-facing texts (@notewise/shared/messages): safe to import from the web's first route.
export * from '../ai-messages';
export * from '../messages';
export * from '../voice-messages';
