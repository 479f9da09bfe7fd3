import { useState } from 'react';
import type { CameraPerson } from '@aula/contracts';
import { cn } from '@/lib/utils';
import { pictureUrl } from '../api/picture-url';
import { nameInitials } from '../lib/people';

/** A person's newest picture as a small square (its thumbnail), or their initials when there is none. */
export function PersonPicture({
  person,
  className,
}: {
  person: Pick<CameraPerson, 'name' | 'latestPictureId'>;
  className?: string;
}) {
  const [failed, setFailed] = useState<number | null>(null);
  const id = person.latestPictureId;
  const box = cn(
    'flex size-16 shrink-0 items-center justify-center overflow-hidden rounded-lg bg-muted',
    className,
  );
  if (id !== null && failed !== id) {
    return (
      <img
        src={pictureUrl(id, 'thumb')}
        alt={person.name}
        loading="lazy"
        decoding="async"
        onError={() => setFailed(id)}
        className={cn(box, 'object-cover')}
      />
    );
  }
  return (
    <span className={cn(box, 'text-lg font-semibold text-muted-foreground')} aria-hidden="true">
      {nameInitials(person.name)}
    </span>
  );
}
