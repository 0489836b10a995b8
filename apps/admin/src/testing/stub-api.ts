import { vi } from 'vitest';

export interface StubRequest {
  url: URL;
  method: string;
  /** The JSON body, parsed. */
  body: unknown;
}
type Answer = unknown | ((request: StubRequest) => Response | unknown);

export const jsonResponse = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/**
 * The fake API of admin tests. Keys are 'METHOD /path' or '/path' (any method), with the query when it
 * matters ('/api/booking?locationId=7'); a function answer gets the request and returns a Response or
 * a JSON value (or a promise of one, to hold an answer back). Unknown calls answer 404, so a test sees what it forgot to stub.
 */
export function stubApi(answers: Record<string, Answer>) {
  const calls: StubRequest[] = [];
  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(String(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : undefined;
    const request = { url, method, body };
    calls.push(request);
    const path = url.pathname;
    const answer =
      answers[`${method} ${path}${url.search}`] ?? answers[`${method} ${path}`] ?? answers[`${path}${url.search}`] ?? answers[path];
    if (answer === undefined) return jsonResponse(404, { msg: `no stub for ${method} ${path}`, code: 'NOT_FOUND' });
    const value: unknown = typeof answer === 'function' ? await (answer as (r: StubRequest) => unknown)(request) : answer;
    return value instanceof Response ? value : jsonResponse(200, value);
  });
  vi.stubGlobal('fetch', fetchMock);
  return {
    fetchMock,
    calls,
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.url.pathname === path),
  };
}

/**
 * What jsdom lacks and Designsystemet uses: showModal/close for Dialog to open and close, and
 * document.getAnimations for the Spinner that a slow answer shows.
 */
export function installBrowserPolyfills(): void {
  if (!('getAnimations' in document)) Object.assign(document, { getAnimations: () => [] });
  const proto = HTMLDialogElement.prototype as HTMLDialogElement & { showModal: () => void; show: () => void; close: () => void };
  proto.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  proto.show = proto.showModal;
  proto.close = function close(this: HTMLDialogElement) {
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
}
