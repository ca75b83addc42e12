import type { EventBus } from './event-bus';

/** What the event bus tells the list page cache (http/page-cache.ts). */
export interface PageInvalidation {
  forgetUsers(userIds: Iterable<string>): void;
  forgetAll(): void;
}

/**
 * The bus as the app uses it, with every change event dropping the cached list pages of everyone it
 * is for (decision 067): on publish, on this instance at once, so the writer's next read is fresh
 * before Redis brings the event back; and on every message the bus delivers, whichever instance
 * published it. Any event type counts, known or not. When the bus may have lost messages (Redis
 * reconnected), every page goes.
 */
export function invalidatingPages(bus: EventBus, pages: PageInvalidation): EventBus {
  bus.subscribe((message) => pages.forgetUsers(message.audience));
  bus.onGap?.(() => pages.forgetAll());
  return {
    ...bus,
    publish: (message) => {
      pages.forgetUsers(message.audience);
      bus.publish(message);
    },
  };
}
