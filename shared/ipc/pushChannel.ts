/**
 * The one push channel: every PushEvent (install progress, environment checks) goes out on it. Its own module so the
 * sandboxed preload bundle carries no schemas.
 */
export const PUSH_CHANNEL = 'engine:events';
