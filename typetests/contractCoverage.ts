// Compile-time proof (docs/design.md §3) that the preload bridge, the HTTP/WebSocket client and the handler table
// each cover exactly the contract's channels: a missing or extra channel fails `npm run typecheck`.
import type { Channel, DlsetupApi, HandlerTable } from '../shared/ipc/contract.js';
import type { createPreloadBridge } from '../main/electron/preloadBridge.js';
import type { createHttpApi } from '../renderer/api/httpApi.js';
import type { createHandlers } from '../main/transport/handlers.js';

type Equal<A, B> = (<T>() => T extends A ? 1 : 2) extends <T>() => T extends B ? 1 : 2 ? true : false;
type Assert<T extends true> = T;

type PreloadBridge = ReturnType<typeof createPreloadBridge>;
type HttpClient = ReturnType<typeof createHttpApi>;
type Handlers = ReturnType<typeof createHandlers>;

export type PreloadCoversContract = Assert<Equal<Exclude<keyof PreloadBridge, 'onProgress'>, Channel>>;
export type HttpClientCoversContract = Assert<Equal<Exclude<keyof HttpClient, 'onProgress'>, Channel>>;
export type HandlersCoverContract = Assert<Equal<keyof Handlers, Channel>>;
export type PreloadIsAnApi = Assert<PreloadBridge extends DlsetupApi ? true : false>;
export type HttpClientIsAnApi = Assert<HttpClient extends DlsetupApi ? true : false>;
export type HandlersAreATable = Assert<Handlers extends HandlerTable ? true : false>;
