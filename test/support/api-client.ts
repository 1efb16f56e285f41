import type { RequestListener } from 'node:http'
import { inject } from 'light-my-request'

export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  /** The body as sent, for checks on raw text. */
  text: string
  /** The body's bytes, for downloads (PDFs). */
  bytes: Uint8Array
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD'

interface RequestInit {
  /** Strings and bytes are sent as they are, anything else as JSON. */
  body?: unknown
  headers?: Record<string, string>
}

/**
 * Where requests go: the base URL of a listening host (sent with fetch), or a Node request
 * handler such as `app.callback()` that answers them in process, without a socket.
 */
export type ApiTarget = string | RequestListener

export interface ApiClient {
  get(path: string, headers?: Record<string, string>): Promise<ApiResponse>
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>
  put(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>
  delete(path: string, headers?: Record<string, string>): Promise<ApiResponse>
  /** Full control: `body` strings are sent as they are. */
  request(method: Method, path: string, init?: RequestInit): Promise<ApiResponse>
}

/** Requests to `/api/v1` of `target`, with the key as Bearer token when given. */
export function apiClient(target: ApiTarget, key?: string): ApiClient {
  const request = (method: Method, path: string, { body, headers = {} }: RequestInit = {}) =>
    sendRequest(target, method, `/api/v1${path}`, { body, headers: { ...(key ? { authorization: `Bearer ${key}` } : {}), ...headers } })
  return {
    get: (path, headers) => request('GET', path, { headers }),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    put: (path, body, headers) => request('PUT', path, { body, headers }),
    delete: (path, headers) => request('DELETE', path, { headers }),
    request,
  }
}

/** One request to any path of `target` (also outside `/api/v1`), with nothing added but a JSON content type. */
export async function sendRequest(target: ApiTarget, method: Method, path: string, { body, headers = {} }: RequestInit = {}): Promise<ApiResponse> {
  const raw = body === undefined || typeof body === 'string' || body instanceof Uint8Array
  const payload = raw ? body as string | Uint8Array | undefined : JSON.stringify(body)
  const sent = { ...(!raw ? { 'content-type': 'application/json' } : {}), ...headers }
  const { status, headers: received, bytes } = typeof target === 'string'
    ? await overHttp(target, method, path, sent, payload)
    : await inProcess(target, method, path, sent, payload)
  const text = new TextDecoder().decode(bytes)
  const isJson = received.get('content-type')?.includes('json')
  return { status, headers: received, body: isJson && text ? JSON.parse(text) : text, text, bytes }
}

type Sent = { status: number; headers: Headers; bytes: Uint8Array }

async function overHttp(baseUrl: string, method: Method, path: string, headers: Record<string, string>, payload: string | Uint8Array | undefined): Promise<Sent> {
  const response = await fetch(`${baseUrl}${path}`, { method, headers, ...(payload !== undefined ? { body: payload } : {}) })
  return { status: response.status, headers: response.headers, bytes: new Uint8Array(await response.arrayBuffer()) }
}

/**
 * Hands the request to the handler with light-my-request (fake request and response objects,
 * no socket). The headers fetch would add on its own are added here too, so a handler sees
 * the same request either way: a string body without a content type goes as text/plain, and
 * an empty body, or none on a POST or PUT, says `content-length: 0`.
 */
async function inProcess(handler: RequestListener, method: Method, path: string, headers: Record<string, string>, payload: string | Uint8Array | undefined): Promise<Sent> {
  const names = new Set(Object.keys(headers).map((name) => name.toLowerCase()))
  const defaults: Record<string, string> = {}
  if (payload !== undefined && !names.has('content-type')) defaults['content-type'] = 'text/plain;charset=UTF-8'
  if (payload === '' || payload?.length === 0 || (payload === undefined && (method === 'POST' || method === 'PUT'))) defaults['content-length'] = '0'
  const response = await inject(handler, { method, url: path, headers: { ...defaults, ...headers }, ...(payload !== undefined ? { payload: typeof payload === 'string' ? payload : Buffer.from(payload) } : {}) })
  const received = new Headers()
  for (const [name, value] of Object.entries(response.headers)) {
    for (const each of Array.isArray(value) ? value : [value]) if (each !== undefined) received.append(name, String(each))
  }
  return { status: response.statusCode, headers: received, bytes: new Uint8Array(response.rawPayload) }
}
