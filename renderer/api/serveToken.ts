import { TOKEN_FRAGMENT_PARAM, TOKEN_PATTERN } from '../../shared/ipc/serveCredential.js';

/** sessionStorage is scoped to this tab and to this exact origin (scheme, host and port): no other local port reads it. */
const STORAGE_KEY = 'dlsetup.serveToken';

/** This tab's `dlsetup serve` token, as far as the browser lets it be kept; storage can be switched off. */
function storage(): Storage | null {
  try {
    return window.sessionStorage;
  } catch {
    return null;
  }
}

/**
 * The token this tab may use: taken from the printed URL's fragment (`#token=…`), which is then removed from the
 * address bar and this history entry, and kept for reloads in sessionStorage; null when this tab was never given one.
 */
export function takeServeToken(): string | null {
  const fragment = new URLSearchParams(window.location.hash.slice(1));
  const given = fragment.get(TOKEN_FRAGMENT_PARAM);
  if (given !== null) {
    fragment.delete(TOKEN_FRAGMENT_PARAM);
    const rest = fragment.size ? `#${fragment.toString()}` : '';
    window.history.replaceState(window.history.state, '', `${window.location.pathname}${window.location.search}${rest}`);
    if (!TOKEN_PATTERN.test(given)) {
      forgetServeToken();
      return null;
    }
    storage()?.setItem(STORAGE_KEY, given);
    return given;
  }
  const kept = storage()?.getItem(STORAGE_KEY) ?? null;
  return kept !== null && TOKEN_PATTERN.test(kept) ? kept : null;
}

/** Forgets a token the server refused (a restarted `dlsetup serve` prints a new one), so a reload does not retry it. */
export function forgetServeToken(): void {
  storage()?.removeItem(STORAGE_KEY);
}

/**
 * The printed URL opened again in a tab already on this page changes only its fragment, which loads nothing: take the
 * token it brings and start afresh, as the navigation it looks like would.
 */
export function reloadOnNewToken(): void {
  window.addEventListener('hashchange', () => {
    if (!new URLSearchParams(window.location.hash.slice(1)).has(TOKEN_FRAGMENT_PARAM)) return;
    takeServeToken();
    window.location.reload();
  });
}
