export interface ApiResponse<T = any> {
  status: number
  headers: Headers
  body: T
  /** The body as sent, for checks on raw text. */
  text: string
}

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH' | 'OPTIONS' | 'HEAD'

export interface ApiClient {
  get(path: string, headers?: Record<string, string>): Promise<ApiResponse>
  post(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>
  put(path: string, body?: unknown, headers?: Record<string, string>): Promise<ApiResponse>
  delete(path: string, headers?: Record<string, string>): Promise<ApiResponse>
  /** Full control: `body` strings are sent as they are. */
  request(method: Method, path: string, init?: { body?: unknown; headers?: Record<string, string> }): Promise<ApiResponse>
}

/** fetch against `${baseUrl}/api/v1`, with the key as Bearer token when given. */
export function apiClient(baseUrl: string, key?: string): ApiClient {
  async function request(method: Method, path: string, init: { body?: unknown; headers?: Record<string, string> } = {}) {
    const { body, headers = {} } = init
    const response = await fetch(`${baseUrl}/api/v1${path}`, {
      method,
      headers: {
        ...(key ? { authorization: `Bearer ${key}` } : {}),
        ...(body !== undefined && typeof body !== 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body !== undefined ? { body: typeof body === 'string' ? body : JSON.stringify(body) } : {}),
    })
    const text = await response.text()
    const isJson = response.headers.get('content-type')?.includes('json')
    return { status: response.status, headers: response.headers, body: isJson && text ? JSON.parse(text) : text, text }
  }
  return {
    get: (path, headers) => request('GET', path, { headers }),
    post: (path, body, headers) => request('POST', path, { body, headers }),
    put: (path, body, headers) => request('PUT', path, { body, headers }),
    delete: (path, headers) => request('DELETE', path, { headers }),
    request,
  }
}
