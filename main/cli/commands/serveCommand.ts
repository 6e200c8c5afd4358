import type { CliCommand } from '../cliCommand.js';
import { rendererDistDir } from '../../appPaths.js';
import { startHttpServer } from '../../transport/httpServer.js';
import { createHandlers } from '../../transport/handlers.js';
import { ProgressHub } from '../../transport/progressHub.js';
import { isWildcard } from '../../transport/hostPolicy.js';
import { openBrowserPrivately } from '../openBrowser.js';
import { usageError } from '../parseArgs.js';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '::1']);

export const serveCommand: CliCommand = {
  flags: {
    port: { type: 'string', valueName: 'N', description: 'port to listen on (0 picks a free one; default 0)' },
    host: { type: 'string', valueName: 'ADDRESS', description: 'address to bind (default 127.0.0.1; anything else is reachable from the network)' },
    open: { type: 'boolean', description: 'open the default browser when a display exists' },
  },
  async run({ flags }, io) {
    const port = Number(flags.port ?? 0);
    if (!Number.isInteger(port) || port < 0 || port > 65535) throw usageError('usage.port');
    const host = String(flags.host ?? '127.0.0.1');
    if (!LOOPBACK.has(host)) {
      io.err(`Warning: binding ${host} makes the wizard reachable from other machines; anyone with the token can install software here. Prefer an SSH tunnel to 127.0.0.1.${isWildcard(host) ? ' It answers only under this machine\'s own addresses and host name.' : ''}\n`);
    }
    const progress = new ProgressHub();
    const server = await startHttpServer({ host, port, progress, handlers: createHandlers({ transport: 'http', progress }), staticDir: rendererDistDir, log: (line) => io.err(line) });
    io.out(`DL Setup is serving the wizard at:\n  ${server.url}\nKeep this URL private: it carries the access token. Press Ctrl+C to stop.\n`);
    const removeOpenPage = flags.open ? openBrowserPrivately(server.url) : null;
    if (flags.open && !removeOpenPage) io.out('No display found here; open the URL in a browser (over an SSH tunnel from your own machine).\n');
    // Once the browser has used the token, the redirect page that holds a copy of it is no longer needed.
    if (removeOpenPage) void server.firstAuthorised.then(removeOpenPage);
    try {
      await new Promise<void>((resolve) => {
        const stop = () => resolve();
        process.once('SIGINT', stop);
        process.once('SIGTERM', stop);
      });
      await server.close();
    } finally {
      removeOpenPage?.();
    }
    return 0;
  },
};
