export function post(url, body) {
  return fetch(url, { method: "POST", body: JSON.stringify(body) });
}
