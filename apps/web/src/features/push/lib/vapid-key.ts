/** The VAPID public key (base64url, RFC 8292) as the bytes PushManager.subscribe takes. */
export function decodeBase64Url(value: string): Uint8Array<ArrayBuffer> {
  const base64 = value
    .replace(/-/g, '+')
    .replace(/_/g, '/')
    .padEnd(Math.ceil(value.length / 4) * 4, '=');
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** Whether a subscription was made with this key: after a key rotation it must be made again (decision 073). */
export function sameKey(applicationServerKey: ArrayBuffer | null | undefined, vapidKey: string): boolean {
  if (!applicationServerKey) return false;
  const have = new Uint8Array(applicationServerKey);
  const want = decodeBase64Url(vapidKey);
  return have.length === want.length && have.every((byte, i) => byte === want[i]);
}
