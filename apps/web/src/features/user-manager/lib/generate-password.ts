// no look-alike characters (0/O, 1/l/I): the teacher reads it out or writes it on paper for the pupil
const ALPHABET = 'abcdefghjkmnpqrstuvwxyz23456789';

/** A random password of three groups of five, e.g. "k7mq2-x2rta-9pwab" (about 74 bits), from the CSPRNG. */
export function generatePassword(groups = 3, size = 5): string {
  const out: string[] = [];
  const bytes = new Uint8Array(groups * size * 2);
  crypto.getRandomValues(bytes);
  let i = 0;
  for (let g = 0; g < groups; g++) {
    let part = '';
    while (part.length < size) {
      const byte = bytes[i++ % bytes.length]!;
      // rejection sampling keeps every character equally likely
      if (byte < 256 - (256 % ALPHABET.length)) part += ALPHABET[byte % ALPHABET.length];
      else crypto.getRandomValues(bytes);
    }
    out.push(part);
  }
  return out.join('-');
}
