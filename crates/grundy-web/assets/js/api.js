// The JSON API's client.

/** POSTs `body` to `path`; the answer, or an Error with the server's one-line message. */
export async function api(path, body) {
  const response = await fetch(path, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify(body),
  });
  const v = await response.json().catch(() => ({ error: `HTTP ${response.status}` }));
  if (!response.ok) throw new Error(v.error || `HTTP ${response.status}`);
  return v;
}
