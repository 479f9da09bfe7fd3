import { useId, useState } from 'react';
import { Link } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { Camera, Search, UsersRound } from 'lucide-react';
import type { CameraPerson } from '@aula/contracts';
import { QueryGate } from '@/components/query-gate';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { useCameraPeople } from '../api/get-camera-people';
import { FILTER_FROM, filterPeople } from '../lib/people';
import { PersonPicture } from './person-picture';

/** spec 1, 2.2 /app/camera: the people the user may photograph, themself first, then their classes' pupils. */
export function CameraOverviewPage() {
  const { t } = useTranslation();
  const people = useCameraPeople();

  return (
    <div className="flex flex-col gap-6">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold tracking-tight">{t('pages.camera')}</h1>
        <p className="text-muted-foreground">{t('camera.overview.intro')}</p>
      </header>
      <QueryGate query={people}>{(data) => <PeopleList people={data.items} />}</QueryGate>
    </div>
  );
}

function PeopleList({ people }: { people: CameraPerson[] }) {
  const { t } = useTranslation();
  const filterId = useId();
  const [query, setQuery] = useState('');
  const shown = filterPeople(people, query);

  if (people.length === 0) {
    return (
      <p className="flex items-center gap-2 text-muted-foreground">
        <UsersRound className="size-5 shrink-0" aria-hidden="true" />
        {t('camera.overview.nobody')}
      </p>
    );
  }
  return (
    <div className="flex flex-col gap-4">
      {people.length >= FILTER_FROM ? (
        <div className="relative max-w-sm">
          <label htmlFor={filterId} className="sr-only">
            {t('camera.overview.filter')}
          </label>
          <Search
            className="pointer-events-none absolute start-3 top-1/2 size-4 -translate-y-1/2 text-muted-foreground"
            aria-hidden="true"
          />
          <Input
            id={filterId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder={t('camera.overview.filterPlaceholder')}
            className="ps-9"
            autoComplete="off"
          />
        </div>
      ) : null}
      <div role="status" className="empty:absolute">
        {query.trim() ? t('camera.overview.matches', { count: shown.length }) : null}
      </div>
      <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={t('pages.camera')}>
        {shown.map((person) => (
          <PersonCard key={person.id} person={person} />
        ))}
      </ul>
    </div>
  );
}

function PersonCard({ person }: { person: CameraPerson }) {
  const { t } = useTranslation();
  return (
    <li className="relative flex items-center gap-3 rounded-xl border bg-card p-3 text-card-foreground transition-colors has-[a:hover]:bg-accent/50">
      <PersonPicture person={person} />
      <div className="flex min-w-0 flex-1 flex-col">
        {/* the whole card opens the pictures; the link's box is stretched over it */}
        <Link
          to="/app/camera/$laraId"
          params={{ laraId: person.laraId }}
          className="font-medium break-words outline-none after:absolute after:inset-0 after:rounded-xl focus-visible:after:ring-[3px] focus-visible:after:ring-ring"
        >
          {person.name}
        </Link>
        <span className="text-sm text-muted-foreground">
          {person.self ? `${t('camera.overview.you')} · ` : ''}
          {t('camera.pictureCount', { count: person.pictureCount })}
        </span>
      </div>
      <Button asChild variant="outline" size="icon" className="relative z-10">
        <Link
          to="/app/camera/$laraId/new"
          params={{ laraId: person.laraId }}
          title={t('camera.takeOf', { name: person.name })}
        >
          <Camera aria-hidden="true" />
          <span className="sr-only">
            {t('camera.takePhoto')} {t('camera.forPerson', { name: person.name })}
          </span>
        </Link>
      </Button>
    </li>
  );
}
