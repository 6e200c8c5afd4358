/**
 * How the wizard's own script proves to `dlsetup serve` that it holds the token (docs/security.md). Never a cookie: a
 * browser sends a host's cookies to every port of that host, so any other local service would receive it.
 */

/** The printed URL carries the token in its fragment (`/#token=…`), which a browser sends to no server and no Referer. */
export const TOKEN_FRAGMENT_PARAM = 'token';

/** The shape of a token `dlsetup serve` makes (24 random bytes, base64url); anything else is not one. */
export const TOKEN_PATTERN = /^[A-Za-z0-9_-]{32}$/;

/** The WebSocket subprotocol the events socket answers with; it never names the token. */
export const EVENTS_PROTOCOL = 'dlsetup.events';

/** A browser cannot set headers on a WebSocket, so the token travels as a second offered subprotocol: this prefix, then it. */
export const TOKEN_PROTOCOL_PREFIX = 'dlsetup.token.';
