/**
 * `voice.*` live events are re-dispatched on window under this name, so the (lazy) voice card can
 * listen without the live-events connection (app/realtime) knowing about the voice feature.
 */
export const VOICE_EVENT_NAME = 'notewise:voice';
