/** Set by vite.config.ts at build time: the offline cache's buster (decision 024). */
declare const __NOTEWISE_BUILD_ID__: string;
