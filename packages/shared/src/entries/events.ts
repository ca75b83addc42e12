// The zod-free event names (@notewise/shared/events): safe to import from the web's first route.
export * from '../events';
