import type { CameraPerson } from '@aula/contracts';

/** From this many people on, the overview offers a name filter (a class is 20 to 30). */
export const FILTER_FROM = 9;

/** Up to two letters for a card without a picture: the first and last name's first letters. */
export function nameInitials(name: string): string {
  const words = name.trim().split(/\s+/).filter(Boolean);
  const first = [...(words[0] ?? '')][0] ?? '';
  const last = words.length > 1 ? ([...words.at(-1)!][0] ?? '') : '';
  return (first + last).toLocaleUpperCase();
}

/** Lower case without accents, so "mull" finds "Müller" and "ozdemir" finds "Özdemir". */
function fold(text: string): string {
  return text.normalize('NFD').replace(/\p{M}/gu, '').toLocaleLowerCase().replace(/ß/g, 'ss');
}

/** The people whose name contains every word of the query, in their order (the user themself first). */
export function filterPeople<T extends Pick<CameraPerson, 'name'>>(people: readonly T[], query: string): T[] {
  const words = fold(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return [...people];
  return people.filter((person) => {
    const name = fold(person.name);
    return words.every((word) => name.includes(word));
  });
}
