export * from './auth.schema';
export * from './constants';
export * from './errors';
export * from './me.schema';
export * from './messages';
export * from './plans';
