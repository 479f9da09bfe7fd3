/** The base32 key in groups of four, as authenticator apps show it. */
export function groupKey(secret: string): string {
  return (
    secret
      .replace(/\s/g, '')
      .match(/.{1,4}/g)
      ?.join(' ') ?? ''
  );
}
